import Database from 'better-sqlite3';
import { API_ERROR_CODES, PaymentResult, ReceiptResponse } from '@join/shared/contract';
import { DECLINE_CODES } from '../payment';
import { CARD_DECLINE_REASONS } from '../providers';
import { cardToken } from '../../../testing/fake-card-provider';
import { COMMITMENT_3, newKey } from '../../../testing/payment-helpers';
import { expectError, finishThreeDs, flagsOf, paidReceipt, receiptMails, STARTER_FILS, startThreeDs, summaryOf, t, usePaymentApp } from './payment-answers';

/**
 * The payment routes (api/README.md "Payment") on a real SQLite file with the in-memory
 * providers. Visitors reach the payment step for real (number committed, plan saved, e-mail
 * login): is_plan_paid comes from the payments table only. This file: paying by card, with and without 3-D Secure.
 */
usePaymentApp();

describe('payment', () => {
  describe('by card', () => {
    it('charges the price as it is at charge time, not as the summary showed it', async () => {
      const v = await t.ready();
      expect((await summaryOf(t, v)).amount_fils).toBe(STARTER_FILS);
      const db = new Database(t.dbFile);
      try {
        db.prepare('UPDATE package_prices SET plan_net_price = 40 WHERE product_code = 187').run();
        const before = t.card.charges.length;
        const receipt = paidReceipt(await t.pay(v, '/api/payment/card', { token: cardToken() }, newKey()));
        // AED 40 + 5 % = 42.00.
        expect(receipt.amount_fils).toBe(4200);
        expect(receipt.vat_fils).toBe(200);
        expect(t.card.charges[before]?.amountFils).toBe(4200);
      } finally {
        db.prepare('UPDATE package_prices SET plan_net_price = 35 WHERE product_code = 187').run();
        db.close();
      }
    });

    it('a success captures, sets is_plan_paid, mails the receipt once; a replay of the key answers the same receipt without calling the provider', async () => {
      const v = await t.ready();
      expect((await flagsOf(t, v)).is_plan_paid).toBe(false);
      const key = newKey();
      const token = cardToken('ok', 'mastercard');
      const before = { charges: t.card.charges.length, calls: t.card.chargeCalls };
      const receipt = paidReceipt(await t.pay(v, '/api/payment/card', { token }, key));
      expect(receipt).toMatchObject({ method: 'card', amount_fils: STARTER_FILS, card: { brand: 'mastercard', last4: '4242' }, instalments: null, email: v.email });
      expect(receipt.reference).toMatch(/^JN-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
      expect((await flagsOf(t, v)).is_plan_paid).toBe(true);
      expect(receiptMails(t, v)).toHaveLength(1);
      expect(receiptMails(t, v)[0]?.text).toContain(receipt.reference);
      expect(receiptMails(t, v)[0]?.text).toContain('AED 36.75');
      // The same key again (a lost answer): the stored outcome, no second charge, no second mail.
      // The step guard lets nothing new start once paid, so the replay is refused with step_not_allowed.
      const again = await t.pay(v, '/api/payment/card', { token }, key);
      expectError(again, 409, API_ERROR_CODES.stepNotAllowed);
      expect({ charges: t.card.charges.length, calls: t.card.chargeCalls }).toEqual({ charges: before.charges + 1, calls: before.calls + 1 });
      expect(receiptMails(t, v)).toHaveLength(1);
      // The receipt stays readable, the payment step is closed.
      expect(ReceiptResponse.parse((await t.get(v, '/api/payment/receipt')).json()).receipt).toEqual(receipt);
      // Read in Arabic (the language switch reloads the confirmation): the plan named in Arabic.
      const inArabic = await t.app.inject({ method: 'GET', url: '/api/payment/receipt', headers: { ...v.headers, language: 'ar' } });
      const arabic = ReceiptResponse.parse(inArabic.json()).receipt;
      expect(arabic).toEqual({ ...receipt, product_name: expect.stringMatching(/[\u0600-\u06FF]/) });
      expectError(await t.get(v, '/api/payment/summary'), 409, API_ERROR_CODES.stepNotAllowed);
    });

    it('the same key twice at once charges once', async () => {
      const v = await t.ready();
      const key = newKey();
      const token = cardToken();
      const before = t.card.charges.length;
      const results = await Promise.all([t.pay(v, '/api/payment/card', { token }, key), t.pay(v, '/api/payment/card', { token }, key)]);
      expect(t.card.charges.length).toBe(before + 1);
      expect(results.filter((r) => r.statusCode === 200)).not.toHaveLength(0);
      expect(receiptMails(t, v)).toHaveLength(1);
    });

    it('two tabs at once with different keys: one charge, the other 409', async () => {
      const v = await t.ready();
      const before = t.card.charges.length;
      const results = await Promise.all([
        t.pay(v, '/api/payment/card', { token: cardToken() }, newKey()),
        t.pay(v, '/api/payment/card', { token: cardToken() }, newKey()),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(t.card.charges.length).toBe(before + 1);
    });

    it('maps every decline to its SPEC 8 code (402), and a new attempt may follow', async () => {
      const v = await t.ready();
      for (const reason of CARD_DECLINE_REASONS) {
        if (reason === 'token_invalid') continue;
        const res = await t.pay(v, '/api/payment/card', { token: cardToken(reason) }, newKey());
        expectError(res, 402, DECLINE_CODES[reason]);
      }
      expect((await flagsOf(t, v)).is_plan_paid).toBe(false);
      paidReceipt(await t.pay(v, '/api/payment/card', { token: cardToken() }, newKey()));
    });

    it('the SPEC 8 codes of the declines', () => {
      expect(DECLINE_CODES).toEqual({
        expired_card: -7109,
        insufficient_funds: -7011,
        processing_error: -10012,
        try_again_later: -7106,
        fraudulent: -7103,
        incorrect_cvc: -7105,
        unsupported_brand: -7110,
        incorrect_details: -7108,
        generic_decline: -7099,
        not_eligible: 'non_eligible_card',
        recurring_not_allowed: 'non_recurring_card',
        token_invalid: 'nonce_error',
        // A 3-D Secure check is not a card brand (-7110 "only three card brands"): our keys.
        authentication_failed: 'three_ds_failed',
        authentication_cancelled: 'three_ds_cancelled',
      });
    });

    it('a used token is a nonce_error; a declined key replayed answers the same decline without the provider', async () => {
      const v = await t.ready();
      const token = cardToken('insufficient_funds');
      const key = newKey();
      expectError(await t.pay(v, '/api/payment/card', { token }, key), 402, -7011);
      const calls = t.card.chargeCalls;
      expectError(await t.pay(v, '/api/payment/card', { token }, key), 402, -7011);
      expect(t.card.chargeCalls).toBe(calls);
      expectError(await t.pay(v, '/api/payment/card', { token }, newKey()), 402, 'nonce_error');
    });

    it('a key reused for another token is refused', async () => {
      const v = await t.ready();
      const key = newKey();
      expectError(await t.pay(v, '/api/payment/card', { token: cardToken('expired_card') }, key), 402, -7109);
      expectError(await t.pay(v, '/api/payment/card', { token: cardToken() }, key), 422, 'idempotency_key_reused');
    });

    it('a commitment asks the provider for a recurring charge', async () => {
      const v = await t.ready(COMMITMENT_3);
      paidReceipt(await t.pay(v, '/api/payment/card', { token: cardToken() }, newKey()));
      expect(t.card.charges.at(-1)?.request.recurring).toBe(true);
    });

    it('provider unavailable: 503 -7106, and the retry with the same key charges once (even when the lost answer had charged)', async () => {
      const v = await t.ready();
      const key = newKey();
      const token = cardToken();
      t.card.unavailable = true;
      try {
        expectError(await t.pay(v, '/api/payment/card', { token }, key), 503, -7106);
      } finally {
        t.card.unavailable = false;
      }
      // Another key meanwhile: the first attempt is still open.
      expectError(await t.pay(v, '/api/payment/card', { token: cardToken() }, newKey()), 409, 'payment_in_progress');
      const before = t.card.charges.length;
      t.card.unavailableAfterCharge = true;
      try {
        expectError(await t.pay(v, '/api/payment/card', { token }, key), 503, -7106);
      } finally {
        t.card.unavailableAfterCharge = false;
      }
      expect(t.card.charges.length).toBe(before + 1);
      expect((await flagsOf(t, v)).is_plan_paid).toBe(false);
      paidReceipt(await t.pay(v, '/api/payment/card', { token }, key));
      expect(t.card.charges.length).toBe(before + 1);
      expect(receiptMails(t, v)).toHaveLength(1);
    });

    it('a receipt e-mail that fails never undoes the payment', async () => {
      const v = await t.ready();
      t.mail.failWith = new Error('SMTP down');
      try {
        paidReceipt(await t.pay(v, '/api/payment/card', { token: cardToken() }, newKey()));
      } finally {
        t.mail.failWith = null;
      }
      expect((await flagsOf(t, v)).is_plan_paid).toBe(true);
      expect(ReceiptResponse.parse((await t.get(v, '/api/payment/receipt')).json()).receipt.amount_fils).toBe(STARTER_FILS);
    });
  });

  describe('3-D Secure', () => {
    it('a reload mid-check replays the action; another tab is 409; the confirm asks the provider and charges once', async () => {
      const v = await t.ready();
      const key = newKey();
      const token = cardToken('3ds');
      const first = await startThreeDs(t, v, { key, token });
      expect(first.action_url).toMatch(/^https:\/\/card\.example\.test\/3ds\//);
      const charge = t.card.charges.at(-1);
      expect(charge?.request.returnUrl).toBe(`http://localhost:80/#/payment/payfort_token?payment=${first.payment_id}`);
      expect(charge?.request.reference).toBe(first.payment_id);
      const calls = t.card.chargeCalls;
      // The page reloads and sends the same attempt again: the same action, no provider call.
      expect(PaymentResult.parse((await t.pay(v, '/api/payment/card', { token }, key)).json())).toEqual(first);
      expect(t.card.chargeCalls).toBe(calls);
      // Another tab: refused while the check is open.
      expectError(await t.pay(v, '/api/payment/card', { token: cardToken() }, newKey()), 409, 'payment_in_progress');
      // Back from the bank before finishing: not paid yet.
      expectError(await t.pay(v, '/api/payment/card/confirm', { payment_id: first.payment_id }), 409, 'payment_in_progress');
      expect((await flagsOf(t, v)).is_plan_paid).toBe(false);

      t.card.completeAction(charge?.id ?? '', 'succeeded');
      const receipt = paidReceipt(await t.pay(v, '/api/payment/card/confirm', { payment_id: first.payment_id }));
      expect(receipt.amount_fils).toBe(STARTER_FILS);
      expect((await flagsOf(t, v)).is_plan_paid).toBe(true);
      // Confirming twice answers the same receipt; one charge, one mail.
      expect(paidReceipt(await t.pay(v, '/api/payment/card/confirm', { payment_id: first.payment_id }))).toEqual(receipt);
      expect(t.card.chargeCalls).toBe(calls);
      expect(receiptMails(t, v)).toHaveLength(1);
    });

    /**
     * A check the bank failed (wrong codes) or one not finished (Cancel on the bank's
     * page, its time run out) is neither SPEC 8's -7110 (only three card brands) nor a card
     * problem: each has its own key, and the answer says nothing was charged.
     */
    it.each([
      { outcome: 'authentication_failed', code: 'three_ds_failed', message: /bank could not confirm.*nothing was charged/i },
      { outcome: 'authentication_cancelled', code: 'three_ds_cancelled', message: /not completed.*nothing was charged/i },
    ] as const)('a check ending $outcome is 402 $code, says nothing was charged, and lets a new attempt go', async ({ outcome, code, message }) => {
      const v = await t.ready();
      const succeeded = t.card.succeeded;
      const first = await startThreeDs(t, v);
      finishThreeDs(t, outcome);
      const res = await t.pay(v, '/api/payment/card/confirm', { payment_id: first.payment_id });
      expectError(res, 402, code);
      expect((res.json() as { message: string }).message).toMatch(message);
      expect(t.card.succeeded).toBe(succeeded);
      expect((await flagsOf(t, v)).is_plan_paid).toBe(false);
      // The same answer when asked again (a reload of the return page).
      expectError(await t.pay(v, '/api/payment/card/confirm', { payment_id: first.payment_id }), 402, code);
      paidReceipt(await t.pay(v, '/api/payment/card', { token: cardToken() }, newKey()));
    });

    it('an abandoned check that the bank failed meanwhile does not block a new card', async () => {
      const v = await t.ready();
      await startThreeDs(t, v);
      finishThreeDs(t, 'authentication_failed');
      paidReceipt(await t.pay(v, '/api/payment/card', { token: cardToken() }, newKey()));
    });

    it("another user's payment id reads as 404", async () => {
      const owner = await t.ready();
      const first = await startThreeDs(t, owner);
      finishThreeDs(t, 'succeeded');
      const other = await t.ready();
      expectError(await t.pay(other, '/api/payment/card/confirm', { payment_id: first.payment_id }), 404, API_ERROR_CODES.notFound);
      expect((await flagsOf(t, other)).is_plan_paid).toBe(false);
      expect((await flagsOf(t, owner)).is_plan_paid).toBe(false);
    });
  });
});
