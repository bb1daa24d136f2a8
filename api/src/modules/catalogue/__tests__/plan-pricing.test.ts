import {
  ApiErrorBody,
  NumberSearchResponse,
  PlanQuoteResponse,
  PreferencesResponse,
  SavePlanResponse,
  SavedPlansResponse,
  STREAMING_PROMOTION_KEY,
  VANITY_LEVELS,
} from '@join/shared/contract';
import { type TestApp, type Visitor, withTestApp } from '../../../testing/harness';

type Choice = Record<string, string | number>;

/**
 * Quotes and saves: one check and one price for both, computed from the database. A quote is
 * what the save charges, whatever the choice.
 */
describe('plan quotes and saves', () => {
  let t: TestApp;
  let v: Visitor;
  withTestApp((app, [first]) => void ([t, v] = [app, first as Visitor]));

  const quote = (choice: Choice, who = v) =>
    t.get(who, `/api/plans/quote.json?${new URLSearchParams(Object.entries(choice).map(([k, x]) => [k, String(x)]))}`);
  const save = (choice: Choice, who = v) => t.post(who, '/api/plans/saved_plans', choice);
  const holdNumber = async (who = v): Promise<string> => {
    const [number] = await t.offer(who);
    expect((await t.post(who, '/api/numbers', { number: number! })).statusCode).toBe(200);
    return number!;
  };
  const consent = async (value: boolean, who = v) =>
    expect((await t.post(who, '/api/me/preferences', { PreferenceID: 4, Value: String(value) })).statusCode).toBe(200);
  const expectError = (res: { statusCode: number; json(): unknown }, status: number, code: string, field?: string) => {
    expect(res.statusCode).toBe(status);
    const body = ApiErrorBody.parse(res.json());
    expect(body.code).toBe(code);
    if (field) expect(body.field).toBe(field);
    return body;
  };
  /** The quote of a choice, then its save: both must agree to the fils, promotions included. */
  const quoteThenSave = async (choice: Choice) => {
    const q = await quote(choice);
    expect(q.statusCode).toBe(200);
    const quoted = PlanQuoteResponse.parse(q.json());
    const s = await save(choice);
    expect(s.statusCode).toBe(200);
    const { saved_plan } = SavePlanResponse.parse(s.json());
    expect(saved_plan.PackagePrice).toEqual(quoted.package_price);
    expect(saved_plan.Promotions).toEqual(quoted.promotions);
    return { quoted, saved_plan };
  };

  describe('quote equals save', () => {
    it('for a fixed product with its automatic discount and a top-up', async () => {
      const { quoted } = await quoteThenSave({ product_code: 206, plan_ids: '2061,2062,2063', recharge_amount: 25 });
      expect(quoted.package_price).toEqual({
        PlanNetPrice: 129,
        ExtraCharges: [{ Name: 'RechargeAmount', Amount: 25 }],
        Discounts: [{ Name: 'data_25_off', Amount: 32.25 }],
        NetPrice: 121.75,
        VATPercentage: 5,
        VATAmount: 6.09,
      });
      expect(quoted.promotions.map((p) => p.Key)).toEqual(['data_25_off']);
    });

    it('for a commitment at its saving', async () => {
      const { quoted } = await quoteThenSave({ product_code: 106, plan_ids: '1061,1062,1063' });
      expect(quoted.package_price).toMatchObject({ PlanNetPrice: 70, NetPrice: 70, VATAmount: 3.5 });
    });

    it('for a custom plan, priced from the chosen options', async () => {
      // 25 GB (70) + unlimited local (35) + 300 international (60)
      const { quoted, saved_plan } = await quoteThenSave({ product_code: 300, plan_ids: '30010,30003,30007' });
      expect(quoted.package_price).toMatchObject({ PlanNetPrice: 165, NetPrice: 165, VATAmount: 8.25 });
      expect(saved_plan.Plans.map((p) => p.ID)).toEqual([30003, 30007, 30010]);
      expect(saved_plan.product).toMatchObject({ ProductCode: 300, IsCustomizable: true });
    });

    it('for the annual offer, a year of options less 50 %', async () => {
      const { quoted } = await quoteThenSave({ product_code: 312, plan_ids: '31203,31207,31210' });
      // (840 + 420 + 720) x 0.5
      expect(quoted.package_price).toMatchObject({ PlanNetPrice: 990, NetPrice: 990, VATAmount: 49.5 });
      expect(quoted.promotions.map((p) => p.Key)).toEqual(['commitment_bonus_data']);
    });

    it('for boosters bought with the plan', async () => {
      await holdNumber();
      const { quoted, saved_plan } = await quoteThenSave({ product_code: 188, plan_ids: '1881,1882,1883', booster_ids: '911,901', recharge_amount: 50 });
      expect(quoted.package_price).toMatchObject({
        PlanNetPrice: 99,
        ExtraCharges: [
          { Name: 'RechargeAmount', Amount: 50 },
          { Name: 'Local minutes 100', Amount: 15 },
          { Name: 'Data booster 5 GB', Amount: 25 },
        ],
        NetPrice: 189,
        VATAmount: 9.45,
      });
      expect(saved_plan.Boosters.map((b) => b.ID)).toEqual([911, 901]);
      const read = SavedPlansResponse.parse((await t.get(v, '/api/plans/saved_plans')).json()).save_plans[0]!;
      expect(read.Boosters.map((b) => b.Name)).toEqual(['Local minutes 100', 'Data booster 5 GB']);
      expect(read.PackagePrice).toEqual(quoted.package_price);
    });

    it('writes nothing on a quote', async () => {
      await quote({ product_code: 206, plan_ids: '2061,2062,2063' });
      expect(SavedPlansResponse.parse((await t.get(v, '/api/plans/saved_plans')).json())).toMatchObject({ product: { ProductCode: 100 }, save_plans: [] });
    });
  });

  describe('prices come from the server only', () => {
    it('rejects a price sent by the client, on a save and on a quote, and saves nothing', async () => {
      expectError(await save({ product_code: 188, plan_ids: '1881,1882,1883', price: 1 }), 400, 'bad_request', 'body.price');
      expectError(await save({ product_code: 188, plan_ids: '1881,1882,1883', NetPrice: 0 }), 400, 'bad_request', 'body.NetPrice');
      expectError(await quote({ product_code: 188, plan_ids: '1881,1882,1883', PlanNetPrice: 1 }), 400, 'bad_request', 'query.PlanNetPrice');
      expect(SavedPlansResponse.parse((await t.get(v, '/api/plans/saved_plans')).json()).save_plans).toEqual([]);
      const { saved_plan } = SavePlanResponse.parse((await save({ product_code: 188, plan_ids: '1881,1882,1883' })).json());
      expect(saved_plan.PackagePrice).toMatchObject({ PlanNetPrice: 99, NetPrice: 99 });
    });
  });

  describe('plan ids', () => {
    it('must be all of a fixed product’s plans', async () => {
      const body = expectError(await save({ product_code: 188, plan_ids: '1881,1882' }), 400, 'bad_request', 'body.plan_ids');
      expect(body.message).toMatch(/bought whole.*missing 1883/);
      expectError(await quote({ product_code: 188, plan_ids: '1881' }), 400, 'bad_request', 'query.plan_ids');
      expectError(await save({ product_code: 188, plan_ids: '1881,1882,1883,1871' }), 400, 'bad_request', 'body.plan_ids');
    });

    it('must be one DATA, one VOICE-LCL and at most one VOICE-INT option of a customizable product', async () => {
      const refused = async (ids: string, why: RegExp) =>
        expect(expectError(await save({ product_code: 300, plan_ids: ids }), 400, 'bad_request', 'body.plan_ids').message).toMatch(why);
      await refused('30005', /exactly one DATA option \(0 given\)/);
      await refused('30001,30002,30005', /exactly one DATA option \(2 given\)/);
      await refused('30001', /exactly one VOICE-LCL option/);
      await refused('30001,30005,30008,30009', /at most one VOICE-INT option/);
      await refused('30001,30005,31208', /plan 31208 is not a plan of this product/);
      await refused('30001,30005,30005', /listed twice/);
      expect((await save({ product_code: 300, plan_ids: '30005,30001' })).statusCode).toBe(200);
    });

    it('answers 404 for an unknown product', async () => {
      expectError(await quote({ product_code: 999, plan_ids: '9991' }), 404, 'not_found');
    });
  });

  describe('the streaming offer', () => {
    const premium = { product_code: 199, plan_ids: '1991,1992,1993', promotion_keys: STREAMING_PROMOTION_KEY };

    it('is refused for a choice under AED 150', async () => {
      const body = expectError(
        await save({ product_code: 188, plan_ids: '1881,1882,1883', promotion_keys: STREAMING_PROMOTION_KEY }),
        400,
        'promo_not_supported',
        'body.promotion_keys',
      );
      expect(body.message).toMatch(/AED 150/);
      await consent(true);
      // 30 + 10 = 40 for the cheapest custom plan; 120 + 35 = 155 reaches the offer.
      expectError(await quote({ product_code: 300, plan_ids: '30001,30005', promotion_keys: STREAMING_PROMOTION_KEY }), 400, 'promo_not_supported');
      expect((await save({ product_code: 300, plan_ids: '30004,30007', promotion_keys: STREAMING_PROMOTION_KEY })).statusCode).toBe(200);
    });

    it('needs the music-service consent to be saved, but may be quoted before it', async () => {
      const quoted = await quote(premium);
      expect(quoted.statusCode).toBe(200);
      expect(PlanQuoteResponse.parse(quoted.json()).promotions.map((p) => p.Key)).toEqual(['welcome_20', STREAMING_PROMOTION_KEY]);
      expectError(await save(premium), 409, 'consent_required', 'body.promotion_keys');
      await consent(false);
      expectError(await save(premium), 409, 'consent_required', 'body.promotion_keys');
      expect(SavedPlansResponse.parse((await t.get(v, '/api/plans/saved_plans')).json()).save_plans).toEqual([]);
    });

    it('is applied with the consent, and listed on the saved plan', async () => {
      await consent(true);
      const { saved_plan } = await quoteThenSave(premium);
      expect(saved_plan.PromotionKeys).toEqual([STREAMING_PROMOTION_KEY]);
      expect(saved_plan.Promotions.map((p) => p.Key)).toEqual(['welcome_20', STREAMING_PROMOTION_KEY]);
      // An add-on: the price is the plan's less its own discount.
      expect(saved_plan.PackagePrice).toMatchObject({ PlanNetPrice: 189, NetPrice: 169 });
      const read = SavedPlansResponse.parse((await t.get(v, '/api/plans/saved_plans')).json()).save_plans[0]!;
      expect(read).toMatchObject({ PromotionKeys: [STREAMING_PROMOTION_KEY], PromoCode: null });
      expect(read.Promotions.map((p) => p.Key)).toEqual(['welcome_20', STREAMING_PROMOTION_KEY]);
    });

    it('is not offered with VIP plans, and other keys are not offers at all', async () => {
      await consent(true);
      expectError(await save({ ...premium, promotion_keys: 'welcome_20' }), 400, 'bad_request', 'body.promotion_keys');
      expectError(await save({ ...premium, promotion_keys: 'DROP TABLE' }), 400, 'bad_request', 'body.promotion_keys');
      expectError(await save({ ...premium, promotion_keys: `${STREAMING_PROMOTION_KEY},${STREAMING_PROMOTION_KEY}` }), 400, 'bad_request');
      const search = await t.post(v, '/api/numbers/search', { vanity_level_ids: VANITY_LEVELS.bronze, per_page: 1 });
      await t.post(v, '/api/numbers', { number: NumberSearchResponse.parse(search.json()).numbers[0]!.MSISDN });
      // A VIP plan is AED 1,199 or more, but it is sold at its tier's price with nothing added.
      const body = expectError(
        await save({ product_code: 222, plan_ids: '2221,2222,2223', promotion_keys: STREAMING_PROMOTION_KEY }),
        400,
        'promo_not_supported',
      );
      expect(body.message).toMatch(/VIP/);
    });
  });

  describe('preferences', () => {
    it('round-trips per user, and answers them all after each change', async () => {
      expect(PreferencesResponse.parse((await t.get(v, '/api/me/preferences')).json())).toEqual({ preferences: [] });
      await consent(true);
      const res = await t.post(v, '/api/me/preferences', { PreferenceID: 9, Value: 'false' });
      expect(PreferencesResponse.parse(res.json()).preferences).toEqual([
        { PreferenceID: 4, Value: true },
        { PreferenceID: 9, Value: false },
      ]);
      await consent(false);
      expect(PreferencesResponse.parse((await t.get(v, '/api/me/preferences')).json()).preferences).toEqual([
        { PreferenceID: 4, Value: false },
        { PreferenceID: 9, Value: false },
      ]);
      const other = await t.login();
      expect(PreferencesResponse.parse((await t.get(other, '/api/me/preferences')).json()).preferences).toEqual([]);
    });

    it('rejects an unknown preference id or value', async () => {
      expectError(await t.post(v, '/api/me/preferences', { PreferenceID: 5, Value: 'true' }), 400, 'bad_request', 'body.PreferenceID');
      expectError(await t.post(v, '/api/me/preferences', { PreferenceID: 4, Value: 'yes' }), 400, 'bad_request', 'body.Value');
      expectError(await t.post(v, '/api/me/preferences', { PreferenceID: 4, Value: 'true', uid: 'someone' }), 400, 'bad_request', 'body.uid');
    });
  });
});
