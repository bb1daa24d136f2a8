import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildBnplApp } from '../bnpl-app';
import { CHECKOUT_TTL_MS, MAX_OTP_FAILURES } from '../checkouts';
import { checkoutPlan, formatFils, uaeToday } from '../plan';

const KEY = 'test-bnpl-key-0123456789';
const BASE = 'http://bnpl.test:8093';
const SUCCESS = 'http://localhost:8080/join/spotii-success?payment=pay_ABCDEFGH12';
const FAILURE = 'http://localhost:8080/join/spotii-fail?payment=pay_ABCDEFGH12';
/** 2026-01-30 22:00 UTC is already 31 January in the UAE (UTC+4). */
const START = Date.UTC(2026, 0, 30, 22, 0, 0);

const body = (overrides: Record<string, unknown> = {}) => ({
  reference: 'pay_ABCDEFGH12',
  total: 10_001,
  currency: 'AED',
  success_url: SUCCESS,
  failure_url: FAILURE,
  customer: { email: 'amira@example.com' },
  description: 'Tourist SIM: Visitor 20 GB, 058 582 4920',
  ...overrides,
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** The code the sandbox shows on the page (as a tester reads it). */
function shownCode(page: string): string {
  const code = /code is \u2066(\d{6})\u2069/.exec(page)?.[1] ?? /رمزك هو \u2066(\d{6})\u2069/.exec(page)?.[1];
  if (!code) throw new Error(`no code on the page: ${page.slice(0, 300)}`);
  return code;
}
const sessionOf = (page: string) => /name="session" value="([^"]+)"/.exec(page)?.[1] ?? '';

describe('BNPL sandbox', () => {
  let app: FastifyInstance;
  let clock = START;
  let keys = 0;
  const newKey = () => `key-${++keys}-${'x'.repeat(20)}`;

  beforeEach(async () => {
    clock = START;
    app = await buildBnplApp({ apiKey: KEY, baseUrl: BASE, now: () => clock });
  });
  afterEach(() => app.close());

  const api = (method: 'GET' | 'POST', url: string, options: { payload?: unknown; key?: string | null; auth?: string | null } = {}) =>
    app.inject({
      method,
      url,
      headers: {
        ...(options.auth === null ? {} : { authorization: options.auth ?? `Bearer ${KEY}` }),
        ...(options.key === null || options.key === undefined ? {} : { 'idempotency-key': options.key }),
      },
      ...(options.payload === undefined ? {} : { payload: options.payload as Record<string, unknown> }),
    });
  const create = async (overrides: Record<string, unknown> = {}, key = newKey()) => {
    const res = await api('POST', '/api/v1.0/checkouts', { payload: body(overrides), key });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string; status: string; checkout_url: string; total: number }>();
  };
  const get = (id: string) => api('GET', `/api/v1.0/checkouts/${id}`);
  const statusOf = async (id: string) => (await get(id)).json<{ status: string }>().status;
  const capture = (id: string, key = newKey()) => api('POST', `/api/v1.0/checkouts/${id}/capture`, { key });
  const openPage = (id: string, lang = 'en') => app.inject({ method: 'GET', url: `/checkout/${id}?lang=${lang}` });
  const verify = (id: string, otp: string, lang = 'en') => app.inject({ method: 'POST', url: `/checkout/${id}/verify`, headers: FORM, payload: form({ otp, lang }) });
  const decide = (id: string, fields: Record<string, string>) => app.inject({ method: 'POST', url: `/checkout/${id}/decide`, headers: FORM, payload: form({ lang: 'en', ...fields }) });
  /** Sign in with the code the page shows: the decision page. */
  const signIn = async (id: string, lang = 'en') => {
    const res = await verify(id, shownCode((await openPage(id, lang)).body), lang);
    expect(res.statusCode).toBe(200);
    return res;
  };
  /** Follows a 303 as a browser would: to exactly the merchant's URL. */
  const followed = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(303);
    return res.headers.location;
  };

  describe('server to server', () => {
    it('creates an open checkout with its page on the sandbox origin', async () => {
      const res = await api('POST', '/api/v1.0/checkouts', { payload: body(), key: newKey() });
      expect(res.statusCode).toBe(201);
      const checkout = res.json<Record<string, unknown>>();
      expect(checkout).toMatchObject({
        reference: 'pay_ABCDEFGH12',
        status: 'open',
        total: 10_001,
        currency: 'AED',
        created_at: new Date(START).toISOString(),
        expires_at: new Date(START + CHECKOUT_TTL_MS).toISOString(),
        approved_at: null,
        captured_at: null,
      });
      expect(checkout.id).toMatch(/^chk_[0-9a-f]{32}$/);
      expect(checkout.checkout_url).toBe(`${BASE}/checkout/${String(checkout.id)}`);
      // The customer's e-mail is not repeated back.
      expect(JSON.stringify(checkout)).not.toContain('amira@');
      expect((await get(String(checkout.id))).json()).toEqual(checkout);
    });

    it('answers 401 without the bearer key, with another key, or another scheme', async () => {
      for (const auth of [null, 'Bearer wrong-key-0123456789', `Basic ${KEY}`, 'Bearer ']) {
        const res = await api('POST', '/api/v1.0/checkouts', { payload: body(), key: newKey(), auth });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: 'unauthorized' });
        expect(res.headers['www-authenticate']).toBe('Bearer');
      }
      const { id } = await create();
      expect((await api('GET', `/api/v1.0/checkouts/${id}`, { auth: null })).statusCode).toBe(401);
      expect((await api('POST', `/api/v1.0/checkouts/${id}/capture`, { auth: 'Bearer nope', key: newKey() })).statusCode).toBe(401);
      expect((await api('GET', '/api/v1.0/anything', { auth: null })).statusCode).toBe(401);
    });

    it.each([
      ['AED 50.00, the minimum', 5_000],
      ['AED 5,000.00, the maximum', 500_000],
    ])('accepts %s', async (_what, total) => {
      expect((await create({ total })).total).toBe(total);
    });

    it.each([
      ['below AED 50', 4_999, 'amount_below_minimum'],
      ['above AED 5,000', 500_001, 'amount_above_maximum'],
    ])('rejects an amount %s with 422 and its reason', async (_what, total, reason) => {
      const res = await api('POST', '/api/v1.0/checkouts', { payload: body({ total }), key: newKey() });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ status: 'rejected', reason, min_total: 5_000, max_total: 500_000, currency: 'AED' });
    });

    it('takes its limits from its options', async () => {
      const narrow = await buildBnplApp({ apiKey: KEY, baseUrl: BASE, limits: { minFils: 20_000, maxFils: 30_000 } });
      const res = await narrow.inject({ method: 'POST', url: '/api/v1.0/checkouts', headers: { authorization: `Bearer ${KEY}`, 'idempotency-key': newKey() }, payload: body() });
      expect(res.json()).toMatchObject({ status: 'rejected', reason: 'amount_below_minimum', min_total: 20_000, max_total: 30_000 });
      await narrow.close();
    });

    it.each([
      ['a javascript: success URL', { success_url: 'javascript:alert(1)' }, 'success_url'],
      ['a data: failure URL', { failure_url: 'data:text/html,hi' }, 'failure_url'],
      ['an ftp URL', { success_url: 'ftp://example.com/x' }, 'success_url'],
      ['a URL with credentials', { success_url: 'https://user:pw@example.com/' }, 'success_url'],
      ['a URL with a space', { failure_url: 'https://example.com/a b' }, 'failure_url'],
      ['a URL that is not one', { success_url: 'not a url' }, 'success_url'],
      ['another currency', { currency: 'USD' }, 'currency'],
      ['an amount in AED with decimals', { total: 100.5 }, 'total'],
      ['a negative amount', { total: -5000 }, 'total'],
      ['an amount as a string', { total: '10000' }, 'total'],
      ['no e-mail', { customer: {} }, 'customer.email'],
      ['a bad e-mail', { customer: { email: 'amira' } }, 'customer.email'],
      ['an empty description', { description: '   ' }, 'description'],
      ['a description with a control character', { description: 'a\u0007b' }, 'description'],
      ['a reference with a slash', { reference: 'pay/1' }, 'reference'],
      ['an unknown field', { discount: 100 }, 'body'],
    ])('refuses %s with 400 naming the field', async (_what, overrides, field) => {
      const res = await api('POST', '/api/v1.0/checkouts', { payload: body(overrides), key: newKey() });
      expect(res.statusCode).toBe(400);
      const answer = res.json<{ error: string; detail: string }>();
      expect(answer.error).toBe('invalid_request');
      expect(answer.detail.startsWith(field === 'body' ? 'body' : `${field}:`) || answer.detail.includes(field)).toBe(true);
    });

    it('refuses a body that is not JSON, and a missing or bad Idempotency-Key', async () => {
      const notJson = await app.inject({
        method: 'POST',
        url: '/api/v1.0/checkouts',
        headers: { authorization: `Bearer ${KEY}`, 'idempotency-key': newKey(), 'content-type': 'application/json' },
        payload: '{"total":',
      });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json()).toEqual({ error: 'invalid_request' });
      for (const key of [null, 'with space', 'é'.repeat(20), 'k'.repeat(256)]) {
        const res = await api('POST', '/api/v1.0/checkouts', { payload: body(), key });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: 'idempotency_key_required' });
      }
    });

    it('gives the same checkout for the same key and body, one after the other and at once', async () => {
      const key = newKey();
      const first = await create({}, key);
      const again = await api('POST', '/api/v1.0/checkouts', { payload: body(), key });
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first);

      const together = newKey();
      const answers = await Promise.all(Array.from({ length: 5 }, () => api('POST', '/api/v1.0/checkouts', { payload: body(), key: together })));
      expect(new Set(answers.map((r) => r.json<{ id: string }>().id)).size).toBe(1);
      expect(answers.filter((r) => r.headers['idempotent-replayed'] === undefined)).toHaveLength(1);

      // Another key is another checkout.
      expect((await create()).id).not.toBe(first.id);
    });

    it('refuses the same key with another body (422 idempotency_key_reused), creating nothing', async () => {
      const key = newKey();
      await create({}, key);
      const res = await api('POST', '/api/v1.0/checkouts', { payload: body({ total: 20_000 }), key });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ error: 'idempotency_key_reused' });
    });

    it('answers 404 for an unknown or malformed checkout id', async () => {
      for (const id of [`chk_${'0'.repeat(32)}`, 'chk_nope', '..%2F..%2Fetc']) {
        expect((await get(id)).statusCode).toBe(404);
        expect((await capture(id)).statusCode).toBe(404);
      }
      expect((await get(`chk_${'0'.repeat(32)}`)).json()).toEqual({ error: 'not_found' });
    });

    it('expires an open checkout after 30 minutes, not before', async () => {
      const { id } = await create();
      clock = START + CHECKOUT_TTL_MS - 1;
      expect(await statusOf(id)).toBe('open');
      clock = START + CHECKOUT_TTL_MS;
      expect(await statusOf(id)).toBe('expired');
      expect((await capture(id)).json()).toEqual({ error: 'not_approved', status: 'expired' });
    });
  });

  describe('capture', () => {
    it('refuses to capture before approval (409 not_approved), then captures once approved, and twice answers the same', async () => {
      const { id } = await create();
      const early = await capture(id);
      expect(early.statusCode).toBe(409);
      expect(early.json()).toEqual({ error: 'not_approved', status: 'open' });

      const page = await signIn(id);
      expect(followed(await decide(id, { decision: 'approve', session: sessionOf(page.body) }))).toBe(SUCCESS);
      expect(await statusOf(id)).toBe('approved');

      clock += 60_000;
      const key = newKey();
      const captured = await capture(id, key);
      expect(captured.statusCode).toBe(200);
      expect(captured.json()).toMatchObject({ id, status: 'captured', total: 10_001, captured_at: new Date(clock).toISOString() });
      const again = await capture(id, key);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(captured.json());
      // Another key on the same captured checkout: the same capture, nothing taken twice.
      expect((await capture(id)).json()).toEqual(captured.json());
      expect(await statusOf(id)).toBe('captured');
    });

    it('captures once when two captures arrive at once', async () => {
      const { id } = await create();
      await decide(id, { decision: 'approve', session: sessionOf((await signIn(id)).body) });
      const answers = await Promise.all([capture(id), capture(id), capture(id)]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    });

    it('refuses a capture key already used for another checkout', async () => {
      const a = await create();
      const b = await create();
      for (const { id } of [a, b]) await decide(id, { decision: 'approve', session: sessionOf((await signIn(id)).body) });
      const key = newKey();
      expect((await capture(a.id, key)).statusCode).toBe(200);
      const reused = await capture(b.id, key);
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toMatchObject({ error: 'idempotency_key_reused' });
      expect(await statusOf(b.id)).toBe('approved');
    });

    it.each([
      ['declined', 'rejected'],
      ['expired', 'expired'],
    ])('refuses to capture a %s checkout', async (what, status) => {
      const { id } = await create();
      if (what === 'declined') await decide(id, { decision: 'decline' });
      else clock += CHECKOUT_TTL_MS;
      expect((await capture(id)).json()).toEqual({ error: 'not_approved', status });
    });

    it('needs an Idempotency-Key', async () => {
      const { id } = await create();
      const res = await api('POST', `/api/v1.0/checkouts/${id}/capture`, { key: null });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'idempotency_key_required' });
    });
  });

  describe('cancel and refund', () => {
    const cancel = (id: string) => api('POST', `/api/v1.0/checkouts/${id}/cancel`);
    const refund = (id: string, total: number, key = newKey()) => api('POST', `/api/v1.0/checkouts/${id}/refund`, { key, payload: { total, currency: 'AED' } });
    const approve = async (id: string) => decide(id, { decision: 'approve', session: sessionOf((await signIn(id)).body) });

    it('cancels an open or an approved checkout: nothing can be approved or captured any more, the page says the shop withdrew it', async () => {
      const open = await create();
      const approved = await create();
      await approve(approved.id);
      for (const { id } of [open, approved]) {
        const res = await cancel(id);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ id, status: 'cancelled', cancelled_at: new Date(clock).toISOString() });
        expect((await capture(id)).json()).toEqual({ error: 'not_approved', status: 'cancelled' });
        // Again: the same answer, nothing more.
        expect((await cancel(id)).headers['idempotent-replayed']).toBe('true');
      }
      const page = await openPage(open.id);
      expect(page.body).toContain('Tourist SIM cancelled this checkout');
      expect(page.body).toContain(`href="${FAILURE}"`);
      // The customer can no longer approve the withdrawn checkout.
      expect((await verify(open.id, '000000')).body).toContain('Tourist SIM cancelled this checkout');
      expect((await openPage(approved.id, 'ar')).body).toContain('ألغى Tourist SIM عملية الدفع هذه');
    });

    it('cannot cancel a captured checkout (409 already_captured): it is refunded instead, in whole or in parts, once per key', async () => {
      const { id } = await create();
      await approve(id);
      expect((await capture(id)).statusCode).toBe(200);
      expect((await cancel(id)).json()).toEqual({ error: 'already_captured', status: 'captured' });
      const key = newKey();
      const part = await refund(id, 1, key);
      expect(part.statusCode).toBe(200);
      expect(part.json()).toMatchObject({ status: 'captured', refunded_total: 1 });
      expect((await refund(id, 1, key)).headers['idempotent-replayed']).toBe('true');
      expect((await refund(id, 2, key)).json()).toMatchObject({ error: 'idempotency_key_reused' });
      const over = await refund(id, 10_001);
      expect(over.statusCode).toBe(422);
      expect(over.json()).toEqual({ error: 'not_refundable', status: 'captured', refundable_total: 10_000 });
      expect((await refund(id, 10_000)).json()).toMatchObject({ status: 'refunded', refunded_total: 10_001 });
      expect((await openPage(id)).body).toContain('This payment was refunded');
    });

    it('refunds nothing that was not captured; refuses a malformed refund; needs a key', async () => {
      const { id } = await create();
      expect((await refund(id, 100)).json()).toEqual({ error: 'not_refundable', status: 'open', refundable_total: 0 });
      expect((await api('POST', `/api/v1.0/checkouts/${id}/refund`, { key: newKey(), payload: { total: 1.5, currency: 'AED' } })).statusCode).toBe(400);
      expect((await api('POST', `/api/v1.0/checkouts/${id}/refund`, { key: newKey(), payload: { total: 1, currency: 'USD' } })).statusCode).toBe(400);
      expect((await api('POST', `/api/v1.0/checkouts/${id}/refund`, { key: null, payload: { total: 1, currency: 'AED' } })).statusCode).toBe(400);
      expect((await cancel('chk_00000000000000000000000000000000')).statusCode).toBe(404);
      expect((await api('POST', `/api/v1.0/checkouts/${id}/cancel`, { auth: null })).statusCode).toBe(401);
    });
  });

  describe('the checkout page', () => {
    it('shows the merchant, the total, the plan of 4 the product computes, the e-mail and the sign-in, with its own CSP', async () => {
      const { id } = await create();
      const res = await openPage(id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-frame-options']).toBe('DENY');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      // The forms' 303 lands on the merchant: Chrome checks form-action on a form's redirects.
      expect(csp).toContain("form-action 'self' http://localhost:8080;");
      const page = res.body;
      expect(page).toContain('<html lang="en" dir="ltr">');
      expect(page).toContain('<h1 id="title">Pay in 4 with Spotii</h1>');
      expect(page).toContain('<bdi>Tourist SIM</bdi>');
      expect(page).toContain('<dd class="amount" dir="ltr">AED 100.01</dd>');
      expect(page).toContain('<dd dir="ltr" class="email">amira@example.com</dd>');
      expect(page).toContain('Your plan: 4 payments, no interest');
      // The plan the product shows too: four payments from today in the UAE; odd fils first; 31 January then month ends.
      expect(uaeToday(START)).toBe('2026-01-31');
      const plan = checkoutPlan(10_001, START);
      expect(plan.map((p) => p.due_date)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
      expect(plan.map((p) => p.amount_fils)).toEqual([2501, 2500, 2500, 2500]);
      for (const p of plan) {
        expect(page).toContain(`<time datetime="${p.due_date}">`);
        expect(page).toContain(`<span class="amount" dir="ltr">${formatFils(p.amount_fils, 'en')}</span>`);
      }
      expect(page).toContain('AED 25.01');
      expect(page).toContain('<time datetime="2026-01-31">Today</time>');
      expect(page).toContain('<time datetime="2026-02-28">28 February 2026</time>');
      // The sign-in: a labelled code field with a hint, and the code itself shown (sandbox).
      expect(page).toContain('<label for="otp">Verification code</label>');
      expect(page).toMatch(/<input id="otp" name="otp"[^>]*autocomplete="one-time-code"[^>]*aria-describedby="otp-hint">/);
      expect(shownCode(page)).toMatch(/^\d{6}$/);
      expect(page).toContain('Cancel and return to Tourist SIM');
      expect(page).toContain(`href="/checkout/${id}?lang=ar" lang="ar" hreflang="ar">العربية</a>`);
      // No approve before the sign-in; nothing inline.
      expect(page).not.toContain('value="approve"');
      expect(page).not.toMatch(/<script|<style|\sstyle="|\son[a-z]+="/);

      const css = await app.inject({ method: 'GET', url: '/assets/bnpl.css' });
      expect(css.headers['content-type']).toMatch(/^text\/css/);
      expect(css.body).toContain('min-block-size:2.75rem');
      expect(css.body).not.toMatch(/margin-left|margin-right|padding-left|padding-right|text-align:left|text-align:right/);
    });

    it('speaks Arabic, right to left, with amounts and e-mail left to right', async () => {
      const { id } = await create();
      const page = (await openPage(id, 'ar')).body;
      expect(page).toContain('<html lang="ar" dir="rtl">');
      expect(page).toContain('ادفع على 4 دفعات مع Spotii');
      expect(page).toContain('<label for="otp">رمز التحقق</label>');
      expect(page).toContain('<time datetime="2026-01-31">اليوم</time>');
      expect(page).toContain(`<dd class="amount" dir="ltr">${formatFils(10_001, 'ar')}</dd>`);
      expect(page).toContain('<dd dir="ltr" class="email">amira@example.com</dd>');
      expect(page).toContain('name="lang" value="ar"');
      const decision = (await verify(id, shownCode(page), 'ar')).body;
      expect(decision).toContain('<html lang="ar" dir="rtl">');
      expect(decision).toContain('وافق على خطة الدفع');
      expect(decision).toContain('رفض');
    });

    it('approves: sign in with the code shown, approve, 303 to the success URL exactly as given', async () => {
      const { id } = await create();
      const decision = await signIn(id);
      expect(decision.body).toContain('<h1 id="title">Approve your payment plan</h1>');
      expect(decision.body).toContain('name="decision" value="approve">Approve and pay \u2066AED 25.01\u2069 today</button>');
      expect(decision.body).toContain('You pay \u2066AED 25.01\u2069 today, then 3 more payments of \u2066AED 25.00\u2069 monthly.');
      expect(followed(await decide(id, { decision: 'approve', session: sessionOf(decision.body) }))).toBe(SUCCESS);
      expect((await get(id)).json()).toMatchObject({ status: 'approved', approved_at: new Date(START).toISOString() });
    });

    it('declines: 303 to the failure URL, from the decision page or as "cancel" before signing in', async () => {
      const a = await create();
      await signIn(a.id);
      expect(followed(await decide(a.id, { decision: 'decline' }))).toBe(FAILURE);
      expect((await get(a.id)).json()).toMatchObject({ status: 'rejected', rejection_reason: 'customer_declined' });

      const b = await create();
      expect(followed(await decide(b.id, { decision: 'decline' }))).toBe(FAILURE);
      expect(await statusOf(b.id)).toBe('rejected');
    });

    it('keeps the merchant URLs unchanged, however they are written', async () => {
      const success = 'https://shop.example/join/spotii-success?payment=pay_X&x=%2F%3F#frag';
      const { id } = await create({ success_url: success, failure_url: 'https://other.example/fail' });
      expect(String((await openPage(id)).headers['content-security-policy'])).toContain("form-action 'self' https://shop.example https://other.example;");
      expect(followed(await decide(id, { decision: 'approve', session: sessionOf((await signIn(id)).body) }))).toBe(success);
    });

    it('refuses to approve without the sign-in, or with another session', async () => {
      const { id } = await create();
      const noSession = await decide(id, { decision: 'approve' });
      expect(noSession.statusCode).toBe(403);
      expect(noSession.body).toContain('Sign in with your code before you approve.');
      expect(noSession.body).toMatch(/aria-invalid="true" aria-describedby="otp-hint otp-error" autofocus/);
      await signIn(id);
      expect((await decide(id, { decision: 'approve', session: 'forged-session-value' })).statusCode).toBe(403);
      expect(await statusOf(id)).toBe('open');
    });

    it('says when the code is malformed or wrong, next to the field, and closes after 5 wrong codes', async () => {
      const { id } = await create();
      const code = shownCode((await openPage(id)).body);
      const malformed = await verify(id, '12ab');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.body).toContain('<p id="otp-error" class="error">Enter the 6-digit code shown above.</p>');
      const wrongCode = code === '000000' ? '111111' : '000000';
      for (let i = 1; i < MAX_OTP_FAILURES; i++) {
        const wrong = await verify(id, wrongCode);
        expect(wrong.statusCode).toBe(400);
        expect(wrong.body).toContain(`That code is not right. Check it and try again (${MAX_OTP_FAILURES - i} tries left).`);
      }
      const last = await verify(id, wrongCode);
      expect(last.body).toContain('Too many wrong codes');
      expect(last.body).toContain(`href="${FAILURE}"`);
      expect((await get(id)).json()).toMatchObject({ status: 'rejected', rejection_reason: 'too_many_codes' });
      // The right code now changes nothing.
      expect((await verify(id, code)).body).toContain('Too many wrong codes');
    });

    it('refuses a "+bnpl-decline" customer at the credit check: the page says so and only goes back to the failure URL', async () => {
      const { id } = await create({ customer: { email: 'Tester+BNPL-Decline@example.com' } });
      const res = await verify(id, shownCode((await openPage(id)).body));
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<h1 id="title">Spotii cannot approve this purchase</h1>');
      expect(res.body).toContain(`<a class="button primary" href="${FAILURE}">Back to Tourist SIM</a>`);
      expect(res.body).not.toContain('value="approve"');
      expect(res.body).not.toContain(SUCCESS);
      expect((await get(id)).json()).toMatchObject({ status: 'rejected', rejection_reason: 'credit_check' });
      // Approving anyway changes nothing.
      expect((await decide(id, { decision: 'approve', session: 'x' })).body).toContain('Spotii cannot approve this purchase');
      expect(await statusOf(id)).toBe('rejected');
    });

    it('says an expired checkout has expired and links to the failure URL; nothing can be decided any more', async () => {
      const { id } = await create();
      const decision = await signIn(id);
      clock += CHECKOUT_TTL_MS;
      const page = await openPage(id);
      expect(page.body).toContain('<h1 id="title">This checkout has expired</h1>');
      expect(page.body).toContain(`href="${FAILURE}"`);
      const late = await decide(id, { decision: 'approve', session: sessionOf(decision.body) });
      expect(late.statusCode).toBe(200);
      expect(late.body).toContain('This checkout has expired');
      expect(await statusOf(id)).toBe('expired');
    });

    it('says a decided checkout is decided, linking back to where its decision led', async () => {
      const approved = await create();
      await decide(approved.id, { decision: 'approve', session: sessionOf((await signIn(approved.id)).body) });
      const a = (await openPage(approved.id)).body;
      expect(a).toContain('This payment plan is already approved');
      expect(a).toContain(`href="${SUCCESS}"`);
      await capture(approved.id);
      expect((await openPage(approved.id)).body).toContain('This payment plan is already approved');
      // A second approval does not redirect again.
      expect((await decide(approved.id, { decision: 'decline' })).statusCode).toBe(200);
      expect(await statusOf(approved.id)).toBe('captured');

      const declined = await create();
      await decide(declined.id, { decision: 'decline' });
      const d = (await openPage(declined.id, 'ar')).body;
      expect(d).toContain('رُفضت عملية الدفع هذه');
      expect(d).toContain(`href="${FAILURE}"`);
    });

    it('answers an unknown checkout, or a malformed form, with a page that sends nowhere', async () => {
      const unknown = await openPage(`chk_${'0'.repeat(32)}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toContain('This checkout does not exist');
      expect((await openPage('../../etc/passwd')).statusCode).toBe(404);
      expect((await verify(`chk_${'1'.repeat(32)}`, '123456')).statusCode).toBe(404);
      const { id } = await create();
      const bad = await decide(id, { decision: 'maybe' });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('This request cannot be completed');
      expect(await statusOf(id)).toBe('open');
      expect((await app.inject({ method: 'GET', url: '/nowhere' })).statusCode).toBe(404);
    });

    it('escapes what the merchant sent', async () => {
      const { id } = await create({ description: '<script>alert(1)</script> & "SIM"' });
      const page = (await openPage(id)).body;
      expect(page).not.toContain('<script>alert(1)');
      expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;SIM&quot;');
    });
  });
});
