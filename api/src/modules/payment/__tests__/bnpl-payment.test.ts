import { API_ERROR_CODES, PreferencesResponse, ReceiptResponse } from '@join/shared/contract';
import { cardToken } from '../../../testing/fake-card-provider';
import { COMMITMENT_3, newKey, TOURIST_STARTER } from '../../../testing/payment-helpers';
import { EXPLORER, expectError, flagsOf, paidReceipt, receiptMails, shareWithBnpl, startBnpl, t, usePaymentApp } from './payment-answers';

/**
 * The payment routes (api/README.md "Payment") on a real SQLite file with the in-memory
 * providers. Visitors reach the payment step for real (number committed, plan saved, e-mail
 * login): is_plan_paid comes from the payments table only. This file: buy now, pay later.
 */
usePaymentApp();

describe('payment', () => {
  describe('buy now, pay later', () => {
    it('with the consent recorded, opens a checkout with our return addresses; without the approval nothing is paid', async () => {
      const v = await t.ready(EXPLORER);
      const first = await startBnpl(t, v);
      const prefs = PreferencesResponse.parse((await t.get(v, '/api/me/preferences')).json()).preferences;
      expect(prefs).toContainEqual({ PreferenceID: 9, Value: true });
      const checkout = t.bnpl.checkouts.at(-1);
      expect(checkout?.request).toMatchObject({
        reference: first.payment_id,
        amountFils: 10395,
        successUrl: `http://localhost:80/spotii-success?payment=${first.payment_id}`,
        failureUrl: `http://localhost:80/spotii-fail?payment=${first.payment_id}`,
        customer: { email: v.email },
      });
      // The success address reached without the provider's approval: refused, not paid.
      expectError(await t.pay(v, '/api/payment/bnpl/confirm', { payment_id: first.payment_id }), 402, 'spotii_error');
      expect((await flagsOf(t, v)).is_plan_paid).toBe(false);
      expect(t.bnpl.captures).toBe(0);

      const second = await startBnpl(t, v);
      t.bnpl.decide(t.bnpl.checkouts.at(-1)?.id ?? '', 'approved');
      const receipt = paidReceipt(await t.pay(v, '/api/payment/bnpl/confirm', { payment_id: second.payment_id }));
      expect(receipt).toMatchObject({ method: 'bnpl', amount_fils: 10395, card: null });
      expect(receipt.instalments).toHaveLength(4);
      expect((await flagsOf(t, v)).is_plan_paid).toBe(true);
      expect(paidReceipt(await t.pay(v, '/api/payment/bnpl/confirm', { payment_id: second.payment_id }))).toEqual(receipt);
      expect(t.bnpl.captures).toBe(1);
      expect(receiptMails(t, v)).toHaveLength(1);
    });

    it('a rejected checkout is spotii_error; card payment may follow', async () => {
      const v = await t.ready(EXPLORER);
      const started = await startBnpl(t, v);
      t.bnpl.decide(t.bnpl.checkouts.at(-1)?.id ?? '', 'rejected');
      expectError(await t.pay(v, '/api/payment/bnpl/confirm', { payment_id: started.payment_id }), 402, 'spotii_error');
      paidReceipt(await t.pay(v, '/api/payment/card', { token: cardToken() }, newKey()));
    });

    it('an abandoned checkout does not block the card; approving it later captures nothing', async () => {
      const v = await t.ready(EXPLORER);
      const abandoned = await startBnpl(t, v);
      paidReceipt(await t.pay(v, '/api/payment/card', { token: cardToken() }, newKey()));
      t.bnpl.decide(t.bnpl.checkouts.at(-1)?.id ?? '', 'approved');
      const captures = t.bnpl.captures;
      // Paid by card: the confirm is allowed (confirmation rule) but the checkout was closed on our side.
      expectError(await t.pay(v, '/api/payment/bnpl/confirm', { payment_id: abandoned.payment_id }), 402, 'spotii_error');
      expect(t.bnpl.captures).toBe(captures);
      expect(ReceiptResponse.parse((await t.get(v, '/api/payment/receipt')).json()).receipt.method).toBe('card');
    });

    it('the same key replays the same checkout', async () => {
      const v = await t.ready(EXPLORER);
      const key = newKey();
      const first = await startBnpl(t, v, key);
      expect(await startBnpl(t, v, key)).toEqual(first);
    });

    it('is refused (409) where it is not offered: a commitment, an amount below the provider minimum', async () => {
      for (const plan of [COMMITMENT_3, TOURIST_STARTER]) {
        const v = await t.ready(plan);
        await shareWithBnpl(t, v);
        expectError(await t.pay(v, '/api/payment/bnpl', { consent: 'true' }, newKey()), 409, 'bnpl_not_offered');
      }
    });

    it('is refused (409) until the visitor has agreed to share their details (preference 9 on the server, not the page’s word)', async () => {
      const v = await t.ready(EXPLORER);
      const checkouts = t.bnpl.checkouts.length;
      // Never given: the body's consent alone does not start a checkout.
      expectError(await t.pay(v, '/api/payment/bnpl', { consent: 'true' }, newKey()), 409, API_ERROR_CODES.flowOrder);
      // Given, then withdrawn.
      await shareWithBnpl(t, v, true);
      await shareWithBnpl(t, v, false);
      expectError(await t.pay(v, '/api/payment/bnpl', { consent: 'true' }, newKey()), 409, API_ERROR_CODES.flowOrder);
      // Another visitor's consent is not this one's.
      await shareWithBnpl(t, await t.ready(EXPLORER), true);
      expectError(await t.pay(v, '/api/payment/bnpl', { consent: 'true' }, newKey()), 409, API_ERROR_CODES.flowOrder);
      expect(t.bnpl.checkouts.length).toBe(checkouts);
      expect((await flagsOf(t, v)).is_plan_paid).toBe(false);
      await startBnpl(t, v);
      expect(t.bnpl.checkouts.length).toBe(checkouts + 1);
    });

    it('needs the consent', async () => {
      const v = await t.ready(EXPLORER);
      expectError(await t.pay(v, '/api/payment/bnpl', {}, newKey()), 400, API_ERROR_CODES.badRequest);
      expectError(await t.pay(v, '/api/payment/bnpl', { consent: 'false' }, newKey()), 400, API_ERROR_CODES.badRequest);
    });
  });
});
