import type { Database } from 'better-sqlite3';
import { SEED_BUSINESS_CONFIG } from './modules/content/seed/biz-config';
import { DEFAULT_POOL_SIZE, generateNumberPool } from './modules/numbers/seed/number-pool';
import { SEED_ACCOUNTS, SEED_TERMINATED_NUMBERS } from './modules/account/seed/accounts';
import { SEED_BOOSTERS } from './modules/catalogue/seed/boosters';
import { SEED_STORES, SEED_ZONES } from './modules/fulfilment/seed/delivery';
import { hashPasswordSync } from './modules/account/passwords';
import { SEED_COMMITMENT_TERMS, SEED_PRODUCTS, SEED_VAT_PERCENTAGE, subPlanId, type SeedProduct } from './modules/catalogue/seed/products';
import { SEED_PROMOTIONS } from './modules/catalogue/seed/promotions';
import { externalSubscribers, SEED_OPERATORS } from './modules/numbers/seed/transfer';
import { SEED_TRANSLATIONS, WEB_CONTAINER_ID } from './modules/content/seed/translations';
import { arabicSubPlanName, BOOSTER_NAMES_AR, OPERATOR_NAMES_AR, PRODUCT_NAMES_AR } from './modules/catalogue/seed/names-ar';

/**
 * Fills a migrated database. The catalogue (products, their plans and prices, commitment
 * terms, promotions, promo codes, boosters) is reference data: every start writes the seed's
 * rows over the database's (an UPSERT), so a database made by an earlier version gets today's
 * catalogue and prices; a seeded product's plans and automatic promotions are replaced as a
 * set, and rows the seed does not name are left alone. Config, translations, operators and
 * external subscribers use INSERT OR IGNORE: a key added to the seed files reaches an
 * existing database, and a value an operator changed is kept. Users' data is never touched.
 * The number pool is seeded only into an empty table.
 */
export interface SeedOptions {
  /** Numbers in the pool; tests use a smaller one to stay fast. */
  poolSize?: number;
}

export interface SeedReport {
  numbersInserted: number;
}

const fixedPriceOf = (p: SeedProduct): number | null => ('planNetPrice' in p ? p.planNetPrice : null);
const listPriceOf = (p: SeedProduct): number | null => ('listNetPrice' in p ? p.listNetPrice : null);
const isCustomizable = (p: SeedProduct): boolean => 'customizable' in p && p.customizable;

function seedProducts(db: Database): void {
  const product = db.prepare(
    `INSERT INTO products (code, name, category, commitment_duration, is_tourist, allowed_features, vanity_level, is_customizable, list_net_price)
     VALUES (@code, @name, @category, @months, @tourist, @features, @level, @customizable, @list)
     ON CONFLICT (code) DO UPDATE SET name = excluded.name, category = excluded.category,
       commitment_duration = excluded.commitment_duration, is_tourist = excluded.is_tourist,
       allowed_features = excluded.allowed_features, vanity_level = excluded.vanity_level,
       is_customizable = excluded.is_customizable, list_net_price = excluded.list_net_price`,
  );
  // Only bundles have a fixed price row; a list-priced or customizable product has none, so
  // nothing can contradict how it is priced.
  const price = db.prepare(
    `INSERT INTO package_prices (product_code, plan_net_price, vat_percentage) VALUES (?, ?, ?)
     ON CONFLICT (product_code) DO UPDATE SET plan_net_price = excluded.plan_net_price, vat_percentage = excluded.vat_percentage`,
  );
  const noPrice = db.prepare('DELETE FROM package_prices WHERE product_code = ?');
  const plan = db.prepare(
    `INSERT INTO sub_plans (id, product_code, type, name, value, validity_days, daily_allowance, net_price)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET product_code = excluded.product_code, type = excluded.type, name = excluded.name,
       value = excluded.value, validity_days = excluded.validity_days, daily_allowance = excluded.daily_allowance,
       net_price = excluded.net_price`,
  );
  const stalePlans = db.prepare('DELETE FROM sub_plans WHERE product_code = ? AND id NOT IN (SELECT value FROM json_each(?))');
  for (const p of SEED_PRODUCTS) {
    product.run({
      code: p.code,
      name: p.name,
      category: p.category,
      months: p.commitmentMonths,
      tourist: p.tourist ? 1 : 0,
      features: JSON.stringify((p.allowedFeatures ?? []).map((Code) => ({ Code }))),
      level: p.vanityLevel ?? null,
      customizable: isCustomizable(p) ? 1 : 0,
      list: listPriceOf(p),
    });
    const fixed = fixedPriceOf(p);
    if (fixed === null) noPrice.run(p.code);
    else price.run(p.code, fixed, SEED_VAT_PERCENTAGE);
    const ids = p.plans.map((_, i) => subPlanId(p.code, i, p.plans.length));
    p.plans.forEach((s, i) =>
      plan.run(ids[i], p.code, s.type, s.name, s.value, s.validityDays, s.dailyAllowance ?? null, s.netPrice ?? null),
    );
    stalePlans.run(p.code, JSON.stringify(ids));
  }
  const term = db.prepare(
    `INSERT INTO commitment_terms (months, saving_percentage) VALUES (?, ?)
     ON CONFLICT (months) DO UPDATE SET saving_percentage = excluded.saving_percentage`,
  );
  for (const t of SEED_COMMITMENT_TERMS) term.run(t.months, t.savingPercentage);
}

function seedPromotions(db: Database): void {
  const promotion = db.prepare(
    `INSERT INTO promotions (id, key, category, type, value, plan, is_user_promo, duration_months, max_value, requires_consent,
       valid_until, min_plan_net_price, tourist_only)
     VALUES (@id, @key, @category, @type, @value, @plan, @user, @months, @max, @consent, @until, @min, @tourist)
     ON CONFLICT (id) DO UPDATE SET key = excluded.key, category = excluded.category, type = excluded.type,
       value = excluded.value, plan = excluded.plan, is_user_promo = excluded.is_user_promo,
       duration_months = excluded.duration_months, max_value = excluded.max_value,
       requires_consent = excluded.requires_consent, valid_until = excluded.valid_until,
       min_plan_net_price = excluded.min_plan_net_price, tourist_only = excluded.tourist_only`,
  );
  // A seeded product's automatic promotions are the seed's, as a set.
  const unlink = db.prepare('DELETE FROM product_promotions WHERE product_code = ?');
  for (const p of SEED_PRODUCTS) unlink.run(p.code);
  const link = db.prepare('INSERT OR IGNORE INTO product_promotions (product_code, promotion_id) VALUES (?, ?)');
  const code = db.prepare(
    'INSERT INTO promo_codes (code, promotion_id) VALUES (?, ?) ON CONFLICT (code) DO UPDATE SET promotion_id = excluded.promotion_id',
  );
  for (const s of SEED_PROMOTIONS) {
    const p = s.promotion;
    promotion.run({
      id: p.ID,
      key: p.Key,
      category: p.Category,
      type: p.Type,
      value: p.Value,
      plan: p.Plan,
      user: p.IsUserPromo ? 1 : 0,
      months: p.DurationMonths,
      max: p.MaxValue,
      consent: p.RequiresConsent ? 1 : 0,
      until: s.validUntil ?? null,
      min: s.minPlanNetPrice ?? null,
      tourist: s.touristOnly ? 1 : 0,
    });
    for (const productCode of s.productCodes ?? []) link.run(productCode, p.ID);
    if (s.code) code.run(s.code, p.ID);
  }
  const booster = db.prepare(
    `INSERT INTO boosters (id, name, type, value, validity_days, net_price, tags) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, type = excluded.type, value = excluded.value,
       validity_days = excluded.validity_days, net_price = excluded.net_price, tags = excluded.tags`,
  );
  for (const b of SEED_BOOSTERS) booster.run(b.ID, b.Name, b.Type, b.Value, b.Validity, b.NetPrice, JSON.stringify(b.Tags));
}

function seedTransfer(db: Database): void {
  const operator = db.prepare('INSERT OR IGNORE INTO mnp_operators (code, name) VALUES (?, ?)');
  for (const o of SEED_OPERATORS) operator.run(o.code, o.name);
  const subscriber = db.prepare('INSERT OR IGNORE INTO external_subscribers (msisdn, operator_code, status) VALUES (?, ?, ?)');
  for (const s of externalSubscribers()) subscriber.run(s.msisdn, s.operatorCode, s.status);
}

/**
 * Arabic names (localized_names) are reference data like the catalogue they name: written
 * over the database's on every start.
 */
function seedNames(db: Database): void {
  const name = db.prepare(
    `INSERT INTO localized_names (kind, id, language, name) VALUES (?, ?, 'ar', ?)
     ON CONFLICT (language, kind, id) DO UPDATE SET name = excluded.name`,
  );
  for (const p of SEED_PRODUCTS) {
    const product = PRODUCT_NAMES_AR[p.code];
    if (product) name.run('product', String(p.code), product);
    p.plans.forEach((s, i) => name.run('sub_plan', String(subPlanId(p.code, i, p.plans.length)), arabicSubPlanName(s)));
  }
  for (const [id, booster] of Object.entries(BOOSTER_NAMES_AR)) name.run('booster', id, booster);
  for (const [code, operator] of Object.entries(OPERATOR_NAMES_AR)) name.run('operator', code, operator);
}

function seedContent(db: Database): void {
  const config = db.prepare('INSERT OR IGNORE INTO business_config (key, value) VALUES (?, ?)');
  for (const [key, value] of Object.entries(SEED_BUSINESS_CONFIG)) config.run(key, JSON.stringify(value));
  const text = db.prepare('INSERT OR IGNORE INTO translations (container_id, language, key, value) VALUES (?, ?, ?, ?)');
  for (const [language, dictionary] of Object.entries(SEED_TRANSLATIONS)) {
    for (const [key, value] of Object.entries(dictionary)) text.run(WEB_CONTAINER_ID, language, key, value);
  }
}

/**
 * One hash per seeded password per process: scrypt costs about 130 ms on purpose, and a test
 * run opens hundreds of fresh databases. The salt is random all the same; only these sandbox
 * accounts share it across the databases one process seeds.
 */
const seedHashes = new Map<string, string>();
const seedHashOf = (password: string): string => {
  let hash = seedHashes.get(password);
  if (!hash) seedHashes.set(password, (hash = hashPasswordSync(password)));
  return hash;
};

/**
 * The sandbox accounts and terminated lines: inserted when missing, never overwritten, so a
 * tester's changes (a password set on noor@) survive a restart, and a database that already
 * has them costs no hashing at all.
 */
function seedAccounts(db: Database): void {
  const exists = db.prepare<[string], { id: string }>('SELECT id FROM accounts WHERE email = ?');
  const insert = db.prepare(
    `INSERT INTO accounts (id, email, password_hash, email_verified_at, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT DO NOTHING`,
  );
  for (const a of SEED_ACCOUNTS) {
    if (exists.get(a.email)) continue;
    insert.run(a.id, a.email, a.password === null ? null : seedHashOf(a.password), a.createdAt, a.createdAt);
  }
  const terminated = db.prepare('INSERT OR IGNORE INTO terminated_numbers (email, msisdn, terminated_at) VALUES (?, ?, ?)');
  for (const t of SEED_TERMINATED_NUMBERS) terminated.run(t.email, t.msisdn, t.terminatedAt);
}

/** Delivery zones and stores are reference data, like the catalogue: the seed's rows are written over the database's. */
function seedDelivery(db: Database): void {
  const zone = db.prepare(
    `INSERT INTO delivery_zones (id, name, emirate, polygon_json, hours_json, eta_minutes, position) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, emirate = excluded.emirate, polygon_json = excluded.polygon_json,
       hours_json = excluded.hours_json, eta_minutes = excluded.eta_minutes, position = excluded.position`,
  );
  SEED_ZONES.forEach((z, i) => zone.run(z.id, z.name, z.emirate, JSON.stringify(z.polygon), JSON.stringify(z.hours), z.etaMinutes, i));
  const store = db.prepare(
    `INSERT INTO stores (id, name_en, name_ar, address_en, address_ar, emirate, lat, lng, hours_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name_en = excluded.name_en, name_ar = excluded.name_ar, address_en = excluded.address_en,
       address_ar = excluded.address_ar, emirate = excluded.emirate, lat = excluded.lat, lng = excluded.lng, hours_json = excluded.hours_json`,
  );
  for (const s of SEED_STORES) store.run(s.id, s.nameEn, s.nameAr, s.addressEn, s.addressAr, s.emirate, s.lat, s.lng, JSON.stringify(s.hours));
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
      seedProducts(db);
      seedPromotions(db);
      seedContent(db);
      seedTransfer(db);
      seedNames(db);
      seedAccounts(db);
      seedDelivery(db);
      return { numbersInserted: seedNumbers(db, options.poolSize ?? DEFAULT_POOL_SIZE) };
    })
    .immediate();
}
