import type { LightMyRequestResponse } from 'fastify';
import {
  ApiErrorBody,
  OffersResponse,
  PromoPriceResponse,
  ReferralResponse,
  RewardValidateResponse,
  SavedPlansResponse,
} from '@join/shared/contract';
import { cardToken } from '../../../testing/fake-card-provider';
import { createTestApp, form, type Visitor } from '../../../testing/harness';
import { createPaymentTestApp, newKey, type PaymentTestApp } from '../../../testing/payment-helpers';
import { EXPLORER, paidReceipt, startThreeDs, summaryOf } from '../../payment/__tests__/payment-answers';

/**
 * POST /promotions/redeem, DELETE /promotions/cancel, POST /promotions/validate_reward, GET
 * /promotions/referral and GET /cms/offers (api/README.md "Promotions: redeem, cancel, rewards,
 * offers"). Product 188 (AED 99): WELCOME10 takes 9.90 off, so 89.10 + 4.46 VAT = 93.56 is charged
 * instead of 103.95.
 */
const errorOf = (res: LightMyRequestResponse) => ({ status: res.statusCode, ...ApiErrorBody.parse(res.json()) });
const FULL_FILS = 10395;
const WELCOME10_FILS = 9356;

describe('promotions: redeem and cancel on the saved plan', () => {
  let t: PaymentTestApp;
  beforeAll(async () => {
    t = await createPaymentTestApp({ promoCodesEnabled: true, rateLimit: { promoMax: 1000 } });
  });
  afterAll(() => t.close());

  const redeem = (v: Visitor, body: Record<string, string | number>) => t.post(v, '/api/promotions/redeem', body);
  const cancel = (v: Visitor, body?: Record<string, string>) =>
    t.app.inject({ method: 'DELETE', url: '/api/promotions/cancel', ...(body ? form(v.headers, body) : { headers: v.headers }) });
  const savedCode = async (v: Visitor) => SavedPlansResponse.parse((await t.get(v, '/api/plans/saved_plans')).json()).save_plans[0]?.PromoCode ?? null;

  it('applies a code to the saved plan: the answer, the payment summary and the charge all take the server’s new price', async () => {
    const v = await t.ready(EXPLORER);
    expect((await summaryOf(t, v)).amount_fils).toBe(FULL_FILS);

    const res = await redeem(v, { promo_code: ' welcome10 ' });
    expect(res.statusCode).toBe(200);
    const answer = PromoPriceResponse.parse(res.json());
    expect(answer).toMatchObject({
      promo_code: 'WELCOME10',
      amount_fils: WELCOME10_FILS,
      package_price: { PlanNetPrice: 99, Discounts: [{ Name: 'welcome10', Amount: 9.9 }], NetPrice: 89.1, VATAmount: 4.46 },
    });
    expect(answer.promotions.map((p) => p.Key)).toEqual(['explorer_bonus_data', 'welcome10']);
    expect(await savedCode(v)).toBe('WELCOME10');

    const summary = await summaryOf(t, v);
    expect(summary.amount_fils).toBe(WELCOME10_FILS);
    expect(summary.package_price).toEqual(answer.package_price);

    const receipt = paidReceipt(await t.pay(v, '/api/payment/card', { token: cardToken('ok') }, newKey()));
    expect(t.card.charges.at(-1)?.amountFils).toBe(WELCOME10_FILS);
    expect(receipt.amount_fils).toBe(WELCOME10_FILS);
  });

  it('cancel puts the price back; a second cancel is the promo cancel error', async () => {
    const v = await t.ready(EXPLORER);
    expect((await redeem(v, { promo_code: 'WELCOME10' })).statusCode).toBe(200);
    const res = await cancel(v);
    expect(res.statusCode).toBe(200);
    expect(PromoPriceResponse.parse(res.json())).toMatchObject({ promo_code: null, amount_fils: FULL_FILS, package_price: { Discounts: [], NetPrice: 99 } });
    expect((await summaryOf(t, v)).amount_fils).toBe(FULL_FILS);
    expect(await savedCode(v)).toBeNull();
    expect(errorOf(await cancel(v))).toMatchObject({ status: 409, code: 'promo_cancel_error' });
  });

  it('a second code replaces the first; a refused code leaves the plan as it was', async () => {
    const v = await t.ready({ product_code: 199, plan_ids: '1991,1992,1993' });
    expect((await redeem(v, { promo_code: 'WELCOME10' })).statusCode).toBe(200);
    const res = await redeem(v, { promo_code: 'TOURIST25' });
    expect(PromoPriceResponse.parse(res.json()).package_price).toMatchObject({
      Discounts: [
        { Name: 'welcome_20', Amount: 20 },
        { Name: 'tourist25', Amount: 25 },
      ],
      NetPrice: 144,
    });
    expect(errorOf(await redeem(v, { promo_code: 'SPRING5' }))).toMatchObject({ status: 400, code: 'promo_invalid', field: 'body.promo_code' });
    expect(errorOf(await redeem(v, { promo_code: 'NOSUCHCODE' }))).toMatchObject({ status: 400, code: 'promo_invalid' });
    expect(await savedCode(v)).toBe('TOURIST25');
  });

  it('refuses a code that does not fit the plan (TOURIST25 under AED 99) as not supported', async () => {
    const v = await t.ready();
    expect(errorOf(await redeem(v, { promo_code: 'TOURIST25' }))).toMatchObject({ status: 400, code: 'promo_not_supported', field: 'body.promo_code' });
    expect(await savedCode(v)).toBeNull();
  });

  it('refuses bad input with 400s, and a client cannot send a discount or a price', async () => {
    const v = await t.ready(EXPLORER);
    for (const [body, field] of [
      [{}, 'body.promo_code'],
      [{ promo_code: 'ABC' }, 'body.promo_code'],
      [{ promo_code: 'ABCDEFGHIJKLM' }, 'body.promo_code'],
      [{ promo_code: 'WEL COME!' }, 'body.promo_code'],
      [{ promo_code: 'WELCOME10', ID_Number: '12345' }, 'body.ID_Number'],
      [{ promo_code: 'WELCOME10', discount: 99 }, 'body'],
      [{ promo_code: 'WELCOME10', amount_fils: 1 }, 'body'],
    ] as const) {
      const res = await redeem(v, body);
      expect({ body, ...errorOf(res) }).toMatchObject({ body, status: 400, code: 'bad_request' });
      expect(errorOf(res).field ?? '').toContain(field);
    }
    expect(errorOf(await cancel(v, { promo_code: 'WELCOME10' }))).toMatchObject({ status: 400, code: 'bad_request' });
    // Nothing changed, whatever was sent.
    expect((await summaryOf(t, v)).amount_fils).toBe(FULL_FILS);
    // An Emirates ID of the right form is taken (and kept nowhere).
    expect((await redeem(v, { promo_code: 'WELCOME10', ID_Number: '784-1990-1234567-1' })).statusCode).toBe(200);
  });

  it('acts on the caller’s own saved plan only: another visitor without one is refused and changes nothing', async () => {
    const owner = await t.ready(EXPLORER);
    const other = await t.login();
    expect(errorOf(await redeem(other, { promo_code: 'WELCOME10' }))).toMatchObject({ status: 409, code: 'flow_order' });
    expect(errorOf(await cancel(other))).toMatchObject({ status: 409, code: 'promo_cancel_error' });
    expect((await summaryOf(t, owner)).amount_fils).toBe(FULL_FILS);
    expect(await savedCode(owner)).toBeNull();
  });

  it('cannot change a plan whose payment is open (409 payment_open) or paid (409 step_not_allowed)', async () => {
    const v = await t.ready(EXPLORER);
    expect((await redeem(v, { promo_code: 'WELCOME10' })).statusCode).toBe(200);
    const started = await startThreeDs(t, v);
    expect(errorOf(await redeem(v, { promo_code: 'TOURIST25' }))).toMatchObject({ status: 409, code: 'payment_open' });
    expect(errorOf(await cancel(v))).toMatchObject({ status: 409, code: 'payment_open' });
    t.card.completeAction(t.card.charges.at(-1)?.id ?? '', 'succeeded');
    paidReceipt(await t.pay(v, '/api/payment/card/confirm', { payment_id: started.payment_id }));
    expect(t.card.charges.at(-1)?.amountFils).toBe(WELCOME10_FILS);
    expect(errorOf(await redeem(v, { promo_code: 'TOURIST25' }))).toMatchObject({ status: 409, code: 'step_not_allowed' });
    expect(errorOf(await cancel(v))).toMatchObject({ status: 409, code: 'step_not_allowed' });
    expect(await savedCode(v)).toBe('WELCOME10');
  });
});

describe('promotions: referral codes and rewards, offers', () => {
  let t: PaymentTestApp;
  beforeAll(async () => {
    t = await createPaymentTestApp({ rateLimit: { promoMax: 1000 } });
  });
  afterAll(() => t.close());

  const validate = (v: Visitor, body: Record<string, string>) => t.post(v, '/api/promotions/validate_reward', body);

  it('gives a paying visitor one referral code, which a friend validates (the MGM reward, nothing applied)', async () => {
    const payer = await t.ready();
    expect(errorOf(await t.get(payer, '/api/promotions/referral'))).toMatchObject({ status: 409, code: 'step_not_allowed' });
    paidReceipt(await t.pay(payer, '/api/payment/card', { token: cardToken('ok') }, newKey()));
    const first = ReferralResponse.parse((await t.get(payer, '/api/promotions/referral')).json());
    expect(first.referral_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(first.promotion).toMatchObject({ Key: 'refer_a_friend', Category: 'MGM', Value: 50, MaxValue: 150 });
    expect(ReferralResponse.parse((await t.get(payer, '/api/promotions/referral')).json()).referral_code).toBe(first.referral_code);

    const friend = await t.login();
    const res = await validate(friend, { reward_code: first.referral_code.toLowerCase() });
    expect(res.statusCode).toBe(200);
    expect(RewardValidateResponse.parse(res.json())).toMatchObject({ reward_code: first.referral_code, valid: true, promotion: { Category: 'MGM', Value: 50, MaxValue: 150 } });

    expect(errorOf(await validate(payer, { reward_code: first.referral_code }))).toMatchObject({ status: 400, code: 'promo_not_supported' });
    expect(errorOf(await validate(friend, { reward_code: 'NOSUCH22' }))).toMatchObject({ status: 400, code: 'promo_invalid', field: 'body.reward_code' });
    expect(errorOf(await validate(friend, { reward_code: 'NO SUCH!' }))).toMatchObject({ status: 400, code: 'bad_request' });
    expect(errorOf(await validate(friend, { reward_code: 'ABCDEFGH', extra: '1' }))).toMatchObject({ status: 400, code: 'bad_request' });
  });

  it('answers the operator’s offers in the request’s language, with the figures of their promotions, without a session', async () => {
    const ask = async (language: 'en' | 'ar') =>
      OffersResponse.parse((await t.app.inject({ method: 'GET', url: '/api/cms/offers', headers: { language } })).json()).offers;
    const en = await ask('en');
    expect(en.map((o) => [o.key, o.kind, o.promotion_key, o.min_plan_net_price, o.months, o.reward_aed, o.max_reward_aed])).toEqual([
      ['streaming_offer', 'streaming', 'streaming_music_3m', 150, 3, null, null],
      ['refer_a_friend', 'referral', 'refer_a_friend', null, null, 50, 150],
    ]);
    expect(en[1]!.text).toContain('AED 150');
    const ar = await ask('ar');
    expect(ar.map((o) => o.key)).toEqual(['streaming_offer', 'refer_a_friend']);
    expect(ar[0]!.title).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('promotions: configuration and limits', () => {
  it('refuses redeem when promo codes are off (SPEC 9), before anything else', async () => {
    const t = await createTestApp();
    try {
      const v = await t.login();
      expect(errorOf(await t.post(v, '/api/promotions/redeem', { promo_code: 'WELCOME10' }))).toMatchObject({
        status: 400,
        code: 'promo_not_supported',
        message: 'Promo codes are not available',
      });
    } finally {
      await t.close();
    }
  });

  it('spends the promo budget on redeem and validate_reward, not on cancel', async () => {
    const t = await createPaymentTestApp({ promoCodesEnabled: true, rateLimit: { promoMax: 3 } });
    try {
      const v = await t.ready(EXPLORER);
      expect((await t.post(v, '/api/promotions/redeem', { promo_code: 'WELCOME10' })).statusCode).toBe(200);
      expect((await t.post(v, '/api/promotions/redeem', { promo_code: 'NOPE1' })).statusCode).toBe(400);
      expect((await t.post(v, '/api/promotions/validate_reward', { reward_code: 'NOPE1' })).statusCode).toBe(400);
      expect(errorOf(await t.post(v, '/api/promotions/redeem', { promo_code: 'WELCOME10' }))).toMatchObject({ status: 429, code: 'rate_limited' });
      expect(errorOf(await t.post(v, '/api/promotions/validate_reward', { reward_code: 'ABCDEFGH' }))).toMatchObject({ status: 429 });
      expect((await t.app.inject({ method: 'DELETE', url: '/api/promotions/cancel', headers: v.headers })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
