import {
  ApiErrorBody,
  BizConfigResponse,
  NumberSearchResponse,
  PlanQuoteResponse,
  PromoEligibilityResponse,
  SavePlanResponse,
  SavedPlansResponse,
  VANITY_LEVELS,
} from '@join/shared/contract';
import { startEachTest, type TestApp, type Visitor } from '../../../testing/harness';

type Params = Record<string, string | number>;
const qs = (p: Params) => new URLSearchParams(Object.entries(p).map(([k, x]) => [k, String(x)])).toString();
const TOURIST_187 = { product_code: 187, plan_ids: '1871,1872,1873' };
const TOURIST_188 = { product_code: 188, plan_ids: '1881,1882,1883' };
const TOURIST_199 = { product_code: 199, plan_ids: '1991,1992,1993' };

/** Promo codes (SPEC 9: off by configuration; SPEC 8: invalid or expired, not supported). */
describe('promo codes', () => {
  let t: TestApp;
  let v: Visitor;
  const start = startEachTest((app, visitor) => void ([t, v] = [app, visitor]));

  const quote = (p: Params) => t.get(v, `/api/plans/quote.json?${qs(p)}`);
  const save = (p: Params) => t.post(v, '/api/plans/saved_plans', p);
  const check = (p: Params) => t.get(v, `/api/promotions/check_promo_code_eligibility.json?${qs(p)}`);
  const errorOf = (res: { statusCode: number; json(): unknown }) => ({ status: res.statusCode, ...ApiErrorBody.parse(res.json()) });

  describe('when off (the default)', () => {
    beforeEach(() => start());

    it('says so in the business config, and refuses any code as not supported', async () => {
      const config = BizConfigResponse.parse((await t.app.inject({ method: 'GET', url: '/api/biz_config/app' })).json());
      expect(config.promo_codes_enabled).toBe(false);
      const refused = { status: 400, code: 'promo_not_supported', message: 'Promo codes are not available' };
      expect(errorOf(await save({ ...TOURIST_188, promo_code: 'WELCOME10' }))).toMatchObject({ ...refused, field: 'body.promo_code' });
      expect(errorOf(await quote({ ...TOURIST_188, promo_code: 'WELCOME10' }))).toMatchObject({ ...refused, field: 'query.promo_code' });
      expect(errorOf(await check({ promo_codes: 'WELCOME10', product_code: 188 }))).toMatchObject({ ...refused, field: 'query.promo_codes' });
      expect(SavedPlansResponse.parse((await t.get(v, '/api/plans/saved_plans')).json()).save_plans).toEqual([]);
    });
  });

  describe('when on', () => {
    beforeEach(() => start({ promoCodesEnabled: true }));

    it('says so in the business config', async () => {
      expect(BizConfigResponse.parse((await t.app.inject({ method: 'GET', url: '/api/biz_config/app' })).json()).promo_codes_enabled).toBe(true);
    });

    it('checks the configured length (4 to 12) before looking the code up', async () => {
      for (const code of ['ABC', 'ABCDEFGHIJKLM']) {
        expect(errorOf(await save({ ...TOURIST_188, promo_code: code }))).toMatchObject({ status: 400, code: 'bad_request', field: 'body.promo_code' });
        expect(errorOf(await check({ promo_codes: `WELCOME10,${code}`, product_code: 188 }))).toMatchObject({
          status: 400,
          code: 'bad_request',
          field: 'query.promo_codes',
        });
      }
      expect(errorOf(await save({ ...TOURIST_188, promo_code: 'WEL COME!' }))).toMatchObject({ status: 400, field: 'body.promo_code' });
    });

    it('takes WELCOME10 off a plan, as typed in any case, the same in the quote and the save', async () => {
      const q = PlanQuoteResponse.parse((await quote({ ...TOURIST_188, promo_code: ' welcome10 ' })).json());
      expect(q.package_price).toMatchObject({ PlanNetPrice: 99, Discounts: [{ Name: 'welcome10', Amount: 9.9 }], NetPrice: 89.1, VATAmount: 4.46 });
      expect(q.promotions.map((p) => [p.Key, p.IsUserPromo])).toEqual([
        ['explorer_bonus_data', false],
        ['welcome10', true],
      ]);
      const res = await save({ ...TOURIST_188, promo_code: 'welcome10' });
      expect(res.statusCode).toBe(200);
      const { saved_plan } = SavePlanResponse.parse(res.json());
      expect(saved_plan.PackagePrice).toEqual(q.package_price);
      expect(saved_plan.PromoCode).toBe('WELCOME10');
      const read = SavedPlansResponse.parse((await t.get(v, '/api/plans/saved_plans')).json()).save_plans[0]!;
      expect(read).toMatchObject({ PromoCode: 'WELCOME10', PackagePrice: q.package_price });
      expect(read.Promotions.map((p) => p.Key)).toEqual(['explorer_bonus_data', 'welcome10']);
    });

    it('refuses TOURIST25 on a tourist plan under AED 99 and stacks it with the automatic discount on 199', async () => {
      expect(errorOf(await save({ ...TOURIST_187, promo_code: 'TOURIST25' }))).toMatchObject({
        status: 400,
        code: 'promo_not_supported',
        field: 'body.promo_code',
      });
      expect(errorOf(await save({ product_code: 112, plan_ids: '1121,1122,1123', promo_code: 'TOURIST25' }))).toMatchObject({
        code: 'promo_not_supported',
      });
      const res = await save({ ...TOURIST_199, promo_code: 'TOURIST25' });
      expect(res.statusCode).toBe(200);
      expect(SavePlanResponse.parse(res.json()).saved_plan.PackagePrice).toMatchObject({
        PlanNetPrice: 189,
        Discounts: [
          { Name: 'welcome_20', Amount: 20 },
          { Name: 'tourist25', Amount: 25 },
        ],
        NetPrice: 144,
        VATAmount: 7.2,
      });
    });

    it('answers an expired or unknown code as invalid', async () => {
      for (const code of ['SPRING5', 'NOSUCHCODE']) {
        expect(errorOf(await save({ ...TOURIST_199, promo_code: code }))).toMatchObject({ status: 400, code: 'promo_invalid', field: 'body.promo_code' });
        expect(errorOf(await quote({ ...TOURIST_199, promo_code: code }))).toMatchObject({ status: 400, code: 'promo_invalid', field: 'query.promo_code' });
      }
    });

    it('keeps codes off VIP plans', async () => {
      const search = await t.post(v, '/api/numbers/search', { vanity_level_ids: VANITY_LEVELS.gold, per_page: 1 });
      await t.post(v, '/api/numbers', { number: NumberSearchResponse.parse(search.json()).numbers[0]!.MSISDN });
      expect(errorOf(await save({ product_code: 212, plan_ids: '2121,2122,2123', promo_code: 'WELCOME10' }))).toMatchObject({
        code: 'promo_not_supported',
      });
    });

    it('answers each code’s eligibility for a product and choice', async () => {
      const res = await check({ promo_codes: 'welcome10,TOURIST25,SPRING5,NOPE1', product_code: 187 });
      expect(res.statusCode).toBe(200);
      const { promotions } = PromoEligibilityResponse.parse(res.json());
      expect(promotions.map((p) => [p.promo_code, p.eligible, p.reason, p.promotion?.Key ?? null])).toEqual([
        ['WELCOME10', true, null, 'welcome10'],
        ['TOURIST25', false, 'promo_not_supported', null],
        ['SPRING5', false, 'promo_invalid', null],
        ['NOPE1', false, 'promo_invalid', null],
      ]);
      const on199 = PromoEligibilityResponse.parse((await check({ promo_codes: 'TOURIST25', product_code: 199 })).json());
      expect(on199.promotions[0]).toMatchObject({ eligible: true, promotion: { Key: 'tourist25', Category: 'AmountDiscount', Value: 25 } });
      // A customizable product is judged on its chosen options, which must be a valid choice.
      const custom = await check({ promo_codes: 'WELCOME10', product_code: 300, selected_services: '30004,30007' });
      expect(PromoEligibilityResponse.parse(custom.json()).promotions[0]).toMatchObject({ eligible: true });
      expect(errorOf(await check({ promo_codes: 'WELCOME10', product_code: 300, selected_services: '30004' }))).toMatchObject({
        status: 400,
        field: 'query.selected_services',
      });
      expect(errorOf(await check({ promo_codes: 'WELCOME10', product_code: 999 }))).toMatchObject({ status: 404 });
      expect(errorOf(await check({ promo_codes: 'A1B2,C3D4,E5F6,G7H8,I9J0,K1L2', product_code: 188 }))).toMatchObject({
        status: 400,
        field: 'query.promo_codes',
      });
    });
  });

  it('rate-limits every answer that tells whether a code exists, per IP', async () => {
    await start({ promoCodesEnabled: true, rateLimit: { promoMax: 3 } });
    expect((await check({ promo_codes: 'WELCOME10', product_code: 188 })).statusCode).toBe(200);
    expect((await quote({ ...TOURIST_188, promo_code: 'NOPE1' })).statusCode).toBe(400);
    expect((await save({ ...TOURIST_188, promo_code: 'WELCOME10' })).statusCode).toBe(200);
    for (const res of [
      await check({ promo_codes: 'WELCOME10', product_code: 188 }),
      await quote({ ...TOURIST_188, promo_code: 'WELCOME10' }),
      await save({ ...TOURIST_188, promo_code: 'WELCOME10' }),
    ]) {
      expect(errorOf(res)).toMatchObject({ status: 429, code: 'rate_limited' });
    }
    // Quotes and saves without a code are not held back.
    expect((await quote(TOURIST_188)).statusCode).toBe(200);
    expect((await save(TOURIST_188)).statusCode).toBe(200);
  });
});
