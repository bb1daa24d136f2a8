import { CHECKOUT_TTL_MS } from '../checkouts';
import { buildBnplApp } from '../bnpl-app';
import { bnplUnderTest, KEY, BASE, SUCCESS, FAILURE, START, body, sessionOf } from './bnpl-under-test';

/** The BNPL sandbox: the merchant's server-to-server API: checkouts, the bearer key, idempotency, expiry, capture, cancel and refund. */
describe('BNPL sandbox', () => {
  const { sandbox, api, newKey, create, get, statusOf, capture, openPage, verify, decide, signIn, followed, approve } = bnplUnderTest();

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
      const notJson = await sandbox.app.inject({
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
      sandbox.clock = START + CHECKOUT_TTL_MS - 1;
      expect(await statusOf(id)).toBe('open');
      sandbox.clock = START + CHECKOUT_TTL_MS;
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

      sandbox.clock += 60_000;
      const key = newKey();
      const captured = await capture(id, key);
      expect(captured.statusCode).toBe(200);
      expect(captured.json()).toMatchObject({ id, status: 'captured', total: 10_001, captured_at: new Date(sandbox.clock).toISOString() });
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
      else sandbox.clock += CHECKOUT_TTL_MS;
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

    it('cancels an open or an approved checkout: nothing can be approved or captured any more, the page says the shop withdrew it', async () => {
      const open = await create();
      const approved = await create();
      await approve(approved.id);
      for (const { id } of [open, approved]) {
        const res = await cancel(id);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ id, status: 'cancelled', cancelled_at: new Date(sandbox.clock).toISOString() });
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
});
