import type { LightMyRequestResponse } from 'fastify';
import { ApiErrorBody, PromoPriceResponse, ReferralResponse } from '@join/shared/contract';
import { cardToken } from '../../../testing/fake-card-provider';
import type { Visitor } from '../../../testing/harness';
import { createPaymentTestApp, newKey, type PaymentTestApp } from '../../../testing/payment-helpers';
import { EXPLORER, paidReceipt, startThreeDs, summaryOf } from '../../payment/__tests__/payment-answers';

/**
 * A friend's referral code in the payment step's promo form, and the referrer's credit when the
 * friend's order is paid (api/README.md "Promotions: referrals"). Product 188 (AED 99): the MGM
 * reward takes AED 50 off, so 49 + 2.45 VAT = 51.45 is charged instead of 103.95.
 */
const errorOf = (res: LightMyRequestResponse) => ({ status: res.statusCode, ...ApiErrorBody.parse(res.json()) });
const FULL_FILS = 10395;
const REFERRED_FILS = 5145;

describe('promotions: a friend redeems a referral code, the referrer is credited on the paid order', () => {
  let t: PaymentTestApp;
  beforeAll(async () => {
    t = await createPaymentTestApp({ promoCodesEnabled: true, rateLimit: { promoMax: 1000 } });
  });
  afterAll(() => t.close());

  const redeem = (v: Visitor, code: string) => t.post(v, '/api/promotions/redeem', { promo_code: code });
  const referralOf = async (v: Visitor) => ReferralResponse.parse((await t.get(v, '/api/promotions/referral')).json());
  const payCard = async (v: Visitor) => paidReceipt(await t.pay(v, '/api/payment/card', { token: cardToken('ok') }, newKey()));
  /** A paid visitor with their referral code. */
  async function referrer(): Promise<{ v: Visitor & { email: string }; code: string }> {
    const v = await t.ready();
    await payCard(v);
    return { v, code: (await referralOf(v)).referral_code };
  }

  it('takes the reward off the friend’s saved plan (server price), charges that, and credits the referrer AED 50', async () => {
    const r = await referrer();
    expect(await referralOf(r.v)).toMatchObject({ earned_aed: 0, max_reward_aed: 150 });

    const friend = await t.ready(EXPLORER);
    const res = await redeem(friend, r.code.toLowerCase());
    expect(res.statusCode).toBe(200);
    const answer = PromoPriceResponse.parse(res.json());
    expect(answer).toMatchObject({
      promo_code: r.code,
      amount_fils: REFERRED_FILS,
      package_price: { PlanNetPrice: 99, Discounts: [{ Name: 'refer_a_friend', Amount: 50 }], NetPrice: 49, VATAmount: 2.45 },
    });
    expect(answer.promotions.map((p) => p.Key)).toEqual(['explorer_bonus_data', 'refer_a_friend']);
    expect((await summaryOf(t, friend)).amount_fils).toBe(REFERRED_FILS);
    // Not paid yet: nothing credited.
    expect((await referralOf(r.v)).earned_aed).toBe(0);

    const receipt = await payCard(friend);
    expect(receipt.amount_fils).toBe(REFERRED_FILS);
    expect(t.card.charges.at(-1)?.amountFils).toBe(REFERRED_FILS);
    expect(await referralOf(r.v)).toMatchObject({ earned_aed: 50, max_reward_aed: 150 });
    // The friend earns nothing from their own payment.
    expect((await referralOf(friend)).earned_aed).toBe(0);
  });

  it('refuses one’s own code (promo_not_supported) and an unknown code (promo_invalid), changing nothing', async () => {
    const r = await referrer();
    // The referrer buys again on another device of the same account: their own code is refused.
    t.clock.advance(31_000); // past the login code's resend wait for the same e-mail
    const again = await t.ready(EXPLORER, { email: r.v.email });
    expect(errorOf(await redeem(again, r.code))).toMatchObject({ status: 400, code: 'promo_not_supported', field: 'body.promo_code', message: 'This is your own invitation code' });
    const friend = await t.ready(EXPLORER);
    expect(errorOf(await redeem(friend, 'NOSUCH22'))).toMatchObject({ status: 400, code: 'promo_invalid', field: 'body.promo_code' });
    expect((await summaryOf(t, friend)).amount_fils).toBe(FULL_FILS);
    expect((await summaryOf(t, again)).amount_fils).toBe(FULL_FILS);
  });

  it('a friend account joins with one referral code once: a later order of the account is refused another', async () => {
    const [a, b] = [await referrer(), await referrer()];
    const friend = await t.ready(EXPLORER);
    expect((await redeem(friend, a.code)).statusCode).toBe(200);
    // Before paying, the friend may still change their mind (the code replaces the other).
    expect((await redeem(friend, b.code)).statusCode).toBe(200);
    await payCard(friend);
    expect((await referralOf(a.v)).earned_aed).toBe(0);
    expect((await referralOf(b.v)).earned_aed).toBe(50);

    t.clock.advance(31_000); // past the login code's resend wait for the same e-mail
    const later = await t.ready(EXPLORER, { email: friend.email });
    expect(errorOf(await redeem(later, a.code))).toMatchObject({ status: 400, code: 'promo_not_supported', message: 'You have already joined with an invitation code' });
    expect(errorOf(await t.post(later, '/api/promotions/validate_reward', { reward_code: a.code }))).toMatchObject({ status: 400, code: 'promo_not_supported' });
    expect((await summaryOf(t, later)).amount_fils).toBe(FULL_FILS);
  });

  it('credits nothing for an order not paid (3-D Secure abandoned), once for a capture confirmed twice', async () => {
    const r = await referrer();
    const friend = await t.ready(EXPLORER);
    expect((await redeem(friend, r.code)).statusCode).toBe(200);
    const first = await startThreeDs(t, friend);
    t.card.completeAction(t.card.charges.at(-1)?.id ?? '', 'authentication_failed');
    expect((await t.pay(friend, '/api/payment/card/confirm', { payment_id: first.payment_id })).statusCode).not.toBe(200);
    expect((await referralOf(r.v)).earned_aed).toBe(0);

    const second = await startThreeDs(t, friend);
    t.card.completeAction(t.card.charges.at(-1)?.id ?? '', 'succeeded');
    paidReceipt(await t.pay(friend, '/api/payment/card/confirm', { payment_id: second.payment_id }));
    paidReceipt(await t.pay(friend, '/api/payment/card/confirm', { payment_id: second.payment_id }));
    expect((await referralOf(r.v)).earned_aed).toBe(50);
  });

  it('caps what one referrer earns at the programme’s AED 150: a fourth friend pays the reduced price, the referrer gets nothing more', async () => {
    const r = await referrer();
    for (const expected of [50, 100, 150, 150]) {
      const friend = await t.ready(EXPLORER);
      expect(PromoPriceResponse.parse((await redeem(friend, r.code)).json()).amount_fils).toBe(REFERRED_FILS);
      await payCard(friend);
      expect(await referralOf(r.v)).toMatchObject({ earned_aed: expected, max_reward_aed: 150 });
    }
  });
});
