import type { OrderKind, OrderStatus } from '@join/shared/contract';
import type { Database } from 'better-sqlite3';

/** SQL for users, their sessions and the stored halves of their flow flags. */
interface FlowStateRow {
  number_flag: number;
  plan_flag: number;
  product_saved: number;
  current_product_code: number | null;
  saved_plan_product_code: number | null;
  /** The live hold's pool number level and whether it is a transfer; both null: no live hold. */
  hold_level: number | null;
  hold_is_transfer: number | null;
  id_verified: number;
  resident_done: number;
  verified_account_id: string | null;
  plan_paid: number;
  order_kind: OrderKind | null;
  order_status: OrderStatus | null;
}

export interface FlowContextRow {
  resident_type: 'resident' | 'non_resident' | null;
  sim_type: 'esim' | 'physical' | null;
  inside_uae: number | null;
  has_delivery_form: number;
  terminated_email: string | null;
  retail: number;
}

interface SessionRow {
  uid: string;
  device_id: string;
  created_at: number;
  last_seen_at: number;
  account_id: string | null;
  login_method: 'password' | 'code' | 'google' | null;
}

export function userStatements(db: Database) {
  return {
    insertIfNew: db.prepare<[string, string, number]>('INSERT OR IGNORE INTO users (uid, device_id, created_at) VALUES (?, ?, ?)'),
    byDevice: db.prepare<[string], { uid: string; device_id: string }>('SELECT uid, device_id FROM users WHERE device_id = ?'),
    insertSession: db.prepare<[string, string, string, number, number]>(
      'INSERT INTO sessions (token_hash, uid, device_id, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?)',
    ),
    session: db.prepare<[string], SessionRow>('SELECT uid, device_id, created_at, last_seen_at, account_id, login_method FROM sessions WHERE token_hash = ?'),
    touchSession: db.prepare<[number, string]>('UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?'),
    deleteSession: db.prepare<[string]>('DELETE FROM sessions WHERE token_hash = ?'),
    deleteSessionsOf: db.prepare<[string]>('DELETE FROM sessions WHERE uid = ?'),
    // A device id cannot contain ':' (SPEC 7 headers), so a retired user is found by none.
    retireDevice: db.prepare<[string]>("UPDATE users SET device_id = 'retired:' || uid WHERE uid = ?"),
    deleteStaleSessions: db.prepare<[number, number]>('DELETE FROM sessions WHERE last_seen_at < ? OR created_at < ?'),
    flowState: db.prepare<[{ uid: string; now: number }], FlowStateRow>(
      `SELECT u.number_flag, u.plan_flag, u.product_saved, u.current_product_code, u.id_verified, u.resident_done, u.verified_account_id, u.plan_paid,
              sp.product_code AS saved_plan_product_code, o.kind AS order_kind, o.status AS order_status,
              h.vanity_level AS hold_level, h.transfer_msisdn IS NOT NULL AS hold_is_transfer
       FROM users u LEFT JOIN saved_plans sp ON sp.uid = u.uid
         LEFT JOIN orders o ON o.uid = u.uid
         LEFT JOIN numbers h ON h.holder = u.uid AND h.held_until > @now
       WHERE u.uid = @uid`,
    ),
    // NULL leaves a flag as it is, so one statement serves every key.
    updateFlags: db.prepare<[{ uid: string; number: number | null; plan: number | null }]>(
      `UPDATE users SET number_flag = COALESCE(@number, number_flag), plan_flag = COALESCE(@plan, plan_flag)
       WHERE uid = @uid`,
    ),
    currentProduct: db.prepare<[string], { current_product_code: number | null }>(
      'SELECT current_product_code FROM users WHERE uid = ?',
    ),
    // product_saved only ever turns on: saving a plan moves the product without un-saving it.
    setCurrentProduct: db.prepare<[{ uid: string; code: number; saved: number }]>(
      'UPDATE users SET current_product_code = @code, product_saved = MAX(product_saved, @saved) WHERE uid = @uid',
    ),
    preferencesOf: db.prepare<[string], { preference_id: number; value: number }>(
      'SELECT preference_id, value FROM preferences WHERE uid = ? ORDER BY preference_id',
    ),
    setPreference: db.prepare<[{ uid: string; id: number; value: number }]>(
      `INSERT INTO preferences (uid, preference_id, value) VALUES (@uid, @id, @value)
       ON CONFLICT (uid, preference_id) DO UPDATE SET value = excluded.value`,
    ),
    flowContext: db.prepare<[string], FlowContextRow>(
      'SELECT resident_type, sim_type, inside_uae, has_delivery_form, terminated_email, retail FROM users WHERE uid = ?',
    ),
    setRetail: db.prepare<[{ uid: string; retail: number }]>('UPDATE users SET retail = @retail WHERE uid = @uid'),
    setInsideUae: db.prepare<[{ uid: string; inside: number | null }]>('UPDATE users SET inside_uae = @inside WHERE uid = @uid'),
    setResidentType: db.prepare<[{ uid: string; type: string | null }]>('UPDATE users SET resident_type = @type WHERE uid = @uid'),
    setDeliveryForm: db.prepare<[{ uid: string; present: number }]>('UPDATE users SET has_delivery_form = @present WHERE uid = @uid'),
    setTerminatedEmail: db.prepare<[{ uid: string; email: string | null }]>('UPDATE users SET terminated_email = @email WHERE uid = @uid'),
    clearIdCheckAnswers: db.prepare<[string]>('UPDATE users SET resident_type = NULL, has_delivery_form = 0 WHERE uid = ?'),
    // Only before any payment: a paid user's answers are what they paid for.
    clearResidency: db.prepare<[string]>(
      'UPDATE users SET resident_type = NULL, sim_type = NULL, has_delivery_form = 0, resident_done = 0 WHERE uid = ? AND plan_paid = 0',
    ),
    resetLongProduct: db.prepare<[{ uid: string; code: number; months: number }]>(
      `UPDATE users SET current_product_code = @code
       WHERE uid = @uid AND current_product_code IN (SELECT code FROM products WHERE commitment_duration <> @months)`,
    ),
  };
}
