import {
  ANNUAL_OFFER_PRODUCT_CODE,
  AvailablePlansResponse,
  CUSTOM_PLAN_PRODUCT_CODE,
  ApiErrorBody,
  ProductsResponse,
  STREAMING_PROMOTION_KEY,
  type Product,
} from '@join/shared/contract';
import { clientHeaders, newDeviceId, type TestApp, type Visitor, withTestApp } from '../../../testing/harness';

/** The plan step's lists and the customizable products' options, priced by the server. */
describe('plan catalogue', () => {
  let t: TestApp;
  let v: Visitor;
  withTestApp((app, [first]) => void ([t, v] = [app, first as Visitor]), { per: 'file' });

  const list = async (category: string): Promise<Product[]> => {
    const res = await t.get(v, `/api/products/available?category=${category}`);
    expect(res.statusCode).toBe(200);
    return ProductsResponse.parse(res.json()).products;
  };
  const codes = (products: Product[]) => products.map((p) => p.ProductCode);
  const prices = (products: Product[]) => products.map((p) => p.PackagesPricingTable[0]!.PlanNetPrice);
  const keys = (p: Product) => p.Promotions.map((x) => x.Key);
  const plansOf = (query: string) => t.get(v, `/api/products/available_plans.json?${query}`);

  it('lists each category in its order, with no customizable product in any', async () => {
    expect(codes(await list('tourist'))).toEqual([187, 196, 188, 206, 199, 208, 207]);
    expect(codes(await list('PAYG'))).toEqual([100, 101]);
    expect(prices(await list('PAYG'))).toEqual([50, 75]);
    expect(codes(await list('Commitment'))).toEqual([103, 106, 112]);
    expect(codes(await list('VIP'))).toEqual([221, 222, 212, 232, 251, 252, 241, 242]);
    const all = [...(await list('tourist')), ...(await list('PAYG')), ...(await list('Commitment')), ...(await list('VIP'))];
    expect(all.some((p) => p.IsCustomizable)).toBe(false);
    expect(codes(all)).not.toContain(CUSTOM_PLAN_PRODUCT_CODE);
    expect(codes(all)).not.toContain(ANNUAL_OFFER_PRODUCT_CODE);
  });

  it('prices commitments as one month-by-month price less the term’s saving; the default is the third by duration, 112', async () => {
    const commitment = await list('Commitment');
    expect(commitment[2]!.ProductCode).toBe(112);
    expect(commitment.map((p) => [p.CommitmentDuration, p.CommitmentSavingPercentage, p.ListNetPrice, p.PackagesPricingTable[0]!.PlanNetPrice])).toEqual([
      [3, null, null, 100],
      [6, 30, 100, 70],
      [12, 50, 100, 50],
    ]);
    // One bundle for all three: only the term and its price differ.
    const bundles = commitment.map((p) => p.AvailablePlans.map((s) => s.Value));
    expect(new Set(bundles.map((b) => JSON.stringify(b))).size).toBe(1);
    // VAT is 5 % of the net price, from the business config.
    expect(commitment[1]!.PackagesPricingTable[0]).toMatchObject({ NetPrice: 70, VATPercentage: 5, VATAmount: 3.5 });
  });

  it('prices VIP plans as their 12-month totals, by tier, with the tier on each', async () => {
    const vip = await list('VIP');
    expect(prices(vip)).toEqual([1199, 1499, 1799, 2099, 2999, 3599, 2399, 2699]);
    expect(vip.map((p) => p.VanityLevel)).toEqual([3, 3, 4, 4, 6, 6, 10, 10]);
    expect(vip.every((p) => p.CommitmentSavingPercentage === null && p.ListNetPrice === null && p.Promotions.length === 0)).toBe(true);
    expect((await list('tourist')).every((p) => p.VanityLevel === null)).toBe(true);
  });

  it('shows the automatic promotions in the listed price, and the streaming offer on plans of AED 150 or more', async () => {
    const tourist = new Map((await list('tourist')).map((p) => [p.ProductCode, p]));
    expect(tourist.get(199)!.PackagesPricingTable[0]).toMatchObject({
      PlanNetPrice: 189,
      Discounts: [{ Name: 'welcome_20', Amount: 20 }],
      NetPrice: 169,
      VATAmount: 8.45,
    });
    expect(tourist.get(206)!.PackagesPricingTable[0]).toMatchObject({ PlanNetPrice: 129, NetPrice: 96.75, VATAmount: 4.84 });
    expect(keys(tourist.get(188)!)).toEqual(['explorer_bonus_data']);
    expect(keys(tourist.get(208)!)).toEqual(['long_stay_cashback', STREAMING_PROMOTION_KEY]);
    expect(keys(tourist.get(199)!)).toEqual(['welcome_20', STREAMING_PROMOTION_KEY]);
    expect(keys(tourist.get(207)!)).toEqual([STREAMING_PROMOTION_KEY]);
    for (const code of [187, 196, 206, 188]) expect(keys(tourist.get(code)!)).not.toContain(STREAMING_PROMOTION_KEY);
    const streaming = tourist.get(207)!.Promotions[0]!;
    expect(streaming).toMatchObject({ Category: 'AddOn', Type: 'STREAMING', DurationMonths: 3, RequiresConsent: true, IsUserPromo: false });
    const commitment = await list('Commitment');
    expect(keys(commitment[2]!)).toEqual(['commitment_bonus_data', 'refer_a_friend']);
    expect(commitment[2]!.Promotions[1]).toMatchObject({ Category: 'MGM', Value: 50, MaxValue: 150 });
    expect(keys(commitment[0]!)).toEqual(['refer_a_friend']);
  });

  it('shows the long stay plan’s local minutes as a daily allowance over its validity', async () => {
    const longStay = (await list('tourist')).find((p) => p.ProductCode === 208)!;
    expect(longStay.AvailablePlans.find((s) => s.Type === 'VOICE-LCL')).toMatchObject({
      DailyAllowanceValue: 10 * 60_000,
      Value: 10 * 90 * 60_000,
      Validity: 90,
    });
  });

  it('answers the options of customizable products in the order asked, by type then price', async () => {
    const res = await plansOf(`product_codes=${ANNUAL_OFFER_PRODUCT_CODE},${CUSTOM_PLAN_PRODUCT_CODE}`);
    expect(res.statusCode).toBe(200);
    const { products } = AvailablePlansResponse.parse(res.json());
    expect(products.map((p) => p.product_code)).toEqual([312, 300]);
    const custom = products[1]!;
    expect(custom.plans.map((p) => [p.Type, p.NetPrice])).toEqual([
      ['DATA', 30],
      ['DATA', 45],
      ['DATA', 70],
      ['DATA', 120],
      ['VOICE-LCL', 10],
      ['VOICE-LCL', 20],
      ['VOICE-LCL', 35],
      ['VOICE-INT', 10],
      ['VOICE-INT', 25],
      ['VOICE-INT', 60],
    ]);
    expect(custom.plans.every((p) => p.Validity === 30)).toBe(true);
    expect(custom.plans.map((p) => p.ID)).toEqual([30001, 30002, 30003, 30004, 30005, 30006, 30007, 30008, 30009, 30010]);
    // The annual offer's options are a year of the monthly ones.
    expect(products[0]!.plans.map((p) => p.NetPrice)).toEqual(custom.plans.map((p) => p.NetPrice! * 12));
  });

  it('lists a customizable product at its cheapest choice, with its saving', async () => {
    const { products } = AvailablePlansResponse.parse((await plansOf('product_codes=300,312')).json());
    const [custom, annual] = products.map((p) => p.product);
    expect(custom).toMatchObject({ IsCustomizable: true, ProductCategory: 'PAYG', CommitmentSavingPercentage: null, ListNetPrice: null });
    // Cheapest DATA (30) + cheapest VOICE-LCL (10), no VOICE-INT.
    expect(custom!.PackagesPricingTable[0]).toMatchObject({ PlanNetPrice: 40, NetPrice: 40, VATAmount: 2 });
    // A year of those (360 + 120) less 50 %.
    expect(annual).toMatchObject({
      IsCustomizable: true,
      ProductCategory: 'Commitment',
      CommitmentDuration: 12,
      CommitmentSavingPercentage: 50,
      ListNetPrice: 480,
    });
    expect(annual!.PackagesPricingTable[0]).toMatchObject({ PlanNetPrice: 240 });
    expect(keys(annual!)).toEqual(['commitment_bonus_data', STREAMING_PROMOTION_KEY]);
    // The custom plan can reach AED 150 (120 + 35 + 60), so it lists the offer; the choice decides.
    expect(keys(custom!)).toEqual([STREAMING_PROMOTION_KEY]);
  });

  it('filters by service type, on both paths', async () => {
    const onlyInt = AvailablePlansResponse.parse((await plansOf('product_codes=300&service_types=VOICE-INT')).json());
    expect(onlyInt.products[0]!.plans.map((p) => p.ID)).toEqual([30008, 30009, 30010]);
    const res = await t.get(v, '/api/products/available_plans?product_codes=188&service_types=VOICE-INT,DATA');
    expect(AvailablePlansResponse.parse(res.json()).products[0]!.plans.map((p) => p.ID)).toEqual([1881, 1883]);
  });

  it('answers 404 for an unknown product and 400 for a malformed query', async () => {
    const unknown = await plansOf('product_codes=300,999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not_found', message: expect.stringContaining('999') });
    expect((await plansOf('product_codes=300,300')).json()).toMatchObject({ field: 'query.product_codes' });
    expect((await plansOf('product_codes=abc')).json()).toMatchObject({ field: 'query.product_codes' });
    const badType = await plansOf('product_codes=300&service_types=SMS');
    expect(badType.json()).toMatchObject({ code: 'bad_request', field: expect.stringMatching(/^query.service_types/) });
    expect((await plansOf('')).json()).toMatchObject({ field: 'query.product_codes' });
  });

  it('answers every new call only within a session (-27 otherwise)', async () => {
    const headers = clientHeaders(newDeviceId());
    for (const [method, url] of [
      ['GET', '/api/products/available_plans.json?product_codes=300'],
      ['GET', '/api/products/available_plans?product_codes=300'],
      ['GET', '/api/plans/quote.json?product_code=188&plan_ids=1881,1882,1883'],
      ['GET', '/api/boosters/971581234567?product_code=188'],
      ['GET', '/api/promotions/check_promo_code_eligibility.json?promo_codes=WELCOME10&product_code=188'],
      ['GET', '/api/me/preferences'],
      ['POST', '/api/me/preferences'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers });
      expect([url, res.statusCode]).toEqual([url, 401]);
      expect(ApiErrorBody.parse(res.json()).code).toBe(-27);
    }
  });
});
