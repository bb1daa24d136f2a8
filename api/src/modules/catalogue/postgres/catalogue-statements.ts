/**
 * SQL of the PostgreSQL catalogue repository: the SQLite statements (sqlite/saved-plan-statements.ts,
 * promotion-statements.ts, choice-statements.ts) with $n placeholders.
 */
const SAVED_PLAN_COLUMNS = `id, product_code, plan_ids, plan_net_price, extra_charges, net_price, vat_percentage, vat_amount,
  booster_ids, promotion_keys, promo_code, discounts, applied_promotions`;

export const SAVED_PLAN_SQL = {
  byUser: `SELECT ${SAVED_PLAN_COLUMNS} FROM saved_plans WHERE uid = $1`,
  deleteOf: 'DELETE FROM saved_plans WHERE uid = $1',
  /** A new saved plan (a new id: what an order names), its row answered. */
  insert: `INSERT INTO saved_plans (uid, product_code, plan_ids, plan_net_price, extra_charges, net_price, vat_percentage, vat_amount,
      booster_ids, promotion_keys, promo_code, discounts, applied_promotions, created_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
    RETURNING ${SAVED_PLAN_COLUMNS}`,
  // The saved plan keeps its id (what an order names) and its choice; only the code, the price
  // (computed again with it) and the applied promotions change, on the row the caller priced.
  /** $1 uid, $2 id, $3 promo code, $4 plan net, $5 extras, $6 net, $7 VAT %, $8 VAT amount, $9 discounts, $10 promotions. */
  setPromo: `UPDATE saved_plans SET promo_code = $3, plan_net_price = $4, extra_charges = $5, net_price = $6,
      vat_percentage = $7, vat_amount = $8, discounts = $9, applied_promotions = $10
    WHERE uid = $1 AND id = $2
    RETURNING ${SAVED_PLAN_COLUMNS}`,
} as const;

export const CHOICE_SQL = {
  currentProduct: 'SELECT current_product_code FROM users WHERE uid = $1',
  // product_saved only ever turns on: saving a plan moves the product without un-saving it.
  setCurrentProduct: 'UPDATE users SET current_product_code = $2, product_saved = GREATEST(product_saved, $3) WHERE uid = $1',
  // A cancelled number moves a multi-month product back to the default (SPEC 4); 1-month products stay.
  resetLongProduct: `UPDATE users SET current_product_code = $2
    WHERE uid = $1 AND current_product_code IN (SELECT code FROM products WHERE commitment_duration <> $3)`,
  preferencesOf: 'SELECT preference_id, value FROM preferences WHERE uid = $1 ORDER BY preference_id',
  setPreference: `INSERT INTO preferences (uid, preference_id, value) VALUES ($1, $2, $3)
    ON CONFLICT (uid, preference_id) DO UPDATE SET value = excluded.value`,
} as const;

export const PROMOTION_SQL = {
  offers: `SELECT o.key, o.kind, o.promotion_key, t.title, t.text
    FROM offers o JOIN offer_texts t ON t.offer_key = o.key AND t.language = $1
    WHERE o.active = 1 ORDER BY o.position, o.key COLLATE "C"`,
  referralOf: 'SELECT code FROM referral_codes WHERE account_id = $1',
  referralOwner: 'SELECT account_id FROM referral_codes WHERE code = $1',
  accountOfUser: 'SELECT account_id FROM users WHERE uid = $1',
  // referral_credits are written by the payment's capture.
  referralUsedBy: 'SELECT 1 AS one FROM referral_credits WHERE friend_account_id = $1',
  // SUM of a BIGINT is numeric in PostgreSQL (a string from pg): cast back to BIGINT (a number).
  referralEarned: 'SELECT COALESCE(SUM(amount_fils), 0)::bigint AS fils FROM referral_credits WHERE referrer_account_id = $1',
  addReferral: 'INSERT INTO referral_codes (account_id, code, created_at) VALUES ($1, $2, $3) ON CONFLICT (account_id) DO NOTHING',
} as const;
