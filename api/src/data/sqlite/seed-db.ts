import type { Database } from 'better-sqlite3';
import { SEED_BUSINESS_CONFIG } from '../../seed/biz-config';
import { DEFAULT_POOL_SIZE, generateNumberPool } from '../../seed/number-pool';
import { SEED_PRODUCTS, SEED_VAT_PERCENTAGE, subPlanId } from '../../seed/products';
import { externalSubscribers, SEED_OPERATORS } from '../../seed/transfer';
import { SEED_TRANSLATIONS, WEB_CONTAINER_ID } from '../../seed/translations';

/**
 * Fills a migrated database. Catalogue, config, translations, operators and external
 * subscribers use INSERT OR IGNORE on every start: a key added to the seed files reaches an
 * existing database, and a value an operator changed in the database is kept. The number
 * pool is seeded only into an empty table.
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
  // Fills a product's tier only where none is set, so an existing 212 becomes gold but an
  // operator's own choice stands.
  const tier = db.prepare('UPDATE products SET vanity_level = ? WHERE code = ? AND vanity_level IS NULL');
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
    if (p.vanityLevel !== undefined) tier.run(p.vanityLevel, p.code);
  }
}

function seedTransfer(db: Database): void {
  const operator = db.prepare('INSERT OR IGNORE INTO mnp_operators (code, name) VALUES (?, ?)');
  for (const o of SEED_OPERATORS) operator.run(o.code, o.name);
  const subscriber = db.prepare('INSERT OR IGNORE INTO external_subscribers (msisdn, operator_code, status) VALUES (?, ?, ?)');
  for (const s of externalSubscribers()) subscriber.run(s.msisdn, s.operatorCode, s.status);
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
  // The rows go through a temporary table and then into numbers in one statement: the search
  // index trigger then feeds FTS5 within a single statement, which it buffers, instead of
  // flushing a tiny segment per row (measured on 1,000,000 rows: seconds instead of 45 s).
  const pool = generateNumberPool(poolSize);
  db.exec('CREATE TEMP TABLE seed_numbers (msisdn TEXT NOT NULL, vanity_level INTEGER NOT NULL)');
  try {
    const stage = db.prepare('INSERT INTO temp.seed_numbers (msisdn, vanity_level) VALUES (?, ?)');
    for (const n of pool) stage.run(n.msisdn, n.vanityLevel);
    db.exec('INSERT INTO numbers (msisdn, vanity_level) SELECT msisdn, vanity_level FROM temp.seed_numbers ORDER BY rowid');
  } finally {
    db.exec('DROP TABLE temp.seed_numbers');
  }
  return pool.length;
}

export function seedDatabase(db: Database, options: SeedOptions = {}): SeedReport {
  return db
    .transaction(() => {
      seedCatalogue(db);
      seedContent(db);
      seedTransfer(db);
      return { numbersInserted: seedNumbers(db, options.poolSize ?? DEFAULT_POOL_SIZE) };
    })
    .immediate();
}
