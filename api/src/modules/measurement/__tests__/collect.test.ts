import Database from 'better-sqlite3';
import { ApiErrorBody, CONSENT_CODE } from '@join/shared/contract';
import { BEACON_MAX_ENTRIES, type BeaconEntry } from '@join/shared/measurement-contract';
import { hashToken } from '../../../platform/sessions/tokens';
import { clientHeaders, form, startPerTest, type TestApp, type Visitor } from '../../../testing/harness';
import { DEFAULTS, type AppOptions } from '../../../app';

const NOW = Date.UTC(2026, 0, 15, 10, 0, 0);
const DAY = 86_400_000;

const view = (step: string): BeaconEntry => ({ type: 'step_view', step } as BeaconEntry);
const vital = (over: Partial<Record<string, unknown>> = {}) => ({
  type: 'vital',
  step: 'plan',
  metric: 'LCP',
  value: 1200,
  rating: 'good',
  navigationType: 'navigate',
  attribution: { target: 'main>div.plan-card>h2' },
  ...over,
});

describe('POST /collect: the page’s beacons (issue 28)', () => {
  let t: TestApp;
  let v: Visitor;
  const start = startPerTest((app, visitor) => void ([t, v] = [app, visitor]));

  const send = (payload: unknown, visitor: Visitor = v, extra: { remoteAddress?: string; raw?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/collect',
      headers: { ...visitor.headers, 'content-type': 'application/json' },
      payload: extra.raw ?? JSON.stringify(payload),
      ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
    });
  const consent = async (analytics: boolean, visitor: Visitor = v) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/consent.json',
      ...form(visitor.headers, { code: CONSENT_CODE, version: 1, analytics: String(analytics), marketing: 'false' }),
    });
    expect(res.statusCode).toBe(200);
  };
  const errorOf = (res: { statusCode: number; json(): unknown }) => ({ status: res.statusCode, ...ApiErrorBody.parse(res.json()) });
  /** Everything the collector's tables hold, read from the database the server wrote. */
  const stored = () => {
    const db = new Database(t.dbFile, { readonly: true });
    try {
      return {
        views: db.prepare('SELECT day, step, hex(visitor) AS visitor FROM measurement_step_views ORDER BY day, step').all() as { day: string; step: string; visitor: string }[],
        vitals: db.prepare('SELECT * FROM measurement_vitals ORDER BY rowid').all(),
        errors: db.prepare('SELECT * FROM measurement_errors ORDER BY day, code').all(),
      };
    } finally {
      db.close();
    }
  };
  const nothingStored = () => expect(stored()).toEqual({ views: [], vitals: [], errors: [] });

  describe('consent before anything is stored', () => {
    beforeEach(() => start());

    it('stores nothing before the visitor has chosen, and answers 204 all the same', async () => {
      const res = await send({ entries: [view('plan'), vital()] });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      nothingStored();
    });

    it('stores nothing after "Necessary only", nor after a yes is withdrawn', async () => {
      await consent(false);
      expect((await send({ entries: [view('plan')] })).statusCode).toBe(204);
      nothingStored();
      await consent(true);
      expect((await send({ entries: [view('plan')] })).statusCode).toBe(204);
      expect(stored().views).toHaveLength(1);
      await consent(false);
      expect((await send({ entries: [view('number')] })).statusCode).toBe(204);
      expect(stored().views.map((r) => r.step)).toEqual(['plan']);
    });

    it('with analytics consent: the day, the step, a 16-byte key (never the device id), the vital’s value only, pop-ups as counts', async () => {
      await consent(true);
      const res = await send({
        entries: [view('plan'), vital(), vital({ metric: 'CLS', value: 0.05, attribution: {} }), { type: 'error_shown', code: '-2015' }, { type: 'error_shown', code: '-2015' }, { type: 'error_shown', code: 'captcha_error' }],
      });
      expect(res.statusCode).toBe(204);
      const s = stored();
      expect(s.views).toEqual([{ day: '2026-01-15', step: 'plan', visitor: expect.stringMatching(/^[0-9A-F]{32}$/) }]);
      expect(s.vitals).toEqual([
        { day: '2026-01-15', step: 'plan', metric: 'LCP', value: 1200 },
        { day: '2026-01-15', step: 'plan', metric: 'CLS', value: 0.05 },
      ]);
      expect(s.errors).toEqual([
        { day: '2026-01-15', code: '-2015', shown: 2 },
        { day: '2026-01-15', code: 'captcha_error', shown: 1 },
      ]);
      // Nothing of the visitor anywhere in the collector's rows.
      const text = JSON.stringify(s);
      for (const own of [v.uid, v.deviceId, v.sessionId, Buffer.from(v.deviceId).toString('hex').toUpperCase()]) expect(text).not.toContain(own);
    });

    it('counts a visitor once per step and day; the next day, with a new salt, the key cannot be matched to the day before', async () => {
      await consent(true);
      await send({ entries: [view('plan'), view('plan'), view('number')] });
      await send({ entries: [view('plan')] });
      const other = await t.login();
      await consent(true, other);
      await send({ entries: [view('plan')] }, other);
      let views = stored().views;
      expect(views.filter((r) => r.step === 'plan')).toHaveLength(2);
      expect(views.filter((r) => r.step === 'number')).toHaveLength(1);
      const todayKey = views.find((r) => r.step === 'number')?.visitor;

      // The same device the next day (a new session: the day's has ended).
      t.clock.advance(DAY);
      const again = await t.login(v.deviceId);
      expect((await send({ entries: [view('number')] }, again)).statusCode).toBe(204);
      views = stored().views;
      const tomorrow = views.filter((r) => r.day === '2026-01-16');
      expect(tomorrow).toHaveLength(1);
      expect(tomorrow[0]?.visitor).not.toBe(todayKey);
    });

    it('asks again once new texts are published: a yes to the old ones measures nothing', async () => {
      await consent(true);
      const { connectSqliteRepositories } = await import('../../../database');
      const repos = connectSqliteRepositories(t.dbFile);
      try {
        const en = await repos.currentConsentTexts(CONSENT_CODE, 'en');
        const ar = await repos.currentConsentTexts(CONSENT_CODE, 'ar');
        if (!en || !ar) throw new Error('no texts');
        await repos.publishConsentVersion({ code: CONSENT_CODE, version: 2, publishedAt: NOW, texts: { en, ar } });
      } finally {
        await repos.close();
      }
      expect((await send({ entries: [view('plan')] })).statusCode).toBe(204);
      nothingStored();
    });

    it('keeps one visitor from flooding: past the day’s limits their vitals and pop-ups are dropped, their steps still count once', async () => {
      await start({ rateLimit: { collectPerDeviceMax: 1000, collectMax: 1000 } });
      await consent(true);
      for (let i = 0; i < 11; i += 1) expect((await send({ entries: Array.from({ length: 20 }, () => vital()) })).statusCode).toBe(204);
      for (let i = 0; i < 6; i += 1) expect((await send({ entries: Array.from({ length: 20 }, () => ({ type: 'error_shown', code: '-2015' })) })).statusCode).toBe(204);
      const s = stored();
      expect(s.vitals).toHaveLength(200);
      expect(s.errors).toEqual([{ day: '2026-01-15', code: '-2015', shown: 100 }]);
    });
  });

  describe('a shop device (retail)', () => {
    it('stores nothing for a retail customer session, even with a yes recorded for the visitor', async () => {
      let retailToken = '';
      await start({
        retailSessions: {
          sessionOf: async (tokenHash) => (tokenHash === hashToken(retailToken) ? { shopId: 'shop-1', deviceId: 'shop-device', staffId: 'staff-1', terminalId: 'term-1' } : null),
        },
      } satisfies Partial<AppOptions>);
      await consent(true);
      retailToken = v.sessionId;
      expect((await send({ entries: [view('plan'), vital()] })).statusCode).toBe(204);
      nothingStored();
    });
  });

  describe('bad input: 400 (413 for a body too large), nothing stored', () => {
    beforeEach(async () => {
      await start({ rateLimit: { collectPerDeviceMax: 1000, collectMax: 1000 } });
      await consent(true);
    });

    it.each([
      ['no entries', {}, 'body.entries'],
      ['an empty batch', { entries: [] }, 'body.entries'],
      ['entries not a list', { entries: 'plan' }, 'body.entries'],
      ['an unknown field beside the entries', { entries: [view('plan')], uid: 'x' }, 'body.uid'],
      ['an unknown step', { entries: [{ type: 'step_view', step: 'checkout' }] }, 'body.entries.0'],
      ['an unknown type', { entries: [{ type: 'page_view', step: 'plan' }] }, 'body.entries.0'],
      ['an unknown metric', { entries: [vital({ metric: 'FID' })] }, 'body.entries.0'],
      ['a value as text', { entries: [vital({ value: '1200' })] }, 'body.entries.0'],
      ['a negative value', { entries: [vital({ value: -1 })] }, 'body.entries.0.value'],
      ['a CLS out of range', { entries: [vital({ metric: 'CLS', value: 101 })] }, 'body.entries.0.value'],
      ['an unknown rating', { entries: [vital({ rating: 'great' })] }, 'body.entries.0'],
      ['an extra field on an entry (a URL)', { entries: [{ ...view('plan'), url: 'https://x.example/?email=a@b.c' }] }, 'body.entries.0.url'],
      ['an id in the selector', { entries: [vital({ attribution: { target: '#card-4242>span' } })] }, 'body.entries.0.attribution.target'],
      ['an attribute in the selector', { entries: [vital({ attribution: { target: 'input[value="amira@example.com"]' } })] }, 'body.entries.0.attribution.target'],
      ['a selector too long', { entries: [vital({ attribution: { target: 'div.'.repeat(30) } })] }, 'body.entries.0.attribution.target'],
      ['unknown attribution fields (an element’s text)', { entries: [vital({ attribution: { text: 'Amira Haddad' } })] }, 'body.entries.0.attribution.text'],
      ['a pop-up code that is free text', { entries: [{ type: 'error_shown', code: 'Amira Haddad' }] }, 'body.entries.0.code'],
    ])('%s', async (_what, body, field) => {
      const error = errorOf(await send(body));
      expect(error).toMatchObject({ status: 400, code: 'bad_request' });
      expect(error.field).toBe(field);
      nothingStored();
    });

    it('a pop-up code the catalogue does not know: 400 naming the entry', async () => {
      expect(errorOf(await send({ entries: [view('plan'), { type: 'error_shown', code: 'made_up_code' }] }))).toMatchObject({ status: 400, field: 'body.entries.1.code' });
      expect(errorOf(await send({ entries: [{ type: 'error_shown', code: '-999999' }] }))).toMatchObject({ status: 400, field: 'body.entries.0.code' });
      nothingStored();
    });

    it(`more than ${BEACON_MAX_ENTRIES} entries`, async () => {
      const error = errorOf(await send({ entries: Array.from({ length: BEACON_MAX_ENTRIES + 1 }, () => view('plan')) }));
      expect(error).toMatchObject({ status: 400, field: 'body.entries' });
      expect((await send({ entries: Array.from({ length: BEACON_MAX_ENTRIES }, () => view('plan')) })).statusCode).toBe(204);
      expect(stored().views).toHaveLength(1);
    });

    it('a body over 16 KiB: 413, before anything is read', async () => {
      const res = await send(null, v, { raw: JSON.stringify({ entries: [view('plan')], pad: 'x'.repeat(16 * 1024) }) });
      expect(errorOf(res)).toMatchObject({ status: 413, code: 'bad_request', field: 'body' });
      nothingStored();
    });

    it('not JSON, or a form body', async () => {
      expect(errorOf(await send(null, v, { raw: '{"entries": [' }))).toMatchObject({ status: 400, field: 'body' });
      const asForm = await t.app.inject({ method: 'POST', url: '/api/collect', ...form(v.headers, { entries: 'plan' }) });
      expect(errorOf(asForm)).toMatchObject({ status: 400, code: 'bad_request' });
      nothingStored();
    });

    it('no session, or another device’s: -27', async () => {
      expect(errorOf(await send({ entries: [view('plan')] }, { ...v, headers: clientHeaders(v.deviceId) }))).toMatchObject({ status: 401, code: -27 });
      expect(errorOf(await send({ entries: [view('plan')] }, { ...v, headers: clientHeaders('dev-another', v.sessionId) }))).toMatchObject({ status: 401, code: -27 });
      nothingStored();
    });
  });

  describe('rate limits', () => {
    it('per device: past the budget 429 with Retry-After (every call counts, stored or not); another device on the address goes on', async () => {
      await start({ rateLimit: { collectPerDeviceMax: 3, collectMax: 100 } });
      await consent(true);
      expect((await send({ entries: [view('plan')] })).statusCode).toBe(204);
      expect((await send({ entries: [] })).statusCode).toBe(400);
      expect((await send({ entries: [view('number')] })).statusCode).toBe(204);
      const over = await send({ entries: [view('account')] });
      expect(errorOf(over)).toMatchObject({ status: 429, code: 'rate_limited' });
      expect(over.headers['retry-after']).toBeDefined();
      const neighbour = await t.login();
      expect((await send({ entries: [view('plan')] }, neighbour)).statusCode).toBe(204);
      expect(stored().views.map((r) => r.step).sort()).toEqual(['number', 'plan']);
    });

    it('per address: devices behind one address share it; another address is apart', async () => {
      await start({ rateLimit: { collectPerDeviceMax: 100, collectMax: 2 } });
      const others = [await t.login(), await t.login()];
      expect((await send({ entries: [view('plan')] })).statusCode).toBe(204);
      expect((await send({ entries: [view('plan')] }, others[0])).statusCode).toBe(204);
      expect(errorOf(await send({ entries: [view('plan')] }, others[1]))).toMatchObject({ status: 429, code: 'rate_limited' });
      expect((await send({ entries: [view('plan')] }, others[1], { remoteAddress: '203.0.113.9' })).statusCode).toBe(204);
    });

    it('defaults: 300 a minute per address, 30 per device', () => {
      expect(DEFAULTS.rateLimit).toMatchObject({ collectMax: 300, collectPerDeviceMax: 30 });
    });
  });
});
