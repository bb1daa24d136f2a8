import type { Database } from 'better-sqlite3';
import type { SavedPlanInsert, SavedPlanRow } from '../catalogue-rows';

/**
 * SQL for the one saved plan a user has; its price and applied promotions are a snapshot
 * taken when it was saved (a later catalogue change does not reprice it). Its row: ../catalogue-rows.ts.
 */
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
