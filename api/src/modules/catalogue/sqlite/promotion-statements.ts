import type { Database } from 'better-sqlite3';
import type { OfferRow, SavedPlanPromoUpdate } from '../catalogue-rows';

/** SQL of the promotions calls: a saved plan's promo code changed in place, the offers, the referral codes. */
export function promotionStatements(db: Database) {
  return {
    // The saved plan keeps its id (what an order names) and its choice; only the code, the
    // price (computed again with it) and the applied promotions change, on the row the caller priced.
    setPromo: db.prepare<[SavedPlanPromoUpdate]>(
      `UPDATE saved_plans SET promo_code = @promoCode, plan_net_price = @planNet, extra_charges = @extras, net_price = @net,
         vat_percentage = @vat, vat_amount = @vatAmount, discounts = @discounts, applied_promotions = @promotions
       WHERE uid = @uid AND id = @id`,
    ),
    offers: db.prepare<[string], OfferRow>(
      `SELECT o.key, o.kind, o.promotion_key, t.title, t.text
       FROM offers o JOIN offer_texts t ON t.offer_key = o.key AND t.language = ?
       WHERE o.active = 1 ORDER BY o.position, o.key`,
    ),
    referralOf: db.prepare<[string], { code: string }>('SELECT code FROM referral_codes WHERE account_id = ?'),
    referralOwner: db.prepare<[string], { account_id: string }>('SELECT account_id FROM referral_codes WHERE code = ?'),
    accountOfUser: db.prepare<[string], { account_id: string | null }>('SELECT account_id FROM users WHERE uid = ?'),
    // referral_credits are written by the payment's capture (payment-statements.ts creditReferral).
    referralUsedBy: db.prepare<[string], { one: number }>('SELECT 1 AS one FROM referral_credits WHERE friend_account_id = ?'),
    referralEarned: db.prepare<[string], { fils: number }>('SELECT COALESCE(SUM(amount_fils), 0) AS fils FROM referral_credits WHERE referrer_account_id = ?'),
    addReferral: db.prepare<[{ accountId: string; code: string; now: number }]>(
      'INSERT INTO referral_codes (account_id, code, created_at) VALUES (@accountId, @code, @now) ON CONFLICT (account_id) DO NOTHING',
    ),
  };
}
