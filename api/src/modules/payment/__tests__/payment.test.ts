import { mkdirSync, writeFileSync } from 'node:fs';
import { tempDir } from '../../../testing/harness';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import {
  API_ERROR_CODES,
  BnplStartResponse,
  ContractRequestResponse,
  FlowStatusResponse,
  PaymentResult,
  PaymentSummaryResponse,
  PreferencesResponse,
  ReceiptResponse,
} from '@join/shared/contract';
import { DECLINE_CODES } from '../payment';
import { REDACTED } from '../../../platform/http/log-redaction';
import { CARD_DECLINE_REASONS } from '../providers';
import { cardToken, FAKE_CARD_ORIGIN } from '../../../testing/fake-card-provider';
import { COMMITMENT_3, createPaymentTestApp, newKey, TOURIST_STARTER, type PaymentTestApp } from '../../../testing/payment-helpers';
import type { Visitor } from '../../../testing/harness';

/**
 * The payment routes (api/README.md "Payment") on a real SQLite file with the in-memory
 * providers. Visitors reach the payment step for real (number committed, plan saved, e-mail
 * login): is_plan_paid comes from the payments table only.
 */
const codeOf = (res: LightMyRequestResponse) => (res.json() as { code?: unknown }).code;
const expectError = (res: LightMyRequestResponse, status: number, code: number | string) =>
  expect({ status: res.statusCode, code: codeOf(res) }).toEqual({ status, code });

/** Product 187: AED 35 + 5 % VAT = AED 36.75. 188: AED 99 + VAT = 103.95 (BNPL range, promo hint). */
const STARTER_FILS = 3675;
const EXPLORER = { product_code: 188, plan_ids: '1881,1882,1883' };

describe('payment', () => {
  let t: PaymentTestApp;
  beforeAll(async () => {
    t = await createPaymentTestApp();
  });
  afterAll(() => t.close());

  const summary = async (v: Visitor) => {
    const res = await t.get(v, '/api/payment/summary');
    expect(res.statusCode).toBe(200);
    return PaymentSummaryResponse.parse(res.json());
  };
  const flags = async (v: Visitor) => FlowStatusResponse.parse((await t.get(v, '/api/me/flow_status')).json()).flow_status_flags;
  const paid = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(200);
    const result = PaymentResult.parse(res.json());
    if (result.status !== 'paid') throw new Error(`expected paid, got ${res.body}`);
    return result.receipt;
  };
  const charges = () => t.card.charges.length;
  const receipts = (v: Visitor & { email: string }) => t.mail.to(v.email).filter((m) => m.subject.startsWith('Your payment receipt'));

  describe('the summary', () => {
    it('re-prices the saved plan now: amount in fils with VAT, the committed number, the card fields', async () => {
      const v = await t.ready();
      const s = await summary(v);
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
      const s = await summary(v);
      expect(s.amount_fils).toBe(10395);
      expect(s.promo_hint).toBe(true);
      expect(s.bnpl?.provider).toBe('Spotii');
      expect(s.bnpl?.instalments.map((i) => i.due_date)).toEqual(['2026-01-15', '2026-02-15', '2026-03-15', '2026-04-15']);
      expect(s.bnpl?.instalments.reduce((sum, i) => sum + i.amount_fils, 0)).toBe(10395);
    });

    it('a commitment is recurring and gets no instalments', async () => {
      const v = await t.ready(COMMITMENT_3);
      const s = await summary(v);
      expect(s.recurring).toBe(true);
      expect(s.bnpl).toBeNull();
    });

    it('Apple Pay stays off although product 199 allows it: the configuration disables it (SPEC 9)', async () => {
      const v = await t.ready({ product_code: 199, plan_ids: '1991,1992,1993' });
      expect((await summary(v)).apple_pay).toBe(false);
    });
  });

  describe('access', () => {
    it('refuses a device-id session (no e-mail login) with the step guard', async () => {
      const v = await t.login();
      expectError(await t.get(v, '/api/payment/summary'), 409, API_ERROR_CODES.stepNotAllowed);
      expectError(await t.pay(v, '/api/payment/card', { token: cardToken() }, newKey()), 409, API_ERROR_CODES.stepNotAllowed);
      expectError(await t.get(v, '/api/payment/receipt'), 409, API_ERROR_CODES.stepNotAllowed);
      expect(charges()).toBe(0);
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
      expect(charges()).toBe(0);
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

  describe('by card', () => {
    it('charges the price as it is at charge time, not as the summary showed it', async () => {
      const v = await t.ready();
      expect((await summary(v)).amount_fils).toBe(STARTER_FILS);
      const db = new Database(t.dbFile);
      try {
        db.prepare('UPDATE package_prices SET plan_net_price = 40 WHERE product_code = 187').run();
        const before = charges();
        const receipt = paid(await t.pay(v, '/api/payment/card', { token: cardToken() }, newKey()));
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
      expect((await flags(v)).is_plan_paid).toBe(false);
      const key = newKey();
      const token = cardToken('ok', 'mastercard');
      const before = { charges: charges(), calls: t.card.chargeCalls };
      const receipt = paid(await t.pay(v, '/api/payment/card', { token }, key));
      expect(receipt).toMatchObject({ method: 'card', amount_fils: STARTER_FILS, card: { brand: 'mastercard', last4: '4242' }, instalments: null, email: v.email });
      expect(receipt.reference).toMatch(/^JN-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
      expect((await flags(v)).is_plan_paid).toBe(true);
      expect(receipts(v)).toHaveLength(1);
      expect(receipts(v)[0]?.text).toContain(receipt.reference);
      expect(receipts(v)[0]?.text).toContain('AED 36.75');
      // The same key again (a lost answer): the stored outcome, no second charge, no second mail.
      // The step guard lets nothing new start once paid, so the replay is refused with step_not_allowed.
      const again = await t.pay(v, '/api/payment/card', { token }, key);
      expectError(again, 409, API_ERROR_CODES.stepNotAllowed);
      expect({ charges: charges(), calls: t.card.chargeCalls }).toEqual({ charges: before.charges + 1, calls: before.calls + 1 });
      expect(receipts(v)).toHaveLength(1);
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
      const before = charges();
      const results = await Promise.all([t.pay(v, '/api/payment/card', { token }, key), t.pay(v, '/api/payment/card', { token }, key)]);
      expect(charges()).toBe(before + 1);
      expect(results.filter((r) => r.statusCode === 200)).not.toHaveLength(0);
      expect(receipts(v)).toHaveLength(1);
    });

    it('two tabs at once with different keys: one charge, the other 409', async () => {
      const v = await t.ready();
      const before = charges();
      const results = await Promise.all([
        t.pay(v, '/api/payment/card', { token: cardToken() }, newKey()),
        t.pay(v, '/api/payment/card', { token: cardToken() }, newKey()),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(charges()).toBe(before + 1);
    });

    it('maps every decline to its SPEC 8 code (402), and a new attempt may follow', async () => {
      const v = await t.ready();
      for (const reason of CARD_DECLINE_REASONS) {
        if (reason === 'token_invalid') continue;
        const res = await t.pay(v, '/api/payment/card', { token: cardToken(reason) }, newKey());
        expectError(res, 402, DECLINE_CODES[reason]);
      }
      expect((await flags(v)).is_plan_paid).toBe(false);
      paid(await t.pay(v, '/api/payment/card', { token: cardToken() }, newKey()));
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
      paid(await t.pay(v, '/api/payment/card', { token: cardToken() }, newKey()));
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
      const before = charges();
      t.card.unavailableAfterCharge = true;
      try {
        expectError(await t.pay(v, '/api/payment/card', { token }, key), 503, -7106);
      } finally {
        t.card.unavailableAfterCharge = false;
      }
      expect(charges()).toBe(before + 1);
      expect((await flags(v)).is_plan_paid).toBe(false);
      paid(await t.pay(v, '/api/payment/card', { token }, key));
      expect(charges()).toBe(before + 1);
      expect(receipts(v)).toHaveLength(1);
    });

    it('a receipt e-mail that fails never undoes the payment', async () => {
      const v = await t.ready();
      t.mail.failWith = new Error('SMTP down');
      try {
        paid(await t.pay(v, '/api/payment/card', { token: cardToken() }, newKey()));
      } finally {
        t.mail.failWith = null;
      }
      expect((await flags(v)).is_plan_paid).toBe(true);
      expect(ReceiptResponse.parse((await t.get(v, '/api/payment/receipt')).json()).receipt.amount_fils).toBe(STARTER_FILS);
    });
  });

  describe('3-D Secure', () => {
    it('a reload mid-check replays the action; another tab is 409; the confirm asks the provider and charges once', async () => {
      const v = await t.ready();
      const key = newKey();
      const token = cardToken('3ds');
      const first = PaymentResult.parse((await t.pay(v, '/api/payment/card', { token }, key)).json());
      if (first.status !== 'action_required') throw new Error('expected the 3-D Secure step');
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
      expect((await flags(v)).is_plan_paid).toBe(false);

      t.card.completeAction(charge?.id ?? '', 'succeeded');
      const receipt = paid(await t.pay(v, '/api/payment/card/confirm', { payment_id: first.payment_id }));
      expect(receipt.amount_fils).toBe(STARTER_FILS);
      expect((await flags(v)).is_plan_paid).toBe(true);
      // Confirming twice answers the same receipt; one charge, one mail.
      expect(paid(await t.pay(v, '/api/payment/card/confirm', { payment_id: first.payment_id }))).toEqual(receipt);
      expect(t.card.chargeCalls).toBe(calls);
      expect(receipts(v)).toHaveLength(1);
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
      const first = PaymentResult.parse((await t.pay(v, '/api/payment/card', { token: cardToken('3ds') }, newKey())).json());
      if (first.status !== 'action_required') throw new Error('expected the 3-D Secure step');
      t.card.completeAction(t.card.charges.at(-1)?.id ?? '', outcome);
      const res = await t.pay(v, '/api/payment/card/confirm', { payment_id: first.payment_id });
      expectError(res, 402, code);
      expect((res.json() as { message: string }).message).toMatch(message);
      expect(t.card.succeeded).toBe(succeeded);
      expect((await flags(v)).is_plan_paid).toBe(false);
      // The same answer when asked again (a reload of the return page).
      expectError(await t.pay(v, '/api/payment/card/confirm', { payment_id: first.payment_id }), 402, code);
      paid(await t.pay(v, '/api/payment/card', { token: cardToken() }, newKey()));
    });

    it('an abandoned check that the bank failed meanwhile does not block a new card', async () => {
      const v = await t.ready();
      const first = PaymentResult.parse((await t.pay(v, '/api/payment/card', { token: cardToken('3ds') }, newKey())).json());
      if (first.status !== 'action_required') throw new Error('expected the 3-D Secure step');
      t.card.completeAction(t.card.charges.at(-1)?.id ?? '', 'authentication_failed');
      paid(await t.pay(v, '/api/payment/card', { token: cardToken() }, newKey()));
    });

    it("another user's payment id reads as 404", async () => {
      const owner = await t.ready();
      const first = PaymentResult.parse((await t.pay(owner, '/api/payment/card', { token: cardToken('3ds') }, newKey())).json());
      if (first.status !== 'action_required') throw new Error('expected the 3-D Secure step');
      t.card.completeAction(t.card.charges.at(-1)?.id ?? '', 'succeeded');
      const other = await t.ready();
      expectError(await t.pay(other, '/api/payment/card/confirm', { payment_id: first.payment_id }), 404, API_ERROR_CODES.notFound);
      expect((await flags(other)).is_plan_paid).toBe(false);
      expect((await flags(owner)).is_plan_paid).toBe(false);
    });
  });

  describe('buy now, pay later', () => {
    const start = async (v: Visitor, key = newKey()) => {
      const res = await t.pay(v, '/api/payment/bnpl', { consent: 'true' }, key);
      expect(res.statusCode).toBe(200);
      return BnplStartResponse.parse(res.json());
    };

    it('records the consent, opens a checkout with our return addresses; without the approval nothing is paid', async () => {
      const v = await t.ready(EXPLORER);
      const first = await start(v);
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
      expect((await flags(v)).is_plan_paid).toBe(false);
      expect(t.bnpl.captures).toBe(0);

      const second = await start(v);
      t.bnpl.decide(t.bnpl.checkouts.at(-1)?.id ?? '', 'approved');
      const receipt = paid(await t.pay(v, '/api/payment/bnpl/confirm', { payment_id: second.payment_id }));
      expect(receipt).toMatchObject({ method: 'bnpl', amount_fils: 10395, card: null });
      expect(receipt.instalments).toHaveLength(4);
      expect((await flags(v)).is_plan_paid).toBe(true);
      expect(paid(await t.pay(v, '/api/payment/bnpl/confirm', { payment_id: second.payment_id }))).toEqual(receipt);
      expect(t.bnpl.captures).toBe(1);
      expect(receipts(v)).toHaveLength(1);
    });

    it('a rejected checkout is spotii_error; card payment may follow', async () => {
      const v = await t.ready(EXPLORER);
      const started = await start(v);
      t.bnpl.decide(t.bnpl.checkouts.at(-1)?.id ?? '', 'rejected');
      expectError(await t.pay(v, '/api/payment/bnpl/confirm', { payment_id: started.payment_id }), 402, 'spotii_error');
      paid(await t.pay(v, '/api/payment/card', { token: cardToken() }, newKey()));
    });

    it('an abandoned checkout does not block the card; approving it later captures nothing', async () => {
      const v = await t.ready(EXPLORER);
      const abandoned = await start(v);
      paid(await t.pay(v, '/api/payment/card', { token: cardToken() }, newKey()));
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
      const first = await start(v, key);
      expect(await start(v, key)).toEqual(first);
    });

    it('is refused (409) where it is not offered: a commitment, an amount below the provider minimum', async () => {
      expectError(await t.pay(await t.ready(COMMITMENT_3), '/api/payment/bnpl', { consent: 'true' }, newKey()), 409, 'bnpl_not_offered');
      expectError(await t.pay(await t.ready(TOURIST_STARTER), '/api/payment/bnpl', { consent: 'true' }, newKey()), 409, 'bnpl_not_offered');
    });

    it('needs the consent', async () => {
      const v = await t.ready(EXPLORER);
      expectError(await t.pay(v, '/api/payment/bnpl', {}, newKey()), 400, API_ERROR_CODES.badRequest);
      expectError(await t.pay(v, '/api/payment/bnpl', { consent: 'false' }, newKey()), 400, API_ERROR_CODES.badRequest);
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

describe('payment without providers', () => {
  let t: PaymentTestApp;
  beforeAll(async () => {
    t = await createPaymentTestApp({ withCard: false, withBnpl: false });
  });
  afterAll(() => t.close());

  it('answers 503 with a clear message', async () => {
    const v = await t.ready();
    const res = await t.get(v, '/api/payment/summary');
    expectError(res, 503, 'payment_unavailable');
    expect((res.json() as { message: string }).message).toMatch(/not available/);
    expectError(await t.pay(v, '/api/payment/card', { token: cardToken() }, newKey()), 503, 'payment_unavailable');
    expectError(await t.pay(v, '/api/payment/bnpl', { consent: 'true' }, newKey()), 503, 'payment_unavailable');
  });

  it('the CSP frames nothing but this site', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/translations?language=en' });
    expect(res.headers['content-security-policy']).not.toContain('frame-src');
  });
});

describe('the CSP with a card provider', () => {
  it('frame-src allows exactly the provider origin, on the document (the page that frames the fields)', async () => {
    const root = tempDir();
    const hostDir = join(root.path, 'host');
    mkdirSync(hostDir, { recursive: true });
    writeFileSync(join(hostDir, 'index.html'), '<!doctype html><html lang="en"><title>Join</title></html>');
    writeFileSync(join(hostDir, 'main.js'), 'console.log(1)');
    const t = await createPaymentTestApp({ static: { hostDir, remoteDirs: {} } });
    try {
      const page = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      const csp = String(page.headers['content-security-policy']);
      const frame = csp.split('; ').find((d) => d.startsWith('frame-src'));
      expect(frame).toBe(`frame-src ${FAKE_CARD_ORIGIN}`);
      expect(csp).toContain("frame-ancestors 'none'");
      // Answers that are no document keep the CSP without frame-src (it means nothing there).
      for (const url of ['/main.js', '/api/translations?language=en']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
        expect(String(res.headers['content-security-policy'])).not.toContain('frame-src');
      }
    } finally {
      await t.close();
      root.remove();
    }
  });
});

describe('the card token stays out of the log', () => {
  it('logs the payment events without any token, and redacts a token wherever something logs a body', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const t = await createPaymentTestApp({ logger: { level: 'trace', stream } });
    try {
      const tokens = [cardToken('expired_card'), cardToken('ok')];
      const v = await t.ready();
      expectError(await t.pay(v, '/api/payment/card', { token: tokens[0] ?? '' }, newKey()), 402, -7109);
      expect((await t.pay(v, '/api/payment/card', { token: tokens[1] ?? '' }, newKey())).statusCode).toBe(200);
      t.app.log.info({ body: { token: tokens[1] } }, 'a careless line');
      const text = lines.join('\n');
      expect(text).toContain('payment captured');
      expect(text).toContain('card declined');
      expect(text).toContain(REDACTED);
      for (const token of tokens) expect(text).not.toContain(token);
    } finally {
      await t.close();
    }
  });
});
