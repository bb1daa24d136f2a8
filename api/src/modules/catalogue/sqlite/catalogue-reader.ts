import type { Database, Statement } from 'better-sqlite3';
import type { Booster } from '@join/shared/contract';
import type { CatalogueProduct } from '../catalogue';
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
import type { PromotionRule } from '../promotions';
import type { ProductFilter } from '../repository';

const PRODUCT_COLUMNS = `p.code, p.name, p.category, p.commitment_duration, p.is_tourist, p.is_customizable, p.vanity_level,
  p.allowed_features, p.list_net_price, pp.plan_net_price, ct.saving_percentage
  FROM products p
  LEFT JOIN package_prices pp ON pp.product_code = p.code
  LEFT JOIN commitment_terms ct ON ct.months = p.commitment_duration`;

/**
 * Reads the catalogue: products with their plans, price facts and automatic promotions,
 * the opt-in promotions, promo codes and boosters. Rows are parsed into the contract's
 * shapes (an operator may edit these tables by hand: ../catalogue-rows.ts); prices are left to
 * the domain.
 */
export class CatalogueReader {
  private readonly byCodes: Statement<[string], ProductRow>;
  private readonly byCategory: Statement<[string], ProductRow>;
  private readonly vipOfLevel: Statement<[number], ProductRow>;
  private readonly plansOf: Statement<[string], SubPlanRow>;
  private readonly promotionsOf: Statement<[string], PromotionLinkRow>;
  private readonly optIn: Statement<[], PromotionRow>;
  private readonly promoCode: Statement<[string], PromotionRow>;
  private readonly byKey: Statement<[string], PromotionRow>;
  private readonly boosters: Statement<[], BoosterRow>;

  constructor(db: Database) {
    this.byCodes = db.prepare(`SELECT ${PRODUCT_COLUMNS} WHERE p.code IN (SELECT value FROM json_each(?)) ORDER BY p.code`);
    this.byCategory = db.prepare(`SELECT ${PRODUCT_COLUMNS} WHERE p.category = ? ORDER BY p.code`);
    this.vipOfLevel = db.prepare(`SELECT ${PRODUCT_COLUMNS} WHERE p.category = 'VIP' AND p.vanity_level = ? ORDER BY p.code`);
    this.plansOf = db.prepare('SELECT * FROM sub_plans WHERE product_code IN (SELECT value FROM json_each(?)) ORDER BY product_code, id');
    this.promotionsOf = db.prepare(
      `SELECT l.product_code, pr.* FROM product_promotions l JOIN promotions pr ON pr.id = l.promotion_id
       WHERE l.product_code IN (SELECT value FROM json_each(?)) ORDER BY l.product_code, pr.id`,
    );
    // Opt-in: asked for by the visitor, linked to no product and not behind a code.
    this.optIn = db.prepare(
      `SELECT * FROM promotions pr WHERE requires_consent = 1 AND is_user_promo = 0
         AND NOT EXISTS (SELECT 1 FROM product_promotions l WHERE l.promotion_id = pr.id)
         AND NOT EXISTS (SELECT 1 FROM promo_codes c WHERE c.promotion_id = pr.id)
       ORDER BY id`,
    );
    this.promoCode = db.prepare('SELECT pr.* FROM promo_codes c JOIN promotions pr ON pr.id = c.promotion_id WHERE c.code = ?');
    this.byKey = db.prepare('SELECT * FROM promotions WHERE key = ?');
    this.boosters = db.prepare('SELECT * FROM boosters ORDER BY id');
  }

  list(filter: ProductFilter): CatalogueProduct[] {
    const rows =
      'codes' in filter
        ? this.byCodes.all(JSON.stringify(filter.codes))
        : 'category' in filter
          ? this.byCategory.all(filter.category)
          : this.vipOfLevel.all(filter.vipVanityLevel);
    const codes = JSON.stringify(rows.map((r) => r.code));
    const plans = this.plansOf.all(codes);
    const promotions = this.promotionsOf.all(codes);
    return rows.map((row) =>
      toCatalogueProduct(
        row,
        plans.filter((p) => p.product_code === row.code),
        promotions.filter((p) => p.product_code === row.code),
      ),
    );
  }

  get(code: number): CatalogueProduct | null {
    return this.list({ codes: [code] })[0] ?? null;
  }

  optInPromotions(): PromotionRule[] {
    return this.optIn.all().map(toPromotionRule);
  }

  promotionOfCode(code: string): PromotionRule | null {
    const row = this.promoCode.get(code);
    return row ? toPromotionRule(row) : null;
  }

  promotionOfKey(key: string): PromotionRule | null {
    const row = this.byKey.get(key);
    return row ? toPromotionRule(row) : null;
  }

  allBoosters(): Booster[] {
    return this.boosters.all().map(toBooster);
  }
}
