import type { Database } from 'better-sqlite3';
import { Discount, ExtraCharge, Promotion } from '@join/shared/contract';
import { z } from 'zod';
import type { SavedPlanRecord } from '../repository';

/**
 * SQL for the one saved plan a user has; its price and applied promotions are a snapshot
 * taken when it was saved (a later catalogue change does not reprice it).
 */
interface SavedPlanRow {
  id: number;
  product_code: number;
  plan_ids: string;
  plan_net_price: number;
  extra_charges: string;
  net_price: number;
  vat_percentage: number;
  vat_amount: number;
  booster_ids: string;
  promotion_keys: string;
  promo_code: string | null;
  discounts: string;
  applied_promotions: string;
}

const Ids = z.array(z.number().int());
const Keys = z.array(z.string());
const ExtraCharges = z.array(ExtraCharge);
const Discounts = z.array(Discount);
const Promotions = z.array(Promotion);
const json = <T>(schema: z.ZodType<T>, text: string): T => schema.parse(JSON.parse(text));

export function toSavedPlanRecord(row: SavedPlanRow): SavedPlanRecord {
  return {
    id: row.id,
    productCode: row.product_code,
    planIds: json(Ids, row.plan_ids),
    boosterIds: json(Ids, row.booster_ids),
    promotionKeys: json(Keys, row.promotion_keys),
    promoCode: row.promo_code,
    price: {
      PlanNetPrice: row.plan_net_price,
      NetPrice: row.net_price,
      VATPercentage: row.vat_percentage,
      VATAmount: row.vat_amount,
      ExtraCharges: json(ExtraCharges, row.extra_charges),
      Discounts: json(Discounts, row.discounts),
    },
    appliedPromotions: json(Promotions, row.applied_promotions),
  };
}

export interface SavedPlanInsert {
  uid: string;
  product: number;
  planIds: string;
  planNet: number;
  extras: string;
  net: number;
  vat: number;
  vatAmount: number;
  boosterIds: string;
  promotionKeys: string;
  promoCode: string | null;
  discounts: string;
  promotions: string;
  now: number;
}

export function savedPlanStatements(db: Database) {
  return {
    byUser: db.prepare<[string], SavedPlanRow>('SELECT * FROM saved_plans WHERE uid = ?'),
    deleteOf: db.prepare<[string]>('DELETE FROM saved_plans WHERE uid = ?'),
    insert: db.prepare<[SavedPlanInsert]>(
      `INSERT INTO saved_plans (uid, product_code, plan_ids, plan_net_price, extra_charges, net_price, vat_percentage, vat_amount,
         booster_ids, promotion_keys, promo_code, discounts, applied_promotions, created_at)
       VALUES (@uid, @product, @planIds, @planNet, @extras, @net, @vat, @vatAmount,
         @boosterIds, @promotionKeys, @promoCode, @discounts, @promotions, @now)`,
    ),
  };
}
