import type { Database, Statement } from 'better-sqlite3';
import { Booster, Promotion, SubPlanType, type ProductCategory, type SubPlan } from '@join/shared/contract';
import { z } from 'zod';
import { sortSubPlans, type CatalogueProduct } from '../catalogue';
import type { PromotionRule } from '../promotions';
import type { ProductFilter } from '../repository';

/**
 * Reads the catalogue: products with their plans, price facts and automatic promotions,
 * the opt-in promotions, promo codes and boosters. Rows are parsed into the contract's
 * shapes (an operator may edit these tables by hand); prices are left to the domain.
 */
export interface ProductRow {
  code: number;
  name: string;
  category: ProductCategory;
  commitment_duration: number;
  is_tourist: number;
  is_customizable: number;
  vanity_level: number | null;
  allowed_features: string;
  list_net_price: number | null;
  plan_net_price: number | null;
  saving_percentage: number | null;
}

export interface SubPlanRow {
  id: number;
  product_code: number;
  type: string;
  name: string;
  value: number;
  validity_days: number;
  daily_allowance: number | null;
  net_price: number | null;
}

export interface PromotionRow {
  id: number;
  key: string;
  category: string;
  type: string;
  value: number;
  plan: string | null;
  is_user_promo: number;
  duration_months: number | null;
  max_value: number | null;
  requires_consent: number;
  valid_until: number | null;
  min_plan_net_price: number | null;
  tourist_only: number;
}

export interface BoosterRow {
  id: number;
  name: string;
  type: string;
  value: number;
  validity_days: number;
  net_price: number;
  tags: string;
}

export const PRODUCT_COLUMNS = `p.code, p.name, p.category, p.commitment_duration, p.is_tourist, p.is_customizable, p.vanity_level,
  p.allowed_features, p.list_net_price, pp.plan_net_price, ct.saving_percentage
  FROM products p
  LEFT JOIN package_prices pp ON pp.product_code = p.code
  LEFT JOIN commitment_terms ct ON ct.months = p.commitment_duration`;

function toSubPlan(row: SubPlanRow): SubPlan {
  return {
    ID: row.id,
    Type: SubPlanType.parse(row.type),
    Name: row.name,
    Value: row.value,
    Validity: row.validity_days,
    DailyAllowanceValue: row.daily_allowance,
    NetPrice: row.net_price,
  };
}

export function toPromotionRule(row: PromotionRow): PromotionRule {
  return {
    promotion: Promotion.parse({
      ID: row.id,
      Key: row.key,
      Category: row.category,
      Type: row.type,
      Value: row.value,
      Plan: row.plan,
      IsUserPromo: row.is_user_promo === 1,
      DurationMonths: row.duration_months,
      MaxValue: row.max_value,
      RequiresConsent: row.requires_consent === 1,
    }),
    validUntil: row.valid_until,
    minPlanNetPrice: row.min_plan_net_price,
    touristOnly: row.tourist_only === 1,
  };
}

const Tags = z.array(z.string());
export function toBooster(row: BoosterRow): Booster {
  return Booster.parse({
    ID: row.id,
    Name: row.name,
    Type: row.type,
    Value: row.value,
    Validity: row.validity_days,
    NetPrice: row.net_price,
    Tags: Tags.parse(JSON.parse(row.tags)),
  });
}

function parseFeatures(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((f): f is { Code: string } => typeof f?.Code === 'string').map((f) => f.Code) : [];
}

export type PromotionLinkRow = PromotionRow & { product_code: number };

/** A product row with its plans and automatic promotions, as the domain takes it. */
export function toCatalogueProduct(row: ProductRow, plans: SubPlanRow[], promotions: PromotionRow[]): CatalogueProduct {
  return {
    code: row.code,
    name: row.name,
    category: row.category,
    commitmentMonths: row.commitment_duration,
    tourist: row.is_tourist === 1,
    customizable: row.is_customizable === 1,
    vanityLevel: row.vanity_level,
    allowedFeatures: parseFeatures(row.allowed_features),
    fixedNetPrice: row.plan_net_price,
    listNetPrice: row.list_net_price,
    termSavingPercentage: row.saving_percentage,
    plans: sortSubPlans(plans.map(toSubPlan)),
    promotions: promotions.map(toPromotionRule),
  };
}

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
