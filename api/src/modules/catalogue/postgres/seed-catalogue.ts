import type { PgDatabase } from '../../../platform/db/postgres/pg-database';
import { SEED_BOOSTERS } from '../seed/boosters';
import { arabicSubPlanName, BOOSTER_NAMES_AR, OPERATOR_NAMES_AR, PRODUCT_NAMES_AR } from '../seed/names-ar';
import { SEED_COMMITMENT_TERMS, SEED_PRODUCTS, SEED_VAT_PERCENTAGE, subPlanId, type SeedProduct } from '../seed/products';
import { SEED_PROMOTIONS } from '../seed/promotions';
import { SEED_OFFERS } from '../seed/offers';

/**
 * The catalogue's seed on PostgreSQL (sqlite/seed-catalogue.ts, the same data and rules): products,
 * their plans and prices, commitment terms, promotions, promo codes, boosters, offers and names in
 * Arabic are reference data, written over the database's on every start (an UPSERT), in the
 * seeding transaction of seed-postgres.ts. Each table is one statement (unnest of one array per
 * column), not a round trip per row.
 */
const fixedPriceOf = (p: SeedProduct): number | null => ('planNetPrice' in p ? p.planNetPrice : null);
const listPriceOf = (p: SeedProduct): number | null => ('listNetPrice' in p ? p.listNetPrice : null);
const isCustomizable = (p: SeedProduct): boolean => 'customizable' in p && p.customizable;

/** A column of a seeded table and its PostgreSQL type (the type of its unnest array). */
type Column = readonly [name: string, type: 'text' | 'bigint' | 'integer' | 'double precision'];

/**
 * Inserts `rows` (one value per column, in order) in one statement; `keys` given: the rows
 * already there are written over (every other column), else they are left as they are.
 */
async function insertRows(db: PgDatabase, table: string, columns: readonly Column[], rows: readonly (readonly unknown[])[], keys?: readonly string[]): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map(([name]) => name);
  const arrays = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
  const onConflict = keys
    ? `ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${names
        .filter((n) => !keys.includes(n))
        .map((n) => `${n} = excluded.${n}`)
        .join(', ')}`
    : 'ON CONFLICT DO NOTHING';
  await db.run(
    `INSERT INTO ${table} (${names.join(', ')}) SELECT * FROM unnest(${arrays}) ${onConflict}`,
    columns.map((_, i) => rows.map((row) => row[i] ?? null)),
  );
}

export async function seedProducts(db: PgDatabase): Promise<void> {
  await insertRows(
    db,
    'products',
    [
      ['code', 'bigint'],
      ['name', 'text'],
      ['category', 'text'],
      ['commitment_duration', 'bigint'],
      ['is_tourist', 'integer'],
      ['allowed_features', 'text'],
      ['vanity_level', 'bigint'],
      ['is_customizable', 'integer'],
      ['list_net_price', 'double precision'],
    ],
    SEED_PRODUCTS.map((p) => [
      p.code,
      p.name,
      p.category,
      p.commitmentMonths,
      p.tourist ? 1 : 0,
      JSON.stringify((p.allowedFeatures ?? []).map((Code) => ({ Code }))),
      p.vanityLevel ?? null,
      isCustomizable(p) ? 1 : 0,
      listPriceOf(p),
    ]),
    ['code'],
  );
  // Only bundles have a fixed price row; a list-priced or customizable product has none, so
  // nothing can contradict how it is priced.
  const bundles = SEED_PRODUCTS.filter((p) => fixedPriceOf(p) !== null);
  await insertRows(
    db,
    'package_prices',
    [
      ['product_code', 'bigint'],
      ['plan_net_price', 'double precision'],
      ['vat_percentage', 'double precision'],
    ],
    bundles.map((p) => [p.code, fixedPriceOf(p), SEED_VAT_PERCENTAGE]),
    ['product_code'],
  );
  await db.run('DELETE FROM package_prices WHERE product_code = ANY($1::bigint[])', [SEED_PRODUCTS.filter((p) => fixedPriceOf(p) === null).map((p) => p.code)]);
  const plans = SEED_PRODUCTS.flatMap((p) => p.plans.map((s, i) => ({ id: subPlanId(p.code, i, p.plans.length), productCode: p.code, s })));
  await insertRows(
    db,
    'sub_plans',
    [
      ['id', 'bigint'],
      ['product_code', 'bigint'],
      ['type', 'text'],
      ['name', 'text'],
      ['value', 'bigint'],
      ['validity_days', 'bigint'],
      ['daily_allowance', 'bigint'],
      ['net_price', 'double precision'],
    ],
    plans.map(({ id, productCode, s }) => [id, productCode, s.type, s.name, s.value, s.validityDays, s.dailyAllowance ?? null, s.netPrice ?? null]),
    ['id'],
  );
  // A seeded product's plans are the seed's, as a set (every seed plan now names its product, so
  // a plan of a seeded product that is no seed plan is one the seed dropped).
  await db.run('DELETE FROM sub_plans WHERE product_code = ANY($1::bigint[]) AND NOT (id = ANY($2::bigint[]))', [
    SEED_PRODUCTS.map((p) => p.code),
    plans.map((p) => p.id),
  ]);
  await insertRows(
    db,
    'commitment_terms',
    [
      ['months', 'bigint'],
      ['saving_percentage', 'double precision'],
    ],
    SEED_COMMITMENT_TERMS.map((t) => [t.months, t.savingPercentage]),
    ['months'],
  );
}

export async function seedPromotions(db: PgDatabase): Promise<void> {
  await insertRows(
    db,
    'promotions',
    [
      ['id', 'bigint'],
      ['key', 'text'],
      ['category', 'text'],
      ['type', 'text'],
      ['value', 'double precision'],
      ['plan', 'text'],
      ['is_user_promo', 'integer'],
      ['duration_months', 'bigint'],
      ['max_value', 'double precision'],
      ['requires_consent', 'integer'],
      ['valid_until', 'bigint'],
      ['min_plan_net_price', 'double precision'],
      ['tourist_only', 'integer'],
    ],
    SEED_PROMOTIONS.map(({ promotion: p, ...s }) => [
      p.ID,
      p.Key,
      p.Category,
      p.Type,
      p.Value,
      p.Plan,
      p.IsUserPromo ? 1 : 0,
      p.DurationMonths,
      p.MaxValue,
      p.RequiresConsent ? 1 : 0,
      s.validUntil ?? null,
      s.minPlanNetPrice ?? null,
      s.touristOnly ? 1 : 0,
    ]),
    ['id'],
  );
  // A seeded product's automatic promotions are the seed's, as a set.
  await db.run('DELETE FROM product_promotions WHERE product_code = ANY($1::bigint[])', [SEED_PRODUCTS.map((p) => p.code)]);
  await insertRows(
    db,
    'product_promotions',
    [
      ['product_code', 'bigint'],
      ['promotion_id', 'bigint'],
    ],
    SEED_PROMOTIONS.flatMap((s) => (s.productCodes ?? []).map((code) => [code, s.promotion.ID])),
  );
  await insertRows(
    db,
    'promo_codes',
    [
      ['code', 'text'],
      ['promotion_id', 'bigint'],
    ],
    SEED_PROMOTIONS.flatMap((s) => (s.code ? [[s.code, s.promotion.ID]] : [])),
    ['code'],
  );
  await insertRows(
    db,
    'boosters',
    [
      ['id', 'bigint'],
      ['name', 'text'],
      ['type', 'text'],
      ['value', 'bigint'],
      ['validity_days', 'bigint'],
      ['net_price', 'double precision'],
      ['tags', 'text'],
    ],
    SEED_BOOSTERS.map((b) => [b.ID, b.Name, b.Type, b.Value, b.Validity, b.NetPrice, JSON.stringify(b.Tags)]),
    ['id'],
  );
  await seedOffers(db);
}

/** The marketing offers and their texts (GET /cms/offers): written over the database's, like the promotions they advertise. */
async function seedOffers(db: PgDatabase): Promise<void> {
  await insertRows(
    db,
    'offers',
    [
      ['key', 'text'],
      ['kind', 'text'],
      ['promotion_key', 'text'],
      ['position', 'bigint'],
    ],
    SEED_OFFERS.map((o) => [o.key, o.kind, o.promotionKey, o.position]),
    ['key'],
  );
  await insertRows(
    db,
    'offer_texts',
    [
      ['offer_key', 'text'],
      ['language', 'text'],
      ['title', 'text'],
      ['text', 'text'],
    ],
    SEED_OFFERS.flatMap((o) => (['en', 'ar'] as const).map((language) => [o.key, language, o.texts[language].title, o.texts[language].text])),
    ['offer_key', 'language'],
  );
}

/**
 * Arabic names (localized_names) are reference data like the catalogue they name: written
 * over the database's on every start.
 */
export async function seedNames(db: PgDatabase): Promise<void> {
  const names: (readonly [kind: string, id: string, name: string])[] = [];
  for (const p of SEED_PRODUCTS) {
    const product = PRODUCT_NAMES_AR[p.code];
    if (product) names.push(['product', String(p.code), product]);
    p.plans.forEach((s, i) => names.push(['sub_plan', String(subPlanId(p.code, i, p.plans.length)), arabicSubPlanName(s)]));
  }
  for (const [id, booster] of Object.entries(BOOSTER_NAMES_AR)) names.push(['booster', id, booster]);
  for (const [code, operator] of Object.entries(OPERATOR_NAMES_AR)) names.push(['operator', code, operator]);
  await insertRows(
    db,
    'localized_names',
    [
      ['kind', 'text'],
      ['id', 'text'],
      ['language', 'text'],
      ['name', 'text'],
    ],
    names.map(([kind, id, name]) => [kind, id, 'ar', name]),
    ['language', 'kind', 'id'],
  );
}
