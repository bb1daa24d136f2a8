import { PgDatabase } from '../../../platform/db/postgres/pg-database';
import { seedAccounts } from '../../account/postgres/seed-accounts';
import { verifyPassword } from '../../account/passwords';
import { SEED_ACCOUNTS } from '../../account/seed/accounts';
import { seedNames, seedProducts, seedPromotions } from '../postgres/seed-catalogue';
import { SEED_PRODUCTS } from '../seed/products';
import { freshDatabase } from '../../../testing/postgres-test-cluster';

/**
 * The catalogue's and the accounts' seeds on PostgreSQL run again on a seeded database, as every
 * start runs them: reference data is written back over an operator's edit, and changes nothing
 * else; rows the seed does not name stay; the sandbox accounts are left as a tester left them.
 */
describe('PostgreSQL seeds of the catalogue and the accounts, run again', () => {
  let db: PgDatabase;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await freshDatabase();
    db = PgDatabase.connect(database.url, { max: 2 });
    drop = database.drop;
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  const TABLES = ['products', 'package_prices', 'sub_plans', 'commitment_terms', 'promotions', 'product_promotions', 'promo_codes', 'boosters', 'offers', 'offer_texts', 'localized_names'];
  const dump = async (): Promise<Record<string, unknown[]>> =>
    Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await db.many(`SELECT * FROM ${t} ORDER BY 1, 2`)] as const)));
  const seedAll = () =>
    db.transaction(async () => {
      await seedProducts(db);
      await seedPromotions(db);
      await seedNames(db);
      await seedAccounts(db);
    });

  it('writes the reference data over, keeps rows it does not name, and moves the catalogue version', async () => {
    const seeded = await dump();
    const [first] = SEED_PRODUCTS;
    if (!first) throw new Error('the seed has no product');
    const version = async () => (await db.one<{ catalogue: number }>('SELECT catalogue FROM reference_versions WHERE id = 1')).catalogue;
    // An operator's hand edits: a product renamed, a plan of its own, a promotion unlinked, an Arabic name changed.
    await db.run("UPDATE products SET name = 'Renamed' WHERE code = $1", [first.code]);
    await db.run("INSERT INTO products (code, name, category, commitment_duration) VALUES (9001, 'Operator product', 'PAYG', 1)");
    await db.run("INSERT INTO sub_plans (id, product_code, type, name, value, validity_days) VALUES (900101, $1, 'DATA', 'Stale plan', 1, 1)", [first.code]);
    await db.run('DELETE FROM product_promotions');
    await db.run("UPDATE localized_names SET name = 'x' WHERE kind = 'product'");
    const before = await version();
    await seedAll();
    expect(await version()).toBeGreaterThan(before);
    const again = await dump();
    // The seed's rows are back as they were; the operator's own product (which the seed does not name) stays.
    expect({ ...again, products: again.products?.filter((p) => (p as { code: number }).code !== 9001) }).toEqual(seeded);
    expect(again.products?.some((p) => (p as { code: number }).code === 9001)).toBe(true);
    // Run once more with nothing to restore: the same rows.
    await seedAll();
    expect(await dump()).toEqual(again);
  });

  it('adds a missing sandbox account and leaves the others as a tester left them', async () => {
    const [amira, noor] = SEED_ACCOUNTS;
    if (!amira || !noor) throw new Error('the seed has fewer than two accounts');
    await db.run("UPDATE accounts SET password_hash = 'scrypt$set-by-a-tester' WHERE id = $1", [noor.id]);
    await db.run('DELETE FROM terminated_numbers');
    await db.run('DELETE FROM accounts WHERE id = $1', [amira.id]);
    await seedAll();
    const rows = await db.many<{ id: string; password_hash: string | null }>('SELECT id, password_hash FROM accounts WHERE id = ANY($1) ORDER BY id', [[amira.id, noor.id]]);
    expect(rows.map((r) => r.id)).toEqual([amira.id, noor.id]);
    expect(await verifyPassword(amira.password ?? '', rows[0]?.password_hash ?? '')).toBe(true);
    expect(rows[1]?.password_hash).toBe('scrypt$set-by-a-tester');
    expect((await db.one<{ n: number }>('SELECT COUNT(*) AS n FROM terminated_numbers')).n).toBe(3);
  });
});
