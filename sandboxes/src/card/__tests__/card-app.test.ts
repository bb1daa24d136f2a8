import type { FastifyInstance } from 'fastify';
import { CARD_DECLINE_REASONS } from '../decline-reasons';
import { CHALLENGE_TTL_MS, IDEMPOTENCY_TTL_MS, TOKEN_TTL_MS } from '../card-app';
import { TEST_CARDS } from '../test-cards';
import { MERCHANT, RETURN_URL, SANDBOX, SECRET, SITE, testApp } from './helpers';

const AUTH = { authorization: `Bearer ${SECRET}` };
const START = Date.UTC(2026, 10, 23, 10, 0, 0);

interface Charge {
  id: string;
  status: string;
  amount: number;
  brand: string | null;
  last4: string | null;
  action_url: string | null;
  decline_reason: string | null;
  amount_refunded: number;
}

describe('card provider sandbox', () => {
  let app: FastifyInstance;
  let clock = START;
  let keyCount = 0;
  const key = () => `idem-${++keyCount}`;

  beforeEach(async () => {
    clock = START;
    app = await testApp({ now: () => clock });
  });
  afterEach(async () => {
    await app.close();
  });

  const card = (number: string, extra: Record<string, unknown> = {}) => ({
    merchant: MERCHANT,
    number,
    exp_month: 12,
    exp_year: 2030,
    cvc: number.startsWith('3') ? '1234' : '123',
    name: 'Jane Doe',
    lang: 'en',
    ...extra,
  });

  async function tokenOf(number: string, extra: Record<string, unknown> = {}): Promise<string> {
    const res = await app.inject({ method: 'POST', url: '/v1/tokens', headers: { origin: SANDBOX }, payload: card(number, extra) });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string }>().id;
  }

  const chargeBody = (token: string, extra: Record<string, unknown> = {}) => ({
    token,
    amount: 7900,
    currency: 'AED',
    reference: 'pay_123',
    return_url: RETURN_URL,
    recurring: false,
    ...extra,
  });

  async function charge(token: string, extra: Record<string, unknown> = {}, idempotencyKey = key()) {
    return app.inject({ method: 'POST', url: '/v1/charges', headers: { ...AUTH, 'idempotency-key': idempotencyKey }, payload: chargeBody(token, extra) });
  }

  describe('hosted fields page', () => {
    it('serves the fields for an allowed origin, framed by that origin only, with no inline script', async () => {
      const res = await app.inject({ method: 'GET', url: `/fields?merchant=${MERCHANT}&origin=${encodeURIComponent(SITE)}&lang=en` });
      expect(res.statusCode).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain(`frame-ancestors ${SITE};`);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("connect-src 'self'");
      expect(res.headers['x-frame-options']).toBeUndefined();
      const body = res.body;
      expect(body).toContain(`data-origin="${SITE}"`);
      expect(body).toContain('<html lang="en" dir="ltr">');
      expect(body).toMatch(/<script type="module" src="\/assets\/card-fields\.js"><\/script>/);
      expect(body).not.toMatch(/<script(?![^>]*src=)[^>]*>/);
      expect(body).not.toMatch(/\sstyle="/);
      expect(body).not.toMatch(/\son[a-z]+="/);
      // A frame inside the payment page's own main: no second main landmark (axe landmark-unique,
      // issue 24); the form is its landmark, named by its title.
      expect(body).not.toMatch(/<main[\s>]|role="main"/);
      expect(body).toMatch(/<form id="card-form" [^>]*aria-labelledby="card-form-title"/);
      // Labels above, hints, error slots, autocomplete and numeric keyboards.
      for (const [id, auto] of [
        ['cc-number', 'cc-number'],
        ['cc-exp', 'cc-exp'],
        ['cc-csc', 'cc-csc'],
        ['cc-name', 'cc-name'],
      ]) {
        expect(body).toContain(`<label for="${id}">`);
        expect(body).toContain(`id="${id}-hint"`);
        expect(body).toContain(`id="${id}-error"`);
        expect(body).toMatch(new RegExp(`id="${id}"[^>]*autocomplete="${auto}"`));
      }
      expect(body).toMatch(/id="cc-number"[^>]*inputmode="numeric"[^>]*dir="ltr"/);
      expect(body).toContain('role="alert"');
      expect(body).toMatch(/id="brand" class="brand" role="img" aria-label="Card type not recognised yet"/);
      // The messages the script shows are SPEC 5's.
      expect(body).toContain('Incorrect card number, please check');
    });

    it('speaks Arabic right to left, with the numbers left to right', async () => {
      const res = await app.inject({ method: 'GET', url: `/fields?merchant=${MERCHANT}&origin=${encodeURIComponent('http://127.0.0.1:8080')}&lang=ar` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<html lang="ar" dir="rtl">');
      expect(res.body).toContain('رقم البطاقة');
      expect(res.body).toContain('رقم البطاقة غير صحيح، يُرجى التحقق منه');
      expect(res.body).toMatch(/id="cc-exp"[^>]*dir="ltr"/);
      expect(String(res.headers['content-security-policy'])).toContain('frame-ancestors http://127.0.0.1:8080;');
    });

    it.each([
      ['an origin that is not the merchant\'s', `merchant=${MERCHANT}&origin=${encodeURIComponent('https://evil.example')}`, 'not allowed'],
      ['an origin with a path', `merchant=${MERCHANT}&origin=${encodeURIComponent(`${SITE}/pay`)}`, 'not allowed'],
      ['a null origin', `merchant=${MERCHANT}&origin=null`, 'not allowed'],
      ['an unknown merchant', `merchant=other&origin=${encodeURIComponent(SITE)}`, 'not known'],
      ['no origin', `merchant=${MERCHANT}`, 'malformed'],
    ])('refuses %s, sending nothing to it', async (_what, query, words) => {
      const res = await app.inject({ method: 'GET', url: `/fields?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(words);
      expect(res.body).not.toContain('data-origin');
      expect(res.body).not.toContain('card-fields.js');
      expect(String(res.headers['content-security-policy'])).toContain(`frame-ancestors ${SITE} http://127.0.0.1:8080;`);
      expect(String(res.headers['content-security-policy'])).not.toContain('evil');
    });

    it('serves its script, rules and stylesheet with their types', async () => {
      for (const [url, type] of [
        ['/assets/card-fields.js', 'text/javascript'],
        ['/assets/card-rules.js', 'text/javascript'],
        ['/assets/card.css', 'text/css'],
      ]) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(String(res.headers['content-type'])).toContain(type);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    });
  });

  describe('tokens', () => {
    it('makes a single-use token with brand, last4, expiry, recurring and scenario, never the number', async () => {
      const res = await app.inject({ method: 'POST', url: '/v1/tokens', headers: { origin: SANDBOX }, payload: card('3782 822463 10005') });
      expect(res.statusCode).toBe(201);
      const token = res.json<{ id: string; card: Record<string, unknown>; expires_at: number; created: number }>();
      expect(token.id).toMatch(/^tok_[A-Za-z0-9]{24}$/);
      expect(token.card).toEqual({ brand: 'amex', type_code: '003', last4: '0005', exp_month: 12, exp_year: 2030, recurring_allowed: true, scenario: 'succeed' });
      expect(token.expires_at - token.created).toBe(TOKEN_TTL_MS / 1000);
      expect(res.body).not.toContain('378282246310005');
      expect(res.body).not.toContain('1234');
      const noRecurring = await app.inject({ method: 'POST', url: '/v1/tokens', payload: card('4000000000000101') });
      expect(noRecurring.json<{ card: { recurring_allowed: boolean; scenario: string } }>().card).toMatchObject({ recurring_allowed: false, scenario: 'no_recurring' });
    });

    it.each([
      ['a number failing Luhn', { number: '4242424242424241' }, 'number', 'cardNumber', 'Incorrect card number, please check'],
      ['a brand SPEC does not take', { number: '6011111111111117' }, 'number', 'cardNumber', 'Incorrect card number, please check'],
      ['an Amex of 16 digits', { number: '3782822463100050', cvc: '1234' }, 'number', 'cardNumber', 'Incorrect card number, please check'],
      ['an empty number', { number: '' }, 'number', 'required', 'Required field'],
      ['a past expiry', { exp_month: 10, exp_year: 2026 }, 'expiry', 'date', 'Invalid date'],
      ['an expiry over 10 years ahead', { exp_month: 12, exp_year: 2036 }, 'expiry', 'date', 'Invalid date'],
      ['month 13', { exp_month: 13 }, 'expiry', 'date', 'Invalid date'],
      ['a 3-digit CVV on Amex', { number: '378282246310005', cvc: '123' }, 'cvv', 'wrongValue', 'Wrong value'],
      ['a 4-digit CVV on Visa', { cvc: '1234' }, 'cvv', 'wrongValue', 'Wrong value'],
      ['no CVV', { cvc: '' }, 'cvv', 'required', 'Required field'],
      ['an empty name', { name: '  ' }, 'name', 'nameEmpty', "Name can't be empty"],
      ['digits in the name', { name: 'Jane D0e' }, 'name', 'wrongValue', 'Wrong value'],
    ])('re-checks every rule on the server: %s', async (_what, change, field, messageId, message) => {
      const res = await app.inject({ method: 'POST', url: '/v1/tokens', payload: card('4242424242424242', change) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid_card', field, message_id: messageId, message });
    });

    it('accepts the current month and refuses other pages, other merchants and malformed bodies', async () => {
      expect((await app.inject({ method: 'POST', url: '/v1/tokens', payload: card('4242424242424242', { exp_month: 11, exp_year: 2026 }) })).statusCode).toBe(201);
      const foreign = await app.inject({ method: 'POST', url: '/v1/tokens', headers: { origin: SITE }, payload: card('4242424242424242') });
      expect(foreign.statusCode).toBe(403);
      const merchant = await app.inject({ method: 'POST', url: '/v1/tokens', payload: card('4242424242424242', { merchant: 'other' }) });
      expect([merchant.statusCode, merchant.json<{ error: string }>().error]).toEqual([400, 'unknown_merchant']);
      const extra = await app.inject({ method: 'POST', url: '/v1/tokens', payload: card('4242424242424242', { amount: 1 }) });
      expect(extra.statusCode).toBe(400);
      const broken = await app.inject({ method: 'POST', url: '/v1/tokens', headers: { 'content-type': 'application/json' }, payload: '{"number":"4242424242424242",' });
      expect(broken.statusCode).toBe(400);
      expect(broken.body).not.toContain('4242');
      const form = await app.inject({ method: 'POST', url: '/v1/tokens', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ merchant: MERCHANT, number: '4242424242424242' }).toString() });
      expect(form.statusCode).toBe(415);
    });
  });

  describe('charges', () => {
    it('refuses a call without the secret key', async () => {
      const token = await tokenOf('4242424242424242');
      for (const headers of [{}, { authorization: 'Bearer wrong-key' }, { authorization: SECRET }]) {
        const res = await app.inject({ method: 'POST', url: '/v1/charges', headers: { ...headers, 'idempotency-key': key() }, payload: chargeBody(token) });
        expect(res.statusCode).toBe(401);
        expect(res.headers['www-authenticate']).toBe('Bearer');
      }
      expect((await app.inject({ method: 'GET', url: '/v1/charges/ch_x' })).statusCode).toBe(401);
      expect((await app.inject({ method: 'POST', url: '/v1/refunds', headers: { 'idempotency-key': key() }, payload: { charge: 'ch_x', amount: 1 } })).statusCode).toBe(401);
      // The refused calls did not use the token.
      expect((await charge(token)).json<Charge>().status).toBe('succeeded');
    });

    it('requires an Idempotency-Key and a well-formed body', async () => {
      const token = await tokenOf('4242424242424242');
      const noKey = await app.inject({ method: 'POST', url: '/v1/charges', headers: AUTH, payload: chargeBody(token) });
      expect([noKey.statusCode, noKey.json<{ error: string }>().error]).toEqual([400, 'idempotency_key_required']);
      for (const bad of [{ currency: 'USD' }, { amount: 0 }, { amount: 12.5 }, { return_url: 'javascript:alert(1)' }, { return_url: 'https://evil.example/back' }, { extra: 1 }]) {
        const res = await charge(token, bad);
        expect(res.statusCode).toBe(400);
        expect(res.json<{ error: string; message: string }>().message.length).toBeGreaterThan(5);
      }
      expect((await charge(token)).json<Charge>().status).toBe('succeeded');
    });

    const outcomes = TEST_CARDS.map((c) => {
      const expected =
        c.scenario.kind === 'decline'
          ? { status: 'declined', decline_reason: c.scenario.reason }
          : c.scenario.kind === 'three_ds'
            ? { status: 'requires_action', decline_reason: null }
            : { status: 'succeeded', decline_reason: null };
      return [c.number, c.label, expected] as const;
    });

    it.each(outcomes)('charges test card %s (%s)', async (number, _label, expected) => {
      const token = await tokenOf(number);
      const res = await charge(token, { amount: 12345 });
      expect(res.statusCode).toBe(200);
      const body = res.json<Charge>();
      expect(body).toMatchObject({ ...expected, amount: 12345, last4: number.slice(-4), brand: number.startsWith('4') ? 'visa' : number.startsWith('5') ? 'mastercard' : 'amex' });
      expect(body.id).toMatch(/^ch_/);
      expect(body.action_url).toBe(expected.status === 'requires_action' ? `${SANDBOX}/3ds/${body.id}` : null);
      const again = await app.inject({ method: 'GET', url: `/v1/charges/${body.id}`, headers: AUTH });
      expect(again.json()).toEqual(body);
    });

    it('has a card for every decline reason that is a card\'s', () => {
      const byCard = new Set(TEST_CARDS.flatMap((c) => (c.scenario.kind === 'decline' ? [c.scenario.reason] : c.scenario.kind === 'no_recurring' ? ['recurring_not_allowed'] : [])));
      const fromFlow = ['token_invalid', 'authentication_failed', 'authentication_cancelled'];
      expect([...byCard, ...fromFlow].sort()).toEqual([...CARD_DECLINE_REASONS].sort());
    });

    it('charges any other valid card', async () => {
      const res = await charge(await tokenOf('5105105105105100'));
      expect(res.json<Charge>()).toMatchObject({ status: 'succeeded', brand: 'mastercard', last4: '5100' });
    });

    it('declines recurring charges on the card that does not allow them, only when recurring', async () => {
      const once = await charge(await tokenOf('4000000000000101'), { recurring: false });
      expect(once.json<Charge>().status).toBe('succeeded');
      const plan = await charge(await tokenOf('4000000000000101'), { recurring: true });
      expect(plan.json<Charge>()).toMatchObject({ status: 'declined', decline_reason: 'recurring_not_allowed' });
      const visa = await charge(await tokenOf('4242424242424242'), { recurring: true });
      expect(visa.json<Charge>().status).toBe('succeeded');
    });

    it('declines a used, expired or unknown token with token_invalid', async () => {
      const token = await tokenOf('4242424242424242');
      expect((await charge(token)).json<Charge>().status).toBe('succeeded');
      expect((await charge(token)).json<Charge>()).toMatchObject({ status: 'declined', decline_reason: 'token_invalid', brand: 'visa', last4: '4242' });

      const late = await tokenOf('4242424242424242');
      clock += TOKEN_TTL_MS;
      expect((await charge(late)).json<Charge>()).toMatchObject({ status: 'declined', decline_reason: 'token_invalid' });

      const almost = await tokenOf('4242424242424242');
      clock += TOKEN_TTL_MS - 1;
      expect((await charge(almost)).json<Charge>().status).toBe('succeeded');

      expect((await charge('tok_neverissued00000000000')).json<Charge>()).toMatchObject({ status: 'declined', decline_reason: 'token_invalid', brand: null, last4: null });
      // A declined card's token is used up too.
      const declined = await tokenOf('4000000000000002');
      expect((await charge(declined)).json<Charge>().decline_reason).toBe('generic_decline');
      expect((await charge(declined)).json<Charge>().decline_reason).toBe('token_invalid');
    });

    it('answers the same charge for the same key and body, and refuses the key with another body', async () => {
      const token = await tokenOf('4242424242424242');
      const first = await charge(token, {}, 'order-1');
      const second = await charge(token, {}, 'order-1');
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
      expect(second.headers['idempotent-replayed']).toBe('true');
      const other = await charge(token, { amount: 100 }, 'order-1');
      expect(other.statusCode).toBe(422);
      expect(other.json<{ error: string }>().error).toBe('idempotency_mismatch');
      // The replay did not consume anything: a new key on the same token is a new, token_invalid, charge.
      const fresh = await charge(token, {}, 'order-2');
      expect(fresh.json<Charge>()).toMatchObject({ status: 'declined', decline_reason: 'token_invalid' });
      expect(fresh.json<Charge>().id).not.toBe(first.json<Charge>().id);
    });

    it('forgets a key after 24 hours', async () => {
      const first = await charge(await tokenOf('4242424242424242'), {}, 'daily');
      clock += IDEMPOTENCY_TTL_MS - 1;
      expect((await charge('tok_other', {}, 'daily')).statusCode).toBe(422);
      clock += 1;
      const later = await charge(await tokenOf('4242424242424242'), {}, 'daily');
      expect(later.json<Charge>().status).toBe('succeeded');
      expect(later.json<Charge>().id).not.toBe(first.json<Charge>().id);
    });

    it('makes exactly one charge for one key sent many times at once', async () => {
      const token = await tokenOf('4242424242424242');
      const answers = await Promise.all(Array.from({ length: 8 }, () => charge(token, {}, 'same-time')));
      const ids = new Set(answers.map((a) => a.json<Charge>().id));
      expect(ids.size).toBe(1);
      expect(answers.every((a) => a.json<Charge>().status === 'succeeded')).toBe(true);
    });

    it('answers 404 for an unknown charge', async () => {
      const res = await app.inject({ method: 'GET', url: '/v1/charges/ch_unknown', headers: AUTH });
      expect([res.statusCode, res.json<{ error: string }>().error]).toEqual([404, 'not_found']);
    });
  });

  describe('3-D Secure', () => {
    async function challenged(number = '4000000000003220', lang = 'en'): Promise<Charge> {
      const res = await charge(await tokenOf(number, { lang }), { amount: 123456 });
      const body = res.json<Charge>();
      expect(body.status).toBe('requires_action');
      return body;
    }
    const path = (c: Charge) => new URL(String(c.action_url)).pathname;
    const post = (c: Charge, form: Record<string, string>) =>
      app.inject({ method: 'POST', url: path(c), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() });
    const statusOf = async (c: Charge) => (await app.inject({ method: 'GET', url: `/v1/charges/${c.id}`, headers: AUTH })).json<Charge>();

    it('shows the merchant, the amount in AED and the last four digits, asks for the code, never framed', async () => {
      const c = await challenged();
      const page = await app.inject({ method: 'GET', url: path(c) });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<html lang="en" dir="ltr">');
      expect(page.body).toContain('Tourist SIM');
      expect(page.body).toContain('AED 1,234.56');
      expect(page.body).toContain('3220');
      expect(page.body).toContain('123456');
      expect(page.body).toMatch(/<label for="code">One-time code<\/label>/);
      expect(page.body).toMatch(/autocomplete="one-time-code"/);
      expect(page.body).toContain('>Confirm<');
      expect(page.body).toContain('>Cancel payment<');
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain(`form-action 'self' ${SITE}`);
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.body).not.toMatch(/<script/);
    });

    it('is in Arabic when the card was typed in Arabic', async () => {
      const c = await challenged('4000000000003220', 'ar');
      const page = await app.inject({ method: 'GET', url: path(c) });
      expect(page.body).toContain('<html lang="ar" dir="rtl">');
      expect(page.body).toContain('تأكيد الدفع');
      expect(page.body).toContain('<bdi dir="ltr" class="num">AED 1,234.56</bdi>');
    });

    it('completes the charge with the right code and sends the browser back unchanged', async () => {
      const c = await challenged();
      const res = await post(c, { code: '123456', action: 'confirm' });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(RETURN_URL);
      expect(await statusOf(c)).toMatchObject({ status: 'succeeded', decline_reason: null, action_url: null });
      // Coming back to the page later goes straight back to the shop.
      const later = await app.inject({ method: 'GET', url: path(c) });
      expect([later.statusCode, later.headers.location]).toEqual([303, RETURN_URL]);
    });

    it('declines with the card\'s own reason after authentication', async () => {
      const c = await challenged('4000008260003178');
      expect((await post(c, { code: '123456', action: 'confirm' })).statusCode).toBe(303);
      expect(await statusOf(c)).toMatchObject({ status: 'declined', decline_reason: 'insufficient_funds' });
    });

    it('counts wrong codes, says how many tries are left, and declines after the third', async () => {
      const c = await challenged();
      const empty = await post(c, { code: '', action: 'confirm' });
      expect(empty.statusCode).toBe(400);
      expect(empty.body).toContain('Required field');
      const first = await post(c, { code: '000000', action: 'confirm' });
      expect(first.statusCode).toBe(400);
      expect(first.body).toContain('Attempts left: 2');
      expect(first.body).toMatch(/aria-invalid="true"/);
      expect(first.body).toMatch(/aria-describedby="code-hint code-error"/);
      expect(first.body).toMatch(/id="code-error" class="error" role="alert"/);
      expect((await post(c, { code: '111111', action: 'confirm' })).body).toContain('Attempts left: 1');
      const third = await post(c, { code: '222222', action: 'confirm' });
      expect([third.statusCode, third.headers.location]).toEqual([303, RETURN_URL]);
      expect(await statusOf(c)).toMatchObject({ status: 'declined', decline_reason: 'authentication_failed' });
      // The right code after that changes nothing.
      expect((await post(c, { code: '123456', action: 'confirm' })).headers.location).toBe(RETURN_URL);
      expect((await statusOf(c)).status).toBe('declined');
    });

    it('declines on Cancel: the check was not completed (authentication_cancelled, issue 24), not failed', async () => {
      const c = await challenged();
      const res = await post(c, { action: 'cancel' });
      expect([res.statusCode, res.headers.location]).toEqual([303, RETURN_URL]);
      expect(await statusOf(c)).toMatchObject({ status: 'declined', decline_reason: 'authentication_cancelled' });
    });

    it('expires a challenge left 15 minutes: not completed (authentication_cancelled)', async () => {
      const c = await challenged();
      clock += CHALLENGE_TTL_MS;
      expect(await statusOf(c)).toMatchObject({ status: 'declined', decline_reason: 'authentication_cancelled', action_url: null });
      const res = await post(c, { code: '123456', action: 'confirm' });
      expect([res.statusCode, res.headers.location]).toEqual([303, RETURN_URL]);
      expect((await statusOf(c)).status).toBe('declined');
    });

    it('is voided by the merchant: declined, and its page only sends the browser back', async () => {
      const c = await challenged();
      const cancel = (id: string, headers: Record<string, string> = AUTH) => app.inject({ method: 'POST', url: `/v1/charges/${id}/cancel`, headers });
      const res = await cancel(c.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: c.id, status: 'declined', decline_reason: 'authentication_cancelled', action_url: null });
      const late = await post(c, { code: '123456', action: 'confirm' });
      expect([late.statusCode, late.headers.location]).toEqual([303, RETURN_URL]);
      expect((await statusOf(c)).status).toBe('declined');
      // A charge that went through is answered as it is: it is refunded, not voided.
      const paid = (await charge(await tokenOf('4242424242424242'))).json<Charge>();
      expect((await cancel(paid.id)).json()).toMatchObject({ status: 'succeeded' });
      expect((await cancel('ch_unknown')).statusCode).toBe(404);
      expect((await cancel(c.id, {})).statusCode).toBe(401);
    });

    it('answers an unknown challenge with a page, not a redirect', async () => {
      const res = await app.inject({ method: 'GET', url: '/3ds/ch_unknown' });
      expect(res.statusCode).toBe(404);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain('This payment cannot be confirmed');
    });
  });

  describe('refunds', () => {
    const refund = (chargeId: string, amount: number, idempotencyKey = key()) =>
      app.inject({ method: 'POST', url: '/v1/refunds', headers: { ...AUTH, 'idempotency-key': idempotencyKey }, payload: { charge: chargeId, amount } });

    it('refunds up to the captured amount, once per key', async () => {
      const c = (await charge(await tokenOf('4242424242424242'), { amount: 10000 })).json<Charge>();
      const part = await refund(c.id, 4000, 'refund-1');
      expect(part.statusCode).toBe(200);
      expect(part.json()).toMatchObject({ charge: c.id, amount: 4000, status: 'succeeded' });
      expect(part.json<{ id: string }>().id).toMatch(/^re_/);
      const replay = await refund(c.id, 4000, 'refund-1');
      expect(replay.json()).toEqual(part.json());
      expect((await refund(c.id, 5000, 'refund-1')).statusCode).toBe(422);
      const tooMuch = await refund(c.id, 6001);
      expect([tooMuch.statusCode, tooMuch.json<{ error: string }>().error]).toEqual([422, 'not_refundable']);
      expect((await refund(c.id, 6000)).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: `/v1/charges/${c.id}`, headers: AUTH })).json<Charge>().amount_refunded).toBe(10000);
      expect((await refund(c.id, 1)).statusCode).toBe(422);
    });

    it('refuses declined, pending and unknown charges', async () => {
      const declined = (await charge(await tokenOf('4000000000000002'))).json<Charge>();
      expect((await refund(declined.id, 100)).json<{ error: string }>().error).toBe('not_refundable');
      const pending = (await charge(await tokenOf('4000000000003220'))).json<Charge>();
      expect((await refund(pending.id, 100)).json<{ error: string }>().error).toBe('not_refundable');
      const unknown = await refund('ch_unknown', 100);
      expect([unknown.statusCode, unknown.json<{ error: string }>().error]).toEqual([404, 'not_found']);
      expect((await app.inject({ method: 'POST', url: '/v1/refunds', headers: AUTH, payload: { charge: declined.id, amount: 100 } })).statusCode).toBe(400);
    });
  });
});
