import type { Database } from 'better-sqlite3';
import { SEED_BUSINESS_CONFIG } from '../../seed/biz-config';
import { DEFAULT_POOL_SIZE, generateNumberPool } from '../../seed/number-pool';
import { SEED_PRODUCTS, SEED_VAT_PERCENTAGE, subPlanId } from '../../seed/products';
import { SEED_TRANSLATIONS, WEB_CONTAINER_ID } from '../../seed/translations';

/**
 * Fills a migrated database. Catalogue, config and translations use INSERT OR IGNORE on every
 * start: a key added to the seed files reaches an existing database, and a value an operator
 * changed in the database is kept. The number pool is seeded only into an empty table.
 */
export interface SeedOptions {
  /** Numbers in the pool; tests use a smaller one to stay fast. */
  poolSize?: number;
}

export interface SeedReport {
  numbersInserted: number;
}

function seedCatalogue(db: Database): void {
  const product = db.prepare(
    `INSERT OR IGNORE INTO products (code, name, category, commitment_duration, is_tourist, allowed_features)
     VALUES (@code, @name, @category, @months, @tourist, @features)`,
  );
  const price = db.prepare('INSERT OR IGNORE INTO package_prices (product_code, plan_net_price, vat_percentage) VALUES (?, ?, ?)');
  const plan = db.prepare(
    `INSERT OR IGNORE INTO sub_plans (id, product_code, type, name, value, validity_days, daily_allowance)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const p of SEED_PRODUCTS) {
    product.run({
      code: p.code,
      name: p.name,
      category: p.category,
      months: p.commitmentMonths,
      tourist: p.tourist ? 1 : 0,
      features: JSON.stringify((p.allowedFeatures ?? []).map((Code) => ({ Code }))),
    });
    price.run(p.code, p.planNetPrice, SEED_VAT_PERCENTAGE);
    p.plans.forEach((s, i) =>
      plan.run(subPlanId(p.code, i), p.code, s.type, s.name, s.value, s.validityDays, s.dailyAllowance ?? null),
    );
  }
}

function seedContent(db: Database): void {
  const config = db.prepare('INSERT OR IGNORE INTO business_config (key, value) VALUES (?, ?)');
  for (const [key, value] of Object.entries(SEED_BUSINESS_CONFIG)) config.run(key, JSON.stringify(value));
  const text = db.prepare('INSERT OR IGNORE INTO translations (container_id, language, key, value) VALUES (?, ?, ?, ?)');
  for (const [language, dictionary] of Object.entries(SEED_TRANSLATIONS)) {
    for (const [key, value] of Object.entries(dictionary)) text.run(WEB_CONTAINER_ID, language, key, value);
  }
}

function seedNumbers(db: Database, poolSize: number): number {
  const { count } = db.prepare('SELECT COUNT(*) AS count FROM numbers').get() as { count: number };
  if (count > 0) return 0;
  // One prepared statement in one transaction: 100,000 rows take well under a second.
  const insert = db.prepare('INSERT INTO numbers (msisdn, vanity_level) VALUES (?, ?)');
  const pool = generateNumberPool(poolSize);
  for (const n of pool) insert.run(n.msisdn, n.vanityLevel);
  return pool.length;
}

export function seedDatabase(db: Database, options: SeedOptions = {}): SeedReport {
  return db
    .transaction(() => {
      seedCatalogue(db);
      seedContent(db);
      return { numbersInserted: seedNumbers(db, options.poolSize ?? DEFAULT_POOL_SIZE) };
    })
    .immediate();
}
