import { join } from 'node:path';
import {
  BizConfigResponse,
  PlanQuoteResponse,
  ProductResponse,
  ProductsResponse,
  SavePlanResponse,
  SavedPlansResponse,
  type PackagePrice,
} from '@join/shared/contract';
import { openDatabase } from '../../../platform/db/open-database';
import { openSqliteRepositories } from '../../../database';
import { createTestApp, tempDir, type TestApp, type Visitor } from '../../../testing/harness';

/**
 * VAT comes from the business config, never from a constant: an operator who sets 7.5 % sees
 * 7.5 % in every list, quote and save (the seed's 5 % would hide a hard-coded 5).
 */
const VAT = 7.5;

describe('VAT from the business config', () => {
  const dir = tempDir();
  let t: TestApp;
  let v: Visitor;

  beforeAll(async () => {
    const file = join(dir.path, 'vat.sqlite');
    // An operator's edit of the stored config, which a restart keeps (seed-database.ts inserts only what is missing).
    const { repos } = openSqliteRepositories(file, { poolSize: 500 });
    await repos.close();
    const db = openDatabase(file);
    db.prepare("UPDATE business_config SET value = ? WHERE key = 'vat_percentage'").run(JSON.stringify(VAT));
    db.close();
    t = await createTestApp({ db: file });
    v = await t.login();
  });
  afterAll(async () => {
    await t.close();
    dir.remove();
  });

  /** VAT on top of NetPrice, rounded to the fils. */
  const expectVat = (p: PackagePrice) => {
    expect(p.VATPercentage).toBe(VAT);
    expect(p.VATAmount).toBeCloseTo((p.NetPrice * VAT) / 100, 2);
  };

  it('is what the config says', async () => {
    expect(BizConfigResponse.parse((await t.get(v, '/api/biz_config/app')).json()).vat_percentage).toBe(VAT);
  });

  it('prices every product of the lists with it', async () => {
    const { products } = ProductsResponse.parse((await t.get(v, '/api/products/available')).json());
    const prices = products.flatMap((p) => p.PackagesPricingTable);
    expect(prices.length).toBeGreaterThan(3);
    prices.forEach(expectVat);
    expectVat(ProductResponse.parse((await t.get(v, '/api/products/current')).json()).product.PackagesPricingTable[0] as PackagePrice);
  });

  it('quotes, saves and lists the saved plan with it', async () => {
    const choice = { product_code: 206, plan_ids: '2061,2062,2063', recharge_amount: 25 };
    const quoted = PlanQuoteResponse.parse(
      (await t.get(v, `/api/plans/quote.json?${new URLSearchParams(Object.entries(choice).map(([k, x]) => [k, String(x)]))}`)).json(),
    );
    expectVat(quoted.package_price);
    const { saved_plan } = SavePlanResponse.parse((await t.post(v, '/api/plans/saved_plans', choice)).json());
    expectVat(saved_plan.PackagePrice);
    expect(saved_plan.PackagePrice).toEqual(quoted.package_price);
    const listed = SavedPlansResponse.parse((await t.get(v, '/api/plans/saved_plans')).json());
    expect(listed.save_plans[0]?.PackagePrice).toEqual(quoted.package_price);
  });
});
