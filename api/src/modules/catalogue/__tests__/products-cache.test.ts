import type { Database } from 'better-sqlite3';
import { ProductsResponse, type Product } from '@join/shared/contract';
import { openDatabase } from '../../../platform/db/open-database';
import { createTestApp, type TestApp, type Visitor } from '../../../testing/harness';

/**
 * GET /products/available is the same for every visitor of a language: it is built once per
 * category and language and kept until the catalogue or the business config changes (an
 * operator's edit, from another connection here) or one of its promotions ends, and answered
 * with an ETag (304 to a matching If-None-Match), only with a session.
 */
describe('the product lists, cached', () => {
  let t: TestApp;
  let v: Visitor;
  let operator: Database;
  beforeEach(async () => {
    t = await createTestApp();
    v = await t.login();
    operator = openDatabase(t.dbFile);
  });
  afterEach(async () => {
    operator.close();
    await t.close();
  });

  const list = (headers: Record<string, string> = {}, visitor = v, category = 'tourist') =>
    t.app.inject({ method: 'GET', url: `/api/products/available?category=${category}`, headers: { ...visitor.headers, ...headers } });
  const products = async (headers: Record<string, string> = {}) => ProductsResponse.parse((await list(headers)).json()).products;
  const product = (all: Product[], code: number): Product => {
    const found = all.find((p) => p.ProductCode === code);
    if (!found) throw new Error(`no product ${code}`);
    return found;
  };

  it('answers every visitor the same list under one ETag, 304 to a matching If-None-Match, and revalidated by the browser', async () => {
    const first = await list();
    expect(first.statusCode).toBe(200);
    expect(first.headers).toMatchObject({ 'cache-control': 'private, no-cache', vary: 'language', 'content-type': 'application/json; charset=utf-8' });
    const etag = first.headers.etag as string;
    const other = await list({}, await t.login());
    expect(other.body).toBe(first.body);
    expect(other.headers.etag).toBe(etag);
    const notModified = await list({ 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers).toMatchObject({ etag, 'cache-control': 'private, no-cache', vary: 'language' });
    // Each category and language is its own list.
    expect((await list({ 'if-none-match': etag }, v, 'PAYG')).statusCode).toBe(200);
    const arabic = await list({ language: 'ar', 'if-none-match': etag });
    expect(arabic.statusCode).toBe(200);
    expect(arabic.headers.etag).not.toBe(etag);
  });

  it('is never answered without a valid session, cached or not', async () => {
    await list();
    const res = await t.app.inject({ method: 'GET', url: '/api/products/available?category=tourist', headers: { ...v.headers, 'session-id': 'f'.repeat(64) } });
    expect(res.statusCode).toBe(401);
    expect(res.headers.etag).toBeUndefined();
  });

  it('serves a catalogue edit at once: a name, a price, a name in Arabic', async () => {
    const before = await list();
    operator.prepare("UPDATE products SET name = 'Renamed' WHERE code = 199").run();
    const renamed = await list({ 'if-none-match': before.headers.etag as string });
    expect(renamed.statusCode).toBe(200);
    expect(product(ProductsResponse.parse(renamed.json()).products, 199).Name).toBe('Renamed');
    const priceBefore = product(await products(), 187).PackagesPricingTable[0]?.NetPrice;
    operator.prepare('UPDATE package_prices SET plan_net_price = plan_net_price + 10 WHERE product_code = 187').run();
    expect(product(await products(), 187).PackagesPricingTable[0]?.NetPrice).toBe((priceBefore ?? 0) + 10);
    operator.prepare("INSERT OR REPLACE INTO localized_names (kind, id, language, name) VALUES ('product', '199', 'ar', 'اسم جديد')").run();
    expect(product(await products({ language: 'ar' }), 199).Name).toBe('اسم جديد');
  });

  it('serves a VAT edit of the business config at once', async () => {
    expect(product(await products(), 187).PackagesPricingTable[0]?.VATPercentage).toBe(5);
    operator.prepare("UPDATE business_config SET value = '7.5' WHERE key = 'vat_percentage'").run();
    expect(product(await products(), 187).PackagesPricingTable[0]?.VATPercentage).toBe(7.5);
  });

  it('drops a promotion from the list the moment it ends, with no edit in between', async () => {
    // Ten minutes on: the session stays alive meanwhile (idle limit 30 minutes).
    const end = t.clock.now() + 600_000;
    operator.prepare("UPDATE promotions SET valid_until = ? WHERE key = 'welcome_20'").run(end);
    const keys = async () => product(await products(), 199).Promotions.map((p) => p.Key);
    expect(await keys()).toContain('welcome_20');
    const discounted = product(await products(), 199).PackagesPricingTable[0];
    t.clock.advance(600_000 - 1);
    expect(await keys()).toContain('welcome_20');
    t.clock.advance(1);
    expect(await keys()).not.toContain('welcome_20');
    expect(product(await products(), 199).PackagesPricingTable[0]?.NetPrice).toBeGreaterThan(discounted?.NetPrice ?? Infinity);
  });
});
