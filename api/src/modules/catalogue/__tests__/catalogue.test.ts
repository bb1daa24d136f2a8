import {
  PlansResponse,
  ProductResponse,
  ProductsResponse,
  SavePlanResponse,
  SavedPlansResponse,
  TOURIST_PRODUCT_CODES,
  UNLIMITED,
} from '@join/shared/contract';
import { form, type TestApp, type Visitor, withTestApp } from '../../../testing/harness';

describe('products and plans', () => {
  let t: TestApp;
  let v: Visitor;
  withTestApp((app, [first]) => void ([t, v] = [app, first as Visitor]));

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: v.headers });
  const post = (url: string, body: Record<string, string | number>) => t.app.inject({ method: 'POST', url, ...form(v.headers, body) });

  it('lists the tourist products cheapest first', async () => {
    const { products } = ProductsResponse.parse((await get('/api/products/available')).json());
    expect(products.map((p) => p.ProductCode).sort()).toEqual([...TOURIST_PRODUCT_CODES].sort());
    const prices = products.map((p) => p.PackagesPricingTable[0]!.PlanNetPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(products.map((p) => p.ProductCode)).not.toEqual([...TOURIST_PRODUCT_CODES]);
    for (const p of products) {
      expect(p.AvailablePlans.map((s) => s.Type)).toEqual(['DATA', 'VOICE-LCL', 'VOICE-INT']);
      expect(p.PackagesPricingTable[0]!.PlanNetPrice).toBeGreaterThanOrEqual(35);
      expect(p.PackagesPricingTable[0]!.PlanNetPrice).toBeLessThanOrEqual(300);
    }
    expect(products.some((p) => p.AvailablePlans.some((s) => s.Value === UNLIMITED))).toBe(true);
    expect(products.some((p) => p.AllowedFeatures.some((f) => f.Code === 'web_apple_pay'))).toBe(true);
  });

  it('lists other categories by commitment', async () => {
    const commitment = ProductsResponse.parse((await get('/api/products/available?category=Commitment')).json()).products;
    expect(commitment.map((p) => p.CommitmentDuration)).toEqual([3, 6, 12]);
    const vip = ProductsResponse.parse((await get('/api/products/available?category=VIP')).json()).products;
    // Two per tier, all 12 months; the list reads by tier (vanity level), cheapest first within one.
    expect(vip).toHaveLength(8);
    expect(vip.every((p) => p.ProductCategory === 'VIP' && p.CommitmentDuration === 12)).toBe(true);
    expect(vip.map((p) => p.ProductCode)).toEqual([221, 222, 212, 232, 251, 252, 241, 242]);
    expect((await get('/api/products/available?category=Gold')).json()).toMatchObject({ field: 'query.category' });
  });

  it('starts a visitor on the 1-month default product', async () => {
    const { product } = ProductResponse.parse((await get('/api/products/current')).json());
    expect(product).toMatchObject({ ProductCode: 100, Name: 'Flexi 1 month', CommitmentDuration: 1, ProductCategory: 'PAYG' });
    expect(product.PackagesPricingTable[0]!.PlanNetPrice).toBe(50);
  });

  it('saves a product and answers 404 for an unknown one', async () => {
    const saved = ProductResponse.parse((await post('/api/products/save', { product_code: 199 })).json());
    expect(saved.product.ProductCode).toBe(199);
    expect(ProductResponse.parse((await get('/api/products/current')).json()).product.ProductCode).toBe(199);
    const res = await post('/api/products/save', { product_code: 999 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it('lists the current product plans filtered by type, in type order', async () => {
    await post('/api/products/save', { product_code: 207 });
    const { plans } = PlansResponse.parse((await get('/api/plans/available?plan_types=VOICE-LCL,DATA')).json());
    expect(plans.map((p) => [p.ID, p.Type])).toEqual([
      [2071, 'DATA'],
      [2072, 'VOICE-LCL'],
    ]);
    expect(plans[0]!.DailyAllowanceValue).toBeGreaterThan(0);
    expect(PlansResponse.parse((await get('/api/plans/available')).json()).plans).toHaveLength(3);
  });

  it('computes the saved plan price on the server', async () => {
    const res = await post('/api/plans/saved_plans', { plan_ids: '1881,1882,1883', product_code: 188, recharge_amount: 25 });
    expect(res.statusCode).toBe(200);
    const { saved_plan } = SavePlanResponse.parse(res.json());
    expect(saved_plan.PackagePrice).toEqual({
      PlanNetPrice: 99,
      ExtraCharges: [{ Name: 'RechargeAmount', Amount: 25 }],
      NetPrice: 124,
      VATPercentage: 5,
      VATAmount: 6.2,
      Discounts: [],
    });
    // 188 comes with its bonus data (an add-on: no price change).
    expect(saved_plan.Promotions.map((p) => p.Key)).toEqual(['explorer_bonus_data']);
    expect(saved_plan.Plans.map((p) => p.ID)).toEqual([1881, 1882, 1883]);
    expect(saved_plan.product.ProductCode).toBe(188);
    // Saving a plan makes its product the current one.
    expect(ProductResponse.parse((await get('/api/products/current')).json()).product.ProductCode).toBe(188);
  });

  it('rejects a price posted by the client, naming the field', async () => {
    const res = await post('/api/plans/saved_plans', { plan_ids: '1881', product_code: 188, NetPrice: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'bad_request', message: 'body.NetPrice: unknown field NetPrice', field: 'body.NetPrice' });
  });

  it('rejects plan ids that are not the product’s', async () => {
    const res = await post('/api/plans/saved_plans', { plan_ids: '1881,1871', product_code: 188 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'body.plan_ids', message: expect.stringContaining('1871') });
    const twice = await post('/api/plans/saved_plans', { plan_ids: '1881,1881', product_code: 188 });
    expect(twice.json()).toMatchObject({ field: 'body.plan_ids', message: expect.stringContaining('twice') });
    const garbage = await post('/api/plans/saved_plans', { plan_ids: '1881;DROP', product_code: 188 });
    expect(garbage.json()).toMatchObject({ field: 'body.plan_ids' });
  });

  it('keeps one saved plan per user and returns it with the current product', async () => {
    expect(SavedPlansResponse.parse((await get('/api/plans/saved_plans')).json())).toMatchObject({
      product: { ProductCode: 100 },
      save_plans: [],
    });
    await post('/api/plans/saved_plans', { plan_ids: '1871,1872,1873', product_code: 187 });
    await post('/api/plans/saved_plans', { plan_ids: '1961,1962,1963', product_code: 196 });
    const saved = SavedPlansResponse.parse((await get('/api/plans/saved_plans')).json());
    expect(saved.product?.ProductCode).toBe(196);
    expect(saved.save_plans).toHaveLength(1);
    expect(saved.save_plans[0]!.Plans.map((p) => p.ID)).toEqual([1961, 1962, 1963]);
    expect(saved.save_plans[0]!.PackagePrice).toMatchObject({ PlanNetPrice: 69, NetPrice: 69, VATAmount: 3.45, ExtraCharges: [] });
  });
});
