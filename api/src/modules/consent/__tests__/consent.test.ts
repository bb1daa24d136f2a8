import Database from 'better-sqlite3';
import { ApiErrorBody, CONSENT_CODE, ConsentChoiceResponse, ConsentResponse, EN_TRANSLATIONS, TranslationsResponse } from '@join/shared/contract';
import { AR_TRANSLATIONS } from '@join/shared/texts-ar';
import { connectSqliteRepositories } from '../../../database';
import { hashToken } from '../../../platform/sessions/tokens';
import { clientHeaders, form, startPerTest, type TestApp, type Visitor } from '../../../testing/harness';
import { DEFAULTS, type AppOptions } from '../../../app';

const NOW = Date.UTC(2026, 0, 15, 10, 0, 0);
const LATIN = /[A-Za-z]/;

describe('GET and POST /consent.json (issue 28; SPEC 7)', () => {
  let t: TestApp;
  let v: Visitor;
  const start = startPerTest((app, visitor) => void ([t, v] = [app, visitor]));

  const read = (visitor: Visitor = v, language: 'en' | 'ar' = 'en', query = `code=${CONSENT_CODE}`) =>
    t.app.inject({ method: 'GET', url: `/api/consent.json?${query}`, headers: { ...visitor.headers, language } });
  const texts = async (visitor: Visitor = v, language: 'en' | 'ar' = 'en') => {
    const res = await read(visitor, language);
    expect(res.statusCode).toBe(200);
    return ConsentResponse.parse(res.json());
  };
  const choose = (body: Record<string, string | number>, visitor: Visitor = v, extra: { remoteAddress?: string } = {}) =>
    t.app.inject({ method: 'POST', url: '/api/consent.json', ...form(visitor.headers, body), ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}) });
  const valid = (analytics: boolean, marketing: boolean, version = 1) => ({ code: CONSENT_CODE, version, analytics: String(analytics), marketing: String(marketing) });
  const errorOf = (res: { statusCode: number; json(): unknown }) => ({ status: res.statusCode, ...ApiErrorBody.parse(res.json()) });
  /** Every stored choice, read from the database the server wrote (what is kept as proof, the device included). */
  const rows = () => {
    const db = new Database(t.dbFile, { readonly: true });
    try {
      return db.prepare('SELECT uid, device_id, code, version, analytics, marketing, created_at FROM consents ORDER BY id').all();
    } finally {
      db.close();
    }
  };
  /** An operator publishes new texts (a second connection, as a tool beside the server would). */
  const publish = async (version: number) => {
    const repos = connectSqliteRepositories(t.dbFile);
    try {
      const current = await repos.currentConsentTexts(CONSENT_CODE, 'en');
      const ar = await repos.currentConsentTexts(CONSENT_CODE, 'ar');
      if (!current || !ar) throw new Error('no texts to copy');
      await repos.publishConsentVersion({
        code: CONSENT_CODE,
        version,
        publishedAt: t.clock.now(),
        texts: { en: { ...current, title: `${current.title} (${version})` }, ar: { ...ar, title: `${ar.title} (${version})` } },
      });
    } finally {
      await repos.close();
    }
  };

  describe('the texts and the choice', () => {
    beforeEach(() => start());

    it('answers the current texts in English with their version, three purposes, necessary alone required', async () => {
      const { consent, choice } = await texts();
      expect(consent).toMatchObject({ code: CONSENT_CODE, version: 1, language: 'en', title: 'How we use your data' });
      expect(consent.purposes.map((p) => [p.id, p.required])).toEqual([
        ['necessary', true],
        ['analytics', false],
        ['marketing', false],
      ]);
      expect(consent.purposes.find((p) => p.id === 'analytics')?.description).toMatch(/never your number, e-mail, document, name or card/);
      expect(choice).toBeNull();
    });

    it('answers them in Arabic when the page is Arabic: the same version and purposes, no English left', async () => {
      const [en, ar] = [(await texts(v, 'en')).consent, (await texts(v, 'ar')).consent];
      expect(ar).toMatchObject({ code: CONSENT_CODE, version: en.version, language: 'ar' });
      expect(ar.purposes.map((p) => [p.id, p.required])).toEqual(en.purposes.map((p) => [p.id, p.required]));
      const words = [ar.title, ar.summary, ...ar.purposes.flatMap((p) => [p.title, p.description])];
      expect(words.filter((w) => LATIN.test(w))).toEqual([]);
    });

    it('answers no choice before one, the choice after it (with the server’s time), and none again once new texts are published', async () => {
      expect((await texts()).choice).toBeNull();
      const res = await choose(valid(true, false));
      expect(res.statusCode).toBe(200);
      const { choice } = ConsentChoiceResponse.parse(res.json());
      expect(choice).toEqual({ version: 1, analytics: true, marketing: false, recorded_at: NOW });
      expect((await texts()).choice).toEqual(choice);
      expect((await texts(v, 'ar')).choice).toEqual(choice);
      expect(rows()).toEqual([{ uid: v.uid, device_id: v.deviceId, code: CONSENT_CODE, version: 1, analytics: 1, marketing: 0, created_at: NOW }]);

      await publish(2);
      const after = await texts();
      expect(after.consent).toMatchObject({ version: 2, title: 'How we use your data (2)' });
      expect(after.choice).toBeNull();
      // The old answer is kept as proof; the old version can no longer be answered.
      expect(errorOf(await choose(valid(true, true, 1)))).toMatchObject({ status: 400, code: 'bad_request', field: 'body.version' });
      expect((await choose(valid(false, true, 2))).statusCode).toBe(200);
      expect((await texts()).choice).toMatchObject({ version: 2, analytics: false, marketing: true });
      expect(rows()).toHaveLength(2);
    });

    it('keeps every choice: two choices are two rows, the latest wins (a withdrawal is as easy as the consent)', async () => {
      t.clock.advance(1000);
      expect((await choose(valid(true, true))).statusCode).toBe(200);
      t.clock.advance(1000);
      expect((await choose(valid(false, false))).statusCode).toBe(200);
      expect((await texts()).choice).toEqual({ version: 1, analytics: false, marketing: false, recorded_at: NOW + 2000 });
      expect(rows()).toEqual([
        expect.objectContaining({ analytics: 1, marketing: 1, created_at: NOW + 1000 }),
        expect.objectContaining({ analytics: 0, marketing: 0, created_at: NOW + 2000 }),
      ]);
    });

    it('leaves the panel’s own words to GET /translations: every consent.* key in both languages', async () => {
      // The footer's way back to the panel is the kernel's (footer.privacy): the footer is in the first screen.
      const keys = [...Object.keys(EN_TRANSLATIONS).filter((k) => k.startsWith('consent.')), 'footer.privacy'];
      expect(keys).toEqual(expect.arrayContaining(['consent.label', 'consent.necessaryOnly', 'consent.acceptAll', 'consent.save', 'consent.choose', 'consent.version', 'footer.privacy']));
      for (const [language, dictionary] of [['en', EN_TRANSLATIONS], ['ar', AR_TRANSLATIONS]] as const) {
        const res = await t.app.inject({ method: 'GET', url: '/api/translations?container_id=web', headers: { language } });
        const { translations } = TranslationsResponse.parse(res.json());
        expect(Object.fromEntries(keys.map((k) => [k, translations[k]]))).toEqual(Object.fromEntries(keys.map((k) => [k, (dictionary as Record<string, string>)[k]])));
      }
    });

    it('shows each visitor only their own choice', async () => {
      const other = await t.login();
      await choose(valid(true, true));
      expect((await texts(other)).choice).toBeNull();
      await choose(valid(false, true), other);
      expect((await texts()).choice).toMatchObject({ analytics: true, marketing: true });
      expect((await texts(other)).choice).toMatchObject({ analytics: false, marketing: true });
    });
  });

  describe('attacks and mistakes: refused with a clear error, nothing stored', () => {
    // Refused choices count against the budgets too; these tests send many.
    beforeEach(() => start({ rateLimit: { consentPerDeviceMax: 100, consentMax: 100 } }));

    it('a missing field, naming it', async () => {
      for (const field of ['code', 'version', 'analytics', 'marketing'] as const) {
        const body: Record<string, string | number> = { ...valid(true, true) };
        delete body[field];
        expect(errorOf(await choose(body))).toMatchObject({ status: 400, code: 'bad_request', field: `body.${field}` });
      }
      expect(rows()).toEqual([]);
    });

    it.each([['yes'], ['1'], ['TRUE'], ['on'], ['']])('a yes or no that is not true or false: %p', async (value) => {
      expect(errorOf(await choose({ ...valid(true, true), analytics: value }))).toMatchObject({ status: 400, code: 'bad_request', field: 'body.analytics' });
      expect(errorOf(await choose({ ...valid(true, true), marketing: value }))).toMatchObject({ status: 400, code: 'bad_request', field: 'body.marketing' });
      expect(rows()).toEqual([]);
    });

    it('an unknown field: no "necessary" switch, no uid or time of the client’s own', async () => {
      for (const extra of [{ necessary: 'false' }, { uid: 'someone-else' }, { recorded_at: '0' }, { device_id: 'other' }] as Record<string, string>[]) {
        const res = errorOf(await choose({ ...valid(true, true), ...extra }));
        expect(res).toMatchObject({ status: 400, code: 'bad_request', field: `body.${Object.keys(extra)[0]}` });
      }
      expect(rows()).toEqual([]);
    });

    it('another code, in the body and in the query', async () => {
      expect(errorOf(await choose({ ...valid(true, true), code: 'otherstuff' }))).toMatchObject({ status: 400, code: 'bad_request', field: 'body.code' });
      expect(errorOf(await read(v, 'en', 'code=otherstuff'))).toMatchObject({ status: 400, code: 'bad_request', field: 'query.code' });
      expect(errorOf(await read(v, 'en', ''))).toMatchObject({ status: 400, code: 'bad_request', field: 'query.code' });
      expect(errorOf(await read(v, 'en', `code=${CONSENT_CODE}&uid=x`))).toMatchObject({ status: 400, code: 'bad_request' });
      expect(rows()).toEqual([]);
    });

    it('a version other than the current one (older, newer, not a whole positive number), saying which is current', async () => {
      const stale = errorOf(await choose(valid(true, true, 2)));
      expect(stale).toMatchObject({ status: 400, code: 'bad_request', field: 'body.version' });
      expect(stale.message).toMatch(/version 1 is current, not 2/);
      for (const version of ['0', '-1', '1.5', 'one']) {
        expect(errorOf(await choose({ ...valid(true, true), version }))).toMatchObject({ status: 400, code: 'bad_request', field: 'body.version' });
      }
      expect(rows()).toEqual([]);
    });

    it('no session, or another device’s session: -27, for the read and the choice', async () => {
      const anonymous = { ...v, headers: clientHeaders(v.deviceId) };
      expect(errorOf(await choose(valid(true, true), anonymous))).toMatchObject({ status: 401, code: -27 });
      expect(errorOf(await read(anonymous))).toMatchObject({ status: 401, code: -27 });
      const stolen = { ...v, headers: clientHeaders('dev-another', v.sessionId) };
      expect(errorOf(await choose(valid(true, true), stolen))).toMatchObject({ status: 401, code: -27 });
      expect(rows()).toEqual([]);
    });

    it('a JSON body is read the same way: the same rules, strings only', async () => {
      const json = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/consent.json', headers: { ...v.headers, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
      expect(errorOf(await json({ ...valid(true, true), analytics: 'yes' }))).toMatchObject({ status: 400, field: 'body.analytics' });
      expect(errorOf(await json({ ...valid(true, true), marketing: true }))).toMatchObject({ status: 400, field: 'body.marketing' });
      expect(rows()).toEqual([]);
      expect((await json(valid(true, false))).statusCode).toBe(200);
    });
  });

  describe('a shop device (retail)', () => {
    /** The visitor's session is a retail customer session of a shop (the retail module's port, as a test may set it). */
    const asRetail = (retailToken: () => string): Partial<AppOptions> => ({
      retailSessions: {
        sessionOf: async (tokenHash) => (tokenHash === hashToken(retailToken()) ? { shopId: 'shop-1', deviceId: 'shop-device', staffId: 'staff-1', terminalId: 'term-1' } : null),
      },
    });

    it('refuses the choice (the shop’s own terms apply) and stores nothing; a visitor’s own device on the same server records it', async () => {
      let retailToken = '';
      await start(asRetail(() => retailToken));
      retailToken = v.sessionId;
      const refused = errorOf(await choose(valid(true, true)));
      expect(refused).toMatchObject({ status: 409, code: 'flow_order' });
      expect(refused.message).toMatch(/shop device/);
      expect(rows()).toEqual([]);
      // The texts themselves are public reading, on any device.
      expect((await texts()).choice).toBeNull();
      const visitor = await t.login();
      expect((await choose(valid(true, true), visitor)).statusCode).toBe(200);
      expect(rows()).toHaveLength(1);
    });
  });

  describe('rate limits', () => {
    it('per device: a visitor over the budget waits (bad choices count too), another device on the same address does not', async () => {
      await start({ rateLimit: { consentPerDeviceMax: 3, consentMax: 100 } });
      expect((await choose(valid(true, true))).statusCode).toBe(200);
      expect((await choose({ ...valid(true, true), analytics: 'yes' })).statusCode).toBe(400);
      expect((await choose(valid(false, false))).statusCode).toBe(200);
      const over = await choose(valid(true, false));
      expect(errorOf(over)).toMatchObject({ status: 429, code: 'rate_limited' });
      expect(over.headers['retry-after']).toBeDefined();
      const neighbour = await t.login();
      expect((await choose(valid(true, true), neighbour)).statusCode).toBe(200);
      expect(rows()).toHaveLength(3);
      // Reading is not limited by it.
      expect((await texts()).choice).toMatchObject({ analytics: false, marketing: false });
    });

    it('per address: devices behind one address share its budget; another address is apart', async () => {
      await start({ rateLimit: { consentPerDeviceMax: 100, consentMax: 2 } });
      const others = [await t.login(), await t.login()];
      expect((await choose(valid(true, true), v)).statusCode).toBe(200);
      expect((await choose(valid(true, true), others[0])).statusCode).toBe(200);
      expect(errorOf(await choose(valid(true, true), others[1]))).toMatchObject({ status: 429, code: 'rate_limited' });
      expect((await choose(valid(true, true), others[1], { remoteAddress: '203.0.113.9' })).statusCode).toBe(200);
      expect(rows()).toHaveLength(3);
    });

    it('defaults: 60 a minute per address, 10 per device (a visitor changing their mind, not a flood of rows)', async () => {
      expect(DEFAULTS.rateLimit).toMatchObject({ windowMs: 60_000, consentMax: 60, consentPerDeviceMax: 10 });
      await start();
      for (let i = 0; i < 10; i += 1) expect((await choose(valid(i % 2 === 0, true))).statusCode).toBe(200);
      expect(errorOf(await choose(valid(true, true)))).toMatchObject({ status: 429, code: 'rate_limited' });
      expect(rows()).toHaveLength(10);
    });
  });
});
