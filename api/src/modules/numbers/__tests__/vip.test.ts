import {
  ApiErrorBody,
  FlowStatusResponse,
  NumberSearchResponse,
  NumbersResponse,
  PlansByVanityResponse,
  ProductResponse,
  ProductsResponse,
  SavePlanResponse,
  SavedPlansResponse,
  VANITY_LEVELS,
} from '@join/shared/contract';
import { form, type TestApp, type Visitor, withTestApp } from '../../../testing/harness';

const { bronze, gold, diamond, red } = VANITY_LEVELS;

describe('VIP numbers and their plans', () => {
  let t: TestApp;
  let alice: Visitor;
  let bob: Visitor;
  withTestApp((app, [a, b]) => void ([t, alice, bob] = [app, a as Visitor, b as Visitor]), { visitors: 2 });

  const get = (v: Visitor, url: string) => t.get(v, url);
  const post = (v: Visitor, url: string, body: Record<string, string | number>) => t.post(v, url, body);
  /** A free number of the tier, found the way a visitor would: by search. */
  const numberOf = async (level: number, skip = 0): Promise<string> => {
    const res = await post(bob, '/api/numbers/search', { vanity_level_ids: level, per_page: 5 });
    return NumberSearchResponse.parse(res.json()).numbers[skip]!.MSISDN;
  };
  const reserve = async (v: Visitor, number: string) => expect((await post(v, '/api/numbers', { number })).statusCode).toBe(200);
  const plansFor = (v: Visitor, number: string, level: number | string) =>
    get(v, `/api/plans/by_vanity_level.json?number=${number}&vanity_level=${level}`);
  const hasVip = async (v: Visitor) =>
    FlowStatusResponse.parse((await get(v, '/api/me/flow_status')).json()).flow_status_flags.has_vip;
  /** A VIP product is bought whole: all three of its plans. */
  const savePlan = (v: Visitor, productCode: number) =>
    post(v, '/api/plans/saved_plans', { product_code: productCode, plan_ids: [1, 2, 3].map((i) => productCode * 10 + i).join(',') });

  it('lists VIP products for every tier, each a 12-month commitment', async () => {
    const { products } = ProductsResponse.parse((await get(alice, '/api/products/available?category=VIP')).json());
    expect(products).toHaveLength(8);
    for (const p of products) expect(p).toMatchObject({ ProductCategory: 'VIP', CommitmentDuration: 12 });
    expect(products.map((p) => p.ProductCode)).toContain(212);
  });

  it.each([
    ['bronze', bronze, [221, 222]],
    ['gold', gold, [212, 232]],
    ['red', red, [241, 242]],
    ['diamond', diamond, [251, 252]],
  ] as const)('answers the %s plans for a held number of that tier, cheapest first', async (_name, level, codes) => {
    const number = await numberOf(level);
    await reserve(alice, number);
    const res = await plansFor(alice, number, level);
    expect(res.statusCode).toBe(200);
    const { products } = PlansByVanityResponse.parse(res.json());
    expect(products.map((p) => p.ProductCode)).toEqual(codes);
    const prices = products.map((p) => p.PackagesPricingTable[0]!.PlanNetPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    for (const p of products) expect(p.ProductCategory).toBe('VIP');
  });

  it('prices the tiers bronze < gold < red < diamond', async () => {
    const cheapest: number[] = [];
    for (const level of [bronze, gold, red, diamond]) {
      const number = await numberOf(level);
      await reserve(alice, number);
      const { products } = PlansByVanityResponse.parse((await plansFor(alice, number, level)).json());
      cheapest.push(products[0]!.PackagesPricingTable[0]!.PlanNetPrice);
    }
    expect(cheapest).toEqual([...cheapest].sort((a, b) => a - b));
    expect(new Set(cheapest).size).toBe(4);
  });

  it('answers by_vanity_level only for the visitor’s own live hold', async () => {
    const number = await numberOf(gold);
    const free = await plansFor(alice, number, gold);
    expect(free.statusCode).toBe(404);
    expect(free.json()).toMatchObject({ code: 'not_found' });
    await reserve(bob, number);
    const theirs = await plansFor(alice, number, gold);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ ...(free.json() as object), message: expect.any(String) });
    expect((await plansFor(bob, number, gold)).statusCode).toBe(200);
    t.clock.advance(15 * 60_000);
    expect((await plansFor(bob, number, gold)).statusCode).toBe(404);
  });

  it('answers 400 on vanity_level for a level that is not the number’s, or no level at all', async () => {
    const number = await numberOf(gold);
    await reserve(alice, number);
    for (const level of [bronze, 5, 'gold']) {
      const res = await plansFor(alice, number, level);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'bad_request', field: 'query.vanity_level' });
    }
    expect((await plansFor(alice, '0581234567', gold)).json()).toMatchObject({ field: 'query.number' });
  });

  it('answers an empty list for a basic number', async () => {
    const [basic] = NumbersResponse.parse((await post(alice, '/api/numbers/random', { count: 1 })).json()).numbers;
    await reserve(alice, basic!.MSISDN);
    const res = await plansFor(alice, basic!.MSISDN, basic!.VanityLevelId);
    expect(PlansByVanityResponse.parse(res.json())).toEqual({ products: [] });
  });

  it('refuses a VIP plan without a VIP number of its tier', async () => {
    const refused = async (code: number, why: RegExp) => {
      const res = await savePlan(alice, code);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'flow_order', message: expect.stringMatching(why) });
    };
    await refused(212, /VIP plan for gold numbers: reserve a gold number first/);
    const [basic] = NumbersResponse.parse((await post(alice, '/api/numbers/random', { count: 1 })).json()).numbers;
    await reserve(alice, basic!.MSISDN);
    await refused(221, /bronze/);
    await reserve(alice, await numberOf(bronze));
    await refused(212, /gold/);
    await refused(251, /diamond/);
    expect(SavedPlansResponse.parse((await get(alice, '/api/plans/saved_plans')).json()).save_plans).toEqual([]);
  });

  it('saves a VIP plan of the held number’s tier, with the tier on the saved plan', async () => {
    await reserve(alice, await numberOf(diamond));
    const res = await savePlan(alice, 252);
    expect(res.statusCode).toBe(200);
    const { saved_plan } = SavePlanResponse.parse(res.json());
    expect(saved_plan).toMatchObject({ VanityLevel: diamond, product: { ProductCode: 252, ProductCategory: 'VIP' } });
    expect(ProductResponse.parse((await get(alice, '/api/products/current')).json()).product.ProductCode).toBe(252);
  });

  it('refuses a non-VIP plan while a VIP number is held, and allows it again after the cancel', async () => {
    const number = await numberOf(red);
    await reserve(alice, number);
    const res = await savePlan(alice, 188);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'flow_order', message: 'Your red number comes with a VIP plan: choose one of its VIP plans' });
    await t.app.inject({ method: 'DELETE', url: '/api/numbers', ...form(alice.headers, { number }) });
    expect((await savePlan(alice, 188)).statusCode).toBe(200);
  });

  it('derives has_vip from a live VIP hold', async () => {
    expect(await hasVip(alice)).toBe(false);
    const [basic] = NumbersResponse.parse((await post(alice, '/api/numbers/random', { count: 1 })).json()).numbers;
    await reserve(alice, basic!.MSISDN);
    expect(await hasVip(alice)).toBe(false);
    const number = await numberOf(bronze);
    await reserve(alice, number);
    expect(await hasVip(alice)).toBe(true);
    expect(await hasVip(bob)).toBe(false);
    await t.app.inject({ method: 'DELETE', url: '/api/numbers', ...form(alice.headers, { number }) });
    expect(await hasVip(alice)).toBe(false);
    await reserve(alice, number);
    expect(await hasVip(alice)).toBe(true);
    t.clock.advance(15 * 60_000);
    expect(await hasVip(alice)).toBe(false);
  });

  it('moves a VIP product back to the default on cancel, like any multi-month product', async () => {
    const number = await numberOf(gold);
    await reserve(alice, number);
    await savePlan(alice, 212);
    await t.app.inject({ method: 'DELETE', url: '/api/numbers', ...form(alice.headers, { number }) });
    expect(ProductResponse.parse((await get(alice, '/api/products/current')).json()).product.ProductCode).toBe(100);
  });

  it('saving a product follows the same pairing as saving a plan', async () => {
    // A VIP product without a number of its tier is refused...
    const refused = await post(alice, '/api/products/save', { product_code: 212 });
    expect(refused.statusCode).toBe(409);
    expect(ApiErrorBody.parse(refused.json()).code).toBe('flow_order');
    // ...and so is a non-VIP product for a visitor who holds a gold number.
    await reserve(alice, await numberOf(4));
    const tourist = await post(alice, '/api/products/save', { product_code: 187 });
    expect(tourist.statusCode).toBe(409);
    expect((await post(alice, '/api/products/save', { product_code: 212 })).statusCode).toBe(200);
  });
});
