import type { Database } from 'better-sqlite3';
import { SEED_BOOSTERS } from '../seed/boosters';
import { arabicSubPlanName, BOOSTER_NAMES_AR, OPERATOR_NAMES_AR, PRODUCT_NAMES_AR } from '../seed/names-ar';
import { SEED_COMMITMENT_TERMS, SEED_PRODUCTS, SEED_VAT_PERCENTAGE, subPlanId, type SeedProduct } from '../seed/products';
import { SEED_PROMOTIONS } from '../seed/promotions';
import { SEED_OFFERS } from '../seed/offers';

/**
 * The catalogue's seed (products, their plans and prices, commitment terms, promotions, promo
 * codes, boosters, names in Arabic) is reference data: every start writes the seed's rows over
 * the database's (an UPSERT), in the seeding transaction of seed-database.ts.
 */
const fixedPriceOf = (p: SeedProduct): number | null => ('planNetPrice' in p ? p.planNetPrice : null);
const listPriceOf = (p: SeedProduct): number | null => ('listNetPrice' in p ? p.listNetPrice : null);
const isCustomizable = (p: SeedProduct): boolean => 'customizable' in p && p.customizable;

export function seedProducts(db: Database): void {
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

export function seedPromotions(db: Database): void {
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
  seedOffers(db);
}

/** The marketing offers and their texts (GET /cms/offers): written over the database's, like the promotions they advertise. */
function seedOffers(db: Database): void {
  const offer = db.prepare(
    `INSERT INTO offers (key, kind, promotion_key, position) VALUES (?, ?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET kind = excluded.kind, promotion_key = excluded.promotion_key, position = excluded.position`,
  );
  const text = db.prepare(
    `INSERT INTO offer_texts (offer_key, language, title, text) VALUES (?, ?, ?, ?)
     ON CONFLICT (offer_key, language) DO UPDATE SET title = excluded.title, text = excluded.text`,
  );
  for (const o of SEED_OFFERS) {
    offer.run(o.key, o.kind, o.promotionKey, o.position);
    for (const language of ['en', 'ar'] as const) text.run(o.key, language, o.texts[language].title, o.texts[language].text);
  }
}

/**
 * Arabic names (localized_names) are reference data like the catalogue they name: written
 * over the database's on every start.
 */
export function seedNames(db: Database): void {
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
