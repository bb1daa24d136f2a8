import { TOKEN_TTL_MS } from '../card-app';
import { cardUnderTest, MERCHANT, SANDBOX, SITE } from './helpers';

/** The card provider sandbox: the hosted fields page and the tokens they make. */
describe('card provider sandbox', () => {
  const { sandbox, card } = cardUnderTest();

  describe('hosted fields page', () => {
    it('serves the fields for an allowed origin, framed by that origin only, with no inline script', async () => {
      const res = await sandbox.app.inject({ method: 'GET', url: `/fields?merchant=${MERCHANT}&origin=${encodeURIComponent(SITE)}&lang=en` });
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
      // WCAG); the form is its landmark, named by its title.
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
        // Disabled until the fields' script has put its handlers on (it enables them, then says ready).
        expect(body).toMatch(new RegExp(`<input id="${id}"[^>]* disabled>`));
      }
      expect(body).toMatch(/id="cc-number"[^>]*inputmode="numeric"[^>]*dir="ltr"/);
      expect(body).toContain('role="alert"');
      expect(body).toMatch(/id="brand" class="brand" role="img" aria-label="Card type not recognised yet"/);
      // The messages the script shows are SPEC 5's.
      expect(body).toContain('Incorrect card number, please check');
    });

    it('speaks Arabic right to left, with the numbers left to right', async () => {
      const res = await sandbox.app.inject({ method: 'GET', url: `/fields?merchant=${MERCHANT}&origin=${encodeURIComponent('http://127.0.0.1:8080')}&lang=ar` });
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
      const res = await sandbox.app.inject({ method: 'GET', url: `/fields?${query}` });
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
        const res = await sandbox.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(String(res.headers['content-type'])).toContain(type);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    });
  });

  describe('tokens', () => {
    it('makes a single-use token with brand, last4, expiry, recurring and scenario, never the number', async () => {
      const res = await sandbox.app.inject({ method: 'POST', url: '/v1/tokens', headers: { origin: SANDBOX }, payload: card('3782 822463 10005') });
      expect(res.statusCode).toBe(201);
      const token = res.json<{ id: string; card: Record<string, unknown>; expires_at: number; created: number }>();
      expect(token.id).toMatch(/^tok_[A-Za-z0-9]{24}$/);
      expect(token.card).toEqual({ brand: 'amex', type_code: '003', last4: '0005', exp_month: 12, exp_year: 2030, recurring_allowed: true, scenario: 'succeed' });
      expect(token.expires_at - token.created).toBe(TOKEN_TTL_MS / 1000);
      expect(res.body).not.toContain('378282246310005');
      expect(res.body).not.toContain('1234');
      const noRecurring = await sandbox.app.inject({ method: 'POST', url: '/v1/tokens', payload: card('4000000000000101') });
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
      const res = await sandbox.app.inject({ method: 'POST', url: '/v1/tokens', payload: card('4242424242424242', change) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid_card', field, message_id: messageId, message });
    });

    it('accepts the current month and refuses other pages, other merchants and malformed bodies', async () => {
      expect((await sandbox.app.inject({ method: 'POST', url: '/v1/tokens', payload: card('4242424242424242', { exp_month: 11, exp_year: 2026 }) })).statusCode).toBe(201);
      const foreign = await sandbox.app.inject({ method: 'POST', url: '/v1/tokens', headers: { origin: SITE }, payload: card('4242424242424242') });
      expect(foreign.statusCode).toBe(403);
      const merchant = await sandbox.app.inject({ method: 'POST', url: '/v1/tokens', payload: card('4242424242424242', { merchant: 'other' }) });
      expect([merchant.statusCode, merchant.json<{ error: string }>().error]).toEqual([400, 'unknown_merchant']);
      const extra = await sandbox.app.inject({ method: 'POST', url: '/v1/tokens', payload: card('4242424242424242', { amount: 1 }) });
      expect(extra.statusCode).toBe(400);
      const broken = await sandbox.app.inject({ method: 'POST', url: '/v1/tokens', headers: { 'content-type': 'application/json' }, payload: '{"number":"4242424242424242",' });
      expect(broken.statusCode).toBe(400);
      expect(broken.body).not.toContain('4242');
      const form = await sandbox.app.inject({ method: 'POST', url: '/v1/tokens', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ merchant: MERCHANT, number: '4242424242424242' }).toString() });
      expect(form.statusCode).toBe(415);
    });
  });

});
