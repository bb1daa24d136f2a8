import { CHALLENGE_TTL_MS } from '../card-app';
import { cardUnderTest, RETURN_URL, SITE, type Charge } from './helpers';

/** The card provider sandbox: the 3-D Secure challenge. */
describe('card provider sandbox', () => {
  const { sandbox, AUTH, tokenOf, charge } = cardUnderTest();

  describe('3-D Secure', () => {
    async function challenged(number = '4000000000003220', lang = 'en'): Promise<Charge> {
      const res = await charge(await tokenOf(number, { lang }), { amount: 123456 });
      const body = res.json<Charge>();
      expect(body.status).toBe('requires_action');
      return body;
    }
    const path = (c: Charge) => new URL(String(c.action_url)).pathname;
    const post = (c: Charge, form: Record<string, string>) =>
      sandbox.app.inject({ method: 'POST', url: path(c), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() });
    const statusOf = async (c: Charge) => (await sandbox.app.inject({ method: 'GET', url: `/v1/charges/${c.id}`, headers: AUTH })).json<Charge>();

    it('shows the merchant, the amount in AED and the last four digits, asks for the code, never framed', async () => {
      const c = await challenged();
      const page = await sandbox.app.inject({ method: 'GET', url: path(c) });
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
      const page = await sandbox.app.inject({ method: 'GET', url: path(c) });
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
      const later = await sandbox.app.inject({ method: 'GET', url: path(c) });
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

    it('declines on Cancel: the check was not completed (authentication_cancelled), not failed', async () => {
      const c = await challenged();
      const res = await post(c, { action: 'cancel' });
      expect([res.statusCode, res.headers.location]).toEqual([303, RETURN_URL]);
      expect(await statusOf(c)).toMatchObject({ status: 'declined', decline_reason: 'authentication_cancelled' });
    });

    it('expires a challenge left 15 minutes: not completed (authentication_cancelled)', async () => {
      const c = await challenged();
      sandbox.clock += CHALLENGE_TTL_MS;
      expect(await statusOf(c)).toMatchObject({ status: 'declined', decline_reason: 'authentication_cancelled', action_url: null });
      const res = await post(c, { code: '123456', action: 'confirm' });
      expect([res.statusCode, res.headers.location]).toEqual([303, RETURN_URL]);
      expect((await statusOf(c)).status).toBe('declined');
    });

    it('is voided by the merchant: declined, and its page only sends the browser back', async () => {
      const c = await challenged();
      const cancel = (id: string, headers: Record<string, string> = AUTH) => sandbox.app.inject({ method: 'POST', url: `/v1/charges/${id}/cancel`, headers });
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
      const res = await sandbox.app.inject({ method: 'GET', url: '/3ds/ch_unknown' });
      expect(res.statusCode).toBe(404);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain('This payment cannot be confirmed');
    });
  });

});
