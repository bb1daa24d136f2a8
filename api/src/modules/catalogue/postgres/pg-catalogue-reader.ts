import type { Booster } from '@join/shared/contract';
import type { PgDatabase } from '../../../platform/db/postgres/pg-database';
import type { CatalogueProduct } from '../catalogue';
import type { PromotionRule } from '../promotions';
import type { ProductFilter } from '../repository';
import {
  toBooster,
  toCatalogueProduct,
  toPromotionRule,
  type BoosterRow,
  type ProductRow,
  type PromotionLinkRow,
  type PromotionRow,
  type SubPlanRow,
} from '../catalogue-rows';

/** The product columns and the joins of their price facts (as the SQLite reader's). */
const PRODUCT_COLUMNS = `p.code, p.name, p.category, p.commitment_duration, p.is_tourist, p.is_customizable, p.vanity_level,
  p.allowed_features, p.list_net_price, pp.plan_net_price, ct.saving_percentage
  FROM products p
  LEFT JOIN package_prices pp ON pp.product_code = p.code
  LEFT JOIN commitment_terms ct ON ct.months = p.commitment_duration`;

const PROMOTION_COLUMNS = `pr.id, pr.key, pr.category, pr.type, pr.value, pr.plan, pr.is_user_promo, pr.duration_months, pr.max_value,
  pr.requires_consent, pr.valid_until, pr.min_plan_net_price, pr.tourist_only`;

/**
 * Reads the catalogue on PostgreSQL (the SQLite CatalogueReader's queries; rows mapped by
 * ../catalogue-rows.ts): products with their plans, price facts and automatic promotions, the
 * opt-in promotions, promo codes and boosters. Reads only: each is one statement, or three for a list of products (which a
 * seed running meanwhile may change between them, as it may between two calls).
 */
export class PgCatalogueReader {
  constructor(private readonly db: PgDatabase) {}

  async list(filter: ProductFilter): Promise<CatalogueProduct[]> {
    const rows =
      'codes' in filter
        ? await this.db.many<ProductRow>(`SELECT ${PRODUCT_COLUMNS} WHERE p.code = ANY($1::bigint[]) ORDER BY p.code`, [filter.codes])
        : 'category' in filter
          ? await this.db.many<ProductRow>(`SELECT ${PRODUCT_COLUMNS} WHERE p.category = $1 ORDER BY p.code`, [filter.category])
          : await this.db.many<ProductRow>(`SELECT ${PRODUCT_COLUMNS} WHERE p.category = 'VIP' AND p.vanity_level = $1 ORDER BY p.code`, [
              filter.vipVanityLevel,
            ]);
    if (rows.length === 0) return [];
    const codes = rows.map((r) => r.code);
    const plans = await this.db.many<SubPlanRow>(
      `SELECT id, product_code, type, name, value, validity_days, daily_allowance, net_price
       FROM sub_plans WHERE product_code = ANY($1::bigint[]) ORDER BY product_code, id`,
      [codes],
    );
    const promotions = await this.db.many<PromotionLinkRow>(
      `SELECT l.product_code, ${PROMOTION_COLUMNS} FROM product_promotions l JOIN promotions pr ON pr.id = l.promotion_id
       WHERE l.product_code = ANY($1::bigint[]) ORDER BY l.product_code, pr.id`,
      [codes],
    );
    return rows.map((row) =>
      toCatalogueProduct(
        row,
        plans.filter((p) => p.product_code === row.code),
        promotions.filter((p) => p.product_code === row.code),
      ),
    );
  }

  async get(code: number): Promise<CatalogueProduct | null> {
    return (await this.list({ codes: [code] }))[0] ?? null;
  }

  async optInPromotions(): Promise<PromotionRule[]> {
    // Opt-in: asked for by the visitor, linked to no product and not behind a code.
    const rows = await this.db.many<PromotionRow>(
      `SELECT ${PROMOTION_COLUMNS} FROM promotions pr WHERE requires_consent = 1 AND is_user_promo = 0
         AND NOT EXISTS (SELECT 1 FROM product_promotions l WHERE l.promotion_id = pr.id)
         AND NOT EXISTS (SELECT 1 FROM promo_codes c WHERE c.promotion_id = pr.id)
       ORDER BY id`,
    );
    return rows.map(toPromotionRule);
  }

  async promotionOfCode(code: string): Promise<PromotionRule | null> {
    const row = await this.db.maybe<PromotionRow>(`SELECT ${PROMOTION_COLUMNS} FROM promo_codes c JOIN promotions pr ON pr.id = c.promotion_id WHERE c.code = $1`, [code]);
    return row ? toPromotionRule(row) : null;
  }

  async promotionOfKey(key: string): Promise<PromotionRule | null> {
    const row = await this.db.maybe<PromotionRow>(`SELECT ${PROMOTION_COLUMNS} FROM promotions pr WHERE pr.key = $1`, [key]);
    return row ? toPromotionRule(row) : null;
  }

  async allBoosters(): Promise<Booster[]> {
    const rows = await this.db.many<BoosterRow>('SELECT id, name, type, value, validity_days, net_price, tags FROM boosters ORDER BY id');
    return rows.map(toBooster);
  }
}
