import { API_ERROR_CODES, ContractRequestResponse } from '@join/shared/contract';
import { cardToken, FAKE_CARD_ORIGIN } from '../../../testing/fake-card-provider';
import { COMMITMENT_3, newKey, TOURIST_STARTER } from '../../../testing/payment-helpers';
import { EXPLORER, expectError, STARTER_FILS, summaryOf, t, usePaymentApp } from './payment-answers';

/**
 * The payment routes (api/README.md "Payment") on a real SQLite file with the in-memory
 * providers. Visitors reach the payment step for real (number committed, plan saved, e-mail
 * login): is_plan_paid comes from the payments table only. This file: the summary, who may pay, and the commitment contract by e-mail.
 */
usePaymentApp();

describe('payment', () => {
  describe('the summary', () => {
    it('re-prices the saved plan now: amount in fils with VAT, the committed number, the card fields', async () => {
      const v = await t.ready();
      const s = await summaryOf(t, v);
      expect(s.amount_fils).toBe(STARTER_FILS);
      expect(s.currency).toBe('AED');
      expect(s.package_price.NetPrice + s.package_price.VATAmount).toBeCloseTo(36.75, 2);
      expect(s.product.ProductCode).toBe(187);
      expect(s.recurring).toBe(false);
      expect(s.promo_hint).toBe(false);
      expect(s.card).toEqual({ fields_url: `${FAKE_CARD_ORIGIN}/fields`, merchant_id: t.card.merchantId });
      // Below the provider's minimum (AED 100): no instalments.
      expect(s.bnpl).toBeNull();
      expect(s.apple_pay).toBe(false);
      const reservation = (await t.get(v, '/api/numbers/reservation')).json() as { reservations: { number: { MSISDN: string }; committed: boolean }[] };
      expect(reservation.reservations[0]?.committed).toBe(true);
      expect(s.msisdn).toBe(reservation.reservations[0]?.number.MSISDN);
    });

    it('offers four instalments (the first today in Dubai) within the provider limits, and the promo hint from AED 79', async () => {
      const v = await t.ready(EXPLORER);
      const s = await summaryOf(t, v);
      expect(s.amount_fils).toBe(10395);
      expect(s.promo_hint).toBe(true);
      expect(s.bnpl?.provider).toBe('Spotii');
      expect(s.bnpl?.instalments.map((i) => i.due_date)).toEqual(['2026-01-15', '2026-02-15', '2026-03-15', '2026-04-15']);
      expect(s.bnpl?.instalments.reduce((sum, i) => sum + i.amount_fils, 0)).toBe(10395);
    });

    it('a commitment is recurring and gets no instalments', async () => {
      const v = await t.ready(COMMITMENT_3);
      const s = await summaryOf(t, v);
      expect(s.recurring).toBe(true);
      expect(s.bnpl).toBeNull();
    });

    it('Apple Pay stays off although product 199 allows it: the configuration disables it (SPEC 9)', async () => {
      const v = await t.ready({ product_code: 199, plan_ids: '1991,1992,1993' });
      expect((await summaryOf(t, v)).apple_pay).toBe(false);
    });
  });

  describe('access', () => {
    it('refuses a device-id session (no e-mail login) with the step guard', async () => {
      const v = await t.login();
      expectError(await t.get(v, '/api/payment/summary'), 409, API_ERROR_CODES.stepNotAllowed);
      expectError(await t.pay(v, '/api/payment/card', { token: cardToken() }, newKey()), 409, API_ERROR_CODES.stepNotAllowed);
      expectError(await t.get(v, '/api/payment/receipt'), 409, API_ERROR_CODES.stepNotAllowed);
      expect(t.card.charges.length).toBe(0);
    });

    it('refuses a call without a session', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/payment/summary' });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    });

    it('needs an idempotency key of the contract shape', async () => {
      const v = await t.ready();
      expectError(await t.pay(v, '/api/payment/card', { token: cardToken() }), 400, API_ERROR_CODES.badRequest);
      const bad = await t.pay(v, '/api/payment/card', { token: cardToken() }, 'short');
      expectError(bad, 400, API_ERROR_CODES.badRequest);
      expect((bad.json() as { field: string }).field).toBe('headers.idempotency-key');
      expect(t.card.charges.length).toBe(0);
    });

    it('refuses an amount (or anything else) in the body: the server charges its own amount', async () => {
      const v = await t.ready();
      const res = await t.pay(v, '/api/payment/card', { token: cardToken(), amount_fils: 1 }, newKey());
      expectError(res, 400, API_ERROR_CODES.badRequest);
      expect((res.json() as { field: string }).field).toBe('body.amount_fils');
      expectError(await t.pay(v, '/api/payment/card', { token: '4242424242424242' }, newKey()), 400, API_ERROR_CODES.badRequest);
    });

    it('needs the number confirmed (committed) before anything is priced or charged', async () => {
      const v = await t.ready(TOURIST_STARTER, { commit: false });
      expectError(await t.get(v, '/api/payment/summary'), 409, API_ERROR_CODES.flowOrder);
      const before = t.card.chargeCalls;
      expectError(await t.pay(v, '/api/payment/card', { token: cardToken() }, newKey()), 409, API_ERROR_CODES.flowOrder);
      expect(t.card.chargeCalls).toBe(before);
    });

    it('receipt: 404 before paying', async () => {
      const v = await t.ready();
      expectError(await t.get(v, '/api/payment/receipt'), 404, API_ERROR_CODES.notFound);
    });
  });

  describe('the commitment contract', () => {
    it('mails the contract of a saved commitment plan', async () => {
      const v = await t.ready(COMMITMENT_3);
      const res = await t.pay(v, '/api/me/contract_request', {});
      expect(res.statusCode).toBe(200);
      expect(ContractRequestResponse.parse(res.json())).toEqual({ email: v.email });
      const mail = t.mail.to(v.email).at(-1);
      expect(mail?.subject).toContain('commitment contract');
      // 103: AED 100 a month + 5 % VAT, 3 months.
      expect(mail?.text).toContain('3 months');
      expect(mail?.text).toContain('AED 105.00');
      expect(mail?.text).toContain('AED 315.00');
    });

    it('in Arabic, right to left', async () => {
      const v = await t.ready(COMMITMENT_3, { language: 'ar' });
      expect((await t.pay(v, '/api/me/contract_request', {})).statusCode).toBe(200);
      const mail = t.mail.to(v.email).at(-1);
      expect(mail?.language).toBe('ar');
      expect(mail?.html).toContain('dir="rtl"');
      expect(mail?.subject).toContain('عقد الالتزام');
    });

    it('409 for a plan that is not a commitment; 403 without an e-mail login', async () => {
      expectError(await t.pay(await t.ready(TOURIST_STARTER), '/api/me/contract_request', {}), 409, 'not_commitment');
      expectError(await t.pay(await t.login(), '/api/me/contract_request', {}), 403, 'login_required');
    });
  });
});
