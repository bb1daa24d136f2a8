import { ApiErrorBody, BizConfigResponse, FeedbackListResponse, FeedbackResponse } from '@join/shared/contract';
import { createTestApp, startEachTest, type TestApp, type Visitor } from '../../../testing/harness';

/** SPEC 5, written out here rather than imported, so a change to the shared rule fails these tests. */
const FORBIDDEN = ['<', '>', '{', '}', '(', ')', '_', '*', '^', '#'];
const NOW = Date.UTC(2026, 0, 15, 10, 0, 0);

describe('POST /me/feedback (help modal)', () => {
  let t: TestApp;
  let v: Visitor;
  const start = startEachTest((app, visitor) => void ([t, v] = [app, visitor]));

  const send = (text: string, route = '/plan-selection', visitor: Visitor = v, extra: { language?: 'en' | 'ar'; remoteAddress?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/me/feedback',
      headers: { ...visitor.headers, ...(extra.language ? { language: extra.language } : {}), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ text, route }).toString(),
      ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
    });
  const stored = async (visitor: Visitor = v) => FeedbackListResponse.parse((await t.get(visitor, '/api/me/feedback')).json()).feedback;
  const errorOf = (res: { statusCode: number; json(): unknown }) => ({ status: res.statusCode, ...ApiErrorBody.parse(res.json()) });

  describe('validation and storage', () => {
    // Refused notes count against the budget too (no free probing); these tests send many.
    beforeEach(() => start({ rateLimit: { feedbackPerDeviceMax: 100 } }));

    it('stores a note with its user, device, route, step, language and time', async () => {
      const res = await send('Great service, thanks!', '/number/search');
      expect(res.statusCode).toBe(200);
      const { feedback } = FeedbackResponse.parse(res.json());
      expect(feedback).toMatchObject({ text: 'Great service, thanks!', route: '/number/search', step: 'number', language: 'en', created_at: NOW });
      expect(await stored()).toEqual([feedback]);
      // The device is stored too (not answered): read it from the database the server wrote.
      const Database = (await import('better-sqlite3')).default;
      const db = new Database(t.dbFile, { readonly: true });
      try {
        expect(db.prepare('SELECT uid, device_id, step FROM feedback').all()).toEqual([{ uid: v.uid, device_id: v.deviceId, step: 'number' }]);
      } finally {
        db.close();
      }
    });

    it('keeps the language of the request (Arabic text from an Arabic page)', async () => {
      const res = await send('خدمة ممتازة، شكرًا', '/login', v, { language: 'ar' });
      expect(res.statusCode).toBe(200);
      expect((await stored())[0]).toMatchObject({ text: 'خدمة ممتازة، شكرًا', language: 'ar', step: 'account', route: '/login' });
    });

    it('takes exactly 50 characters, counted as the visitor sees them, and refuses 51', async () => {
      expect((await send('x'.repeat(50))).statusCode).toBe(200);
      expect((await send('😀'.repeat(50))).statusCode).toBe(200);
      const tooLong = errorOf(await send('x'.repeat(51)));
      expect(tooLong).toMatchObject({ status: 400, code: 'bad_request', field: 'body.text' });
      expect(tooLong.message).toMatch(/at most 50 characters \(51 now\)/);
      expect((await stored()).map((f) => f.text)).toEqual(['😀'.repeat(50), 'x'.repeat(50)]);
    });

    it.each(FORBIDDEN)('refuses a note with %s, naming it', async (c) => {
      const res = errorOf(await send(`nice ${c} app`));
      expect(res).toMatchObject({ status: 400, code: 'bad_request', field: 'body.text' });
      expect(res.message).toContain(`leave out ${c}`);
      expect(await stored()).toEqual([]);
    });

    it('accepts the punctuation SPEC 5 does not forbid', async () => {
      expect((await send('Fast & easy: 10/10! [yes] "ok" - $5 @ 50%?')).statusCode).toBe(200);
    });

    it('refuses an empty or blank note, a missing text, an unknown route and extra fields', async () => {
      expect(errorOf(await send('   '))).toMatchObject({ status: 400, field: 'body.text' });
      expect(errorOf(await send(''))).toMatchObject({ status: 400, field: 'body.text' });
      expect(errorOf(await send('hello', '/admin'))).toMatchObject({ status: 400, field: 'body.route' });
      expect(errorOf(await send('hello', 'https://evil.example/'))).toMatchObject({ status: 400, field: 'body.route' });
      expect(errorOf(await t.post(v, '/api/me/feedback', { route: '/number' }))).toMatchObject({ status: 400, field: 'body.text' });
      expect(errorOf(await t.post(v, '/api/me/feedback', { text: 'hi', route: '/number', uid: 'someone' }))).toMatchObject({
        status: 400,
        field: 'body.uid',
      });
      expect(await stored()).toEqual([]);
    });

    it('stores the start page and routes outside the steps with no step', async () => {
      expect((await send('hello', '/')).statusCode).toBe(200);
      expect((await send('hello', '/spotii-fail')).statusCode).toBe(200);
      expect((await stored()).map((f) => [f.route, f.step])).toEqual([
        ['/spotii-fail', null],
        ['/', null],
      ]);
    });

    it('needs a session, and shows each visitor only their own notes', async () => {
      const other = await t.login();
      await send('mine', '/number');
      await send('theirs', '/number', other);
      expect((await stored()).map((f) => f.text)).toEqual(['mine']);
      expect((await stored(other)).map((f) => f.text)).toEqual(['theirs']);
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/me/feedback',
        headers: { ...v.headers, 'session-id': '' },
        payload: { text: 'hi', route: '/' },
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('rate limits', () => {
    it('per device: a visitor over the budget waits, another device on the same address does not', async () => {
      await start({ rateLimit: { feedbackPerDeviceMax: 2, feedbackMax: 100 } });
      expect((await send('one')).statusCode).toBe(200);
      expect((await send('two')).statusCode).toBe(200);
      expect(errorOf(await send('three'))).toMatchObject({ status: 429, code: 'rate_limited' });
      const neighbour = await t.login();
      expect((await send('hello', '/', neighbour)).statusCode).toBe(200);
      expect((await stored()).map((f) => f.text)).toEqual(['two', 'one']);
    });

    it('per address: many devices behind one address share its budget; another address is apart', async () => {
      await start({ rateLimit: { feedbackPerDeviceMax: 100, feedbackMax: 2 } });
      const others = [await t.login(), await t.login()];
      expect((await send('a', '/', v)).statusCode).toBe(200);
      expect((await send('b', '/', others[0])).statusCode).toBe(200);
      expect(errorOf(await send('c', '/', others[1]))).toMatchObject({ status: 429, code: 'rate_limited' });
      expect((await send('d', '/', others[1], { remoteAddress: '203.0.113.9' })).statusCode).toBe(200);
    });
  });
});

describe('GET /biz_config/app: ways to reach the operator', () => {
  it('answers the seeded phone, chat link, e-mail and opening hours', async () => {
    const t = await createTestApp();
    try {
      const config = BizConfigResponse.parse((await t.app.inject({ method: 'GET', url: '/api/biz_config/app' })).json());
      expect(config.support).toEqual({
        phone: '971588000800',
        chat_url: 'https://wa.me/971588000800',
        email: 'help@touristsim.example',
        hours: { opens: '08:00', closes: '22:00' },
      });
    } finally {
      await t.close();
    }
  });
});
