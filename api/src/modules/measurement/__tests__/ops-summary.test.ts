import { ApiErrorBody, CONSENT_CODE, STEP_NAMES } from '@join/shared/contract';
import { OpsSummary } from '@join/shared/measurement-contract';
import { connectSqliteRepositories } from '../../../database';
import { form, startPerTest, type TestApp, type Visitor } from '../../../testing/harness';
import { OPS_FAILURES } from '../deps';

const TOKEN = 'ops-test-token-0123456789abcdef-0123456789';
const DAY = 86_400_000;

describe('GET /ops/summary.json: the operations summary (issue 28)', () => {
  let t: TestApp;
  let v: Visitor;
  const start = startPerTest((app, visitor) => void ([t, v] = [app, visitor]));

  const summary = (query = 'from=2026-01-15&to=2026-01-15', authorization: string | null = `Bearer ${TOKEN}`, remoteAddress?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/ops/summary.json?${query}`,
      headers: authorization === null ? {} : { authorization },
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const errorOf = (res: { statusCode: number; json(): unknown }) => ({ status: res.statusCode, ...ApiErrorBody.parse(res.json()) });

  /** A visitor who said yes to analytics walks `steps` (one batch), with vitals and pop-ups. */
  async function walk(steps: string[], entries: unknown[] = [], visitor?: Visitor) {
    const who = visitor ?? (await t.login());
    const consent = await t.app.inject({ method: 'POST', url: '/api/consent.json', ...form(who.headers, { code: CONSENT_CODE, version: 1, analytics: 'true', marketing: 'false' }) });
    expect(consent.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/collect',
      headers: { ...who.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ entries: [...steps.map((step) => ({ type: 'step_view', step })), ...entries] }),
    });
    expect(res.statusCode).toBe(204);
    return who;
  }
  const lcp = (step: string, value: number) => ({ type: 'vital', step, metric: 'LCP', value, rating: 'good', navigationType: 'navigate', attribution: {} });

  describe('the operator credential', () => {
    it('without JOIN_OPS_TOKEN: 404 ops_not_configured, whatever is sent', async () => {
      await start();
      for (const auth of [null, `Bearer ${TOKEN}`]) expect(errorOf(await summary(undefined, auth))).toMatchObject({ status: 404, code: 'ops_not_configured' });
    });

    it('a missing, malformed or wrong credential: 401 with WWW-Authenticate, and no figures; a visitor’s session is no credential', async () => {
      await start({ opsToken: TOKEN });
      for (const auth of [null, TOKEN, `Basic ${TOKEN}`, 'Bearer ', `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `bearer${TOKEN}`]) {
        const res = await summary(undefined, auth);
        expect(errorOf(res)).toMatchObject({ status: 401, code: 'ops_credential' });
        expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      }
      const asVisitor = await t.app.inject({ method: 'GET', url: '/api/ops/summary.json?from=2026-01-15&to=2026-01-15', headers: v.headers });
      expect(errorOf(asVisitor)).toMatchObject({ status: 401, code: 'ops_credential' });
      expect((await summary()).statusCode).toBe(200);
    });

    it('checks the credential before the query: a stranger learns nothing of the input rules', async () => {
      await start({ opsToken: TOKEN, opsFailures: { max: 100 } });
      expect(errorOf(await summary('from=nonsense', null))).toMatchObject({ status: 401 });
      expect(errorOf(await summary('from=nonsense'))).toMatchObject({ status: 400, code: 'bad_request', field: 'query.from' });
    });

    it(`past ${OPS_FAILURES.max} wrong credentials in ${OPS_FAILURES.windowMs / 60_000} minutes an address waits (the right one too); another address does not; then it may try again`, async () => {
      await start({ opsToken: TOKEN });
      for (let i = 0; i < OPS_FAILURES.max; i += 1) expect((await summary(undefined, 'Bearer wrong-token')).statusCode).toBe(401);
      const locked = await summary();
      expect(errorOf(locked)).toMatchObject({ status: 429, code: 'rate_limited' });
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await summary(undefined, undefined, '203.0.113.7')).statusCode).toBe(200);
      t.clock.advance(OPS_FAILURES.windowMs);
      expect((await summary()).statusCode).toBe(200);
    });
  });

  describe('the query', () => {
    beforeEach(() => start({ opsToken: TOKEN }));

    it.each([
      ['no range', '', 'query.from'],
      ['a day not written YYYY-MM-DD', 'from=15-01-2026&to=2026-01-15', 'query.from'],
      ['a range that ends before it starts', 'from=2026-01-15&to=2026-01-14', 'query.to'],
      ['more than 90 days', 'from=2025-10-01&to=2026-01-15', 'query.from'],
      ['an unknown field', 'from=2026-01-15&to=2026-01-15&step=plan', 'query.step'],
    ])('%s: 400', async (_what, query, field) => {
      expect(errorOf(await summary(query))).toMatchObject({ status: 400, code: 'bad_request', field });
    });
  });

  describe('the figures', () => {
    beforeEach(() => start({ opsToken: TOKEN, rateLimit: { collectMax: 1000, consentMax: 1000 } }));

    it('an empty range: every step in flow order with no visitors, no vitals, no pop-ups', async () => {
      const res = await summary();
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(OpsSummary.parse(res.json())).toEqual({ from: '2026-01-15', to: '2026-01-15', funnel: STEP_NAMES.map((step) => ({ step, visitors: 0 })), vitals: [], errors: [] });
    });

    it('the funnel: distinct visitors per step and day, in flow order, the drop between steps visible', async () => {
      const first = await walk(['plan', 'number', 'account']);
      await walk(['plan', 'number']);
      await walk(['plan']);
      await walk(['plan'], [], first); // the same visitor again: still one
      const { funnel } = OpsSummary.parse((await summary()).json());
      expect(funnel.map((f) => f.step)).toEqual([...STEP_NAMES]);
      expect(funnel.slice(0, 4)).toEqual([
        { step: 'plan', visitors: 3 },
        { step: 'number', visitors: 2 },
        { step: 'account', visitors: 1 },
        { step: 'location_check', visitors: 0 },
      ]);
    });

    it('p75 by nearest rank per step and metric, in flow order; only where there are samples', async () => {
      // plan LCP: 1..8 s, p75 = the 6th of 8 = 6000; number LCP: one sample; plan CLS: 0.01, 0.3, 0.02 -> the 3rd of 3 = 0.3.
      await walk(['plan'], [1, 2, 3, 4, 5, 6, 7, 8].map((s) => lcp('plan', s * 1000)));
      await walk(['number'], [lcp('number', 2500)]);
      await walk([], [0.01, 0.3, 0.02].map((value) => ({ type: 'vital', step: 'plan', metric: 'CLS', value, rating: 'good', navigationType: 'navigate', attribution: {} })));
      await walk([], [{ type: 'vital', step: 'plan', metric: 'INP', value: 120, rating: 'good', navigationType: 'soft-navigation', attribution: { interactionType: 'pointer' } }]);
      const { vitals } = OpsSummary.parse((await summary()).json());
      expect(vitals).toEqual([
        { step: 'plan', metric: 'LCP', p75: 6000, samples: 8 },
        { step: 'plan', metric: 'INP', p75: 120, samples: 1 },
        { step: 'plan', metric: 'CLS', p75: 0.3, samples: 3 },
        { step: 'number', metric: 'LCP', p75: 2500, samples: 1 },
      ]);
    });

    it('pop-ups per code, most frequent first', async () => {
      const err = (code: string) => ({ type: 'error_shown', code });
      await walk([], [err('captcha_error'), err('-2015'), err('-2015'), err('error_general')]);
      await walk([], [err('-2015'), err('captcha_error')]);
      const { errors } = OpsSummary.parse((await summary()).json());
      expect(errors).toEqual([
        { code: '-2015', count: 3 },
        { code: 'captcha_error', count: 2 },
        { code: 'error_general', count: 1 },
      ]);
    });

    it('counts only the days asked for (UTC days, both ends included)', async () => {
      await walk(['plan'], [lcp('plan', 1000)]);
      t.clock.advance(DAY);
      await walk(['plan', 'number'], [lcp('plan', 3000)]);
      t.clock.advance(DAY);
      await walk(['plan']);
      const only = async (query: string) => OpsSummary.parse((await summary(query)).json());
      const middle = await only('from=2026-01-16&to=2026-01-16');
      expect(middle.funnel.slice(0, 2)).toEqual([{ step: 'plan', visitors: 1 }, { step: 'number', visitors: 1 }]);
      expect(middle.vitals).toEqual([{ step: 'plan', metric: 'LCP', p75: 3000, samples: 1 }]);
      const all = await only('from=2026-01-15&to=2026-01-17');
      expect(all.funnel[0]).toEqual({ step: 'plan', visitors: 3 });
      expect(all.vitals).toEqual([{ step: 'plan', metric: 'LCP', p75: 3000, samples: 2 }]);
    });

    it('the retention sweep drops whole days once they are past 90 days, and nothing newer', async () => {
      await walk(['plan'], [lcp('plan', 1000), { type: 'error_shown', code: '-2015' }]);
      t.clock.advance(DAY);
      await walk(['number'], [lcp('number', 2000)]);
      const sweep = async (at: number) => {
        const repos = connectSqliteRepositories(t.dbFile);
        try {
          const { retentionCutoffs } = await import('../../flow');
          return (await repos.applyRetention(retentionCutoffs(at))).measurements;
        } finally {
          await repos.close();
        }
      };
      const jan15 = Date.UTC(2026, 0, 15, 10);
      // 90 days after 15 January 10:00 is in 15 April... the 15th is not wholly past 90 days until the 16 April.
      expect(await sweep(jan15 + 90 * DAY)).toBe(0);
      expect(await sweep(Date.UTC(2026, 3, 15, 23, 59))).toBe(0);
      expect(await sweep(Date.UTC(2026, 3, 16, 0, 0))).toBe(3);
      const left = OpsSummary.parse((await summary('from=2026-01-15&to=2026-01-16')).json());
      expect(left.funnel.slice(0, 2)).toEqual([{ step: 'plan', visitors: 0 }, { step: 'number', visitors: 1 }]);
      expect(left.errors).toEqual([]);
      expect(await sweep(Date.UTC(2026, 3, 17, 0, 0))).toBe(2);
    });
  });
});
