import type { LoginMethod } from '../../../platform/sessions/repository';
import type { FlowContextRow, FlowStateRow } from '../flow-rows';

/**
 * A flowStatus row: the flow state's and the flow context's columns, and the call's account. The
 * SQLite statement packs the yes/no inputs into the bits of one column for better-sqlite3's sake
 * (a JS value per column is what costs there); node-postgres makes an object of every row
 * anyway, so here each input is its own column, as flowState and flowContext read them.
 */
export interface FlowStatusRow extends FlowStateRow, FlowContextRow {
  /** The account of the call (null: none, or no longer there). */
  account_id: string | null;
  account_has_password: boolean;
}

/** A flowStatusBySession row: the session found by its token's hash, and its flow status. */
export interface FlowStatusBySessionRow extends FlowStatusRow {
  session_uid: string;
  session_device_id: string;
  session_created_at: number;
  session_last_seen_at: number;
  session_account_id: string | null;
  session_login_method: LoginMethod | null;
}

/** The flow state's columns and joins (one row per user: a user has one saved plan, one order and one live hold at most). */
const FLOW_STATE_COLUMNS = `u.number_flag, u.plan_flag, u.product_saved, u.current_product_code, u.id_verified, u.resident_done, u.verified_account_id, u.plan_paid,
              sp.product_code AS saved_plan_product_code, o.kind AS order_kind, o.status AS order_status,
              h.vanity_level AS hold_level, h.transfer_msisdn IS NOT NULL AS hold_is_transfer`;
/** `now` is the placeholder of the time a hold must outlive. */
const flowStateJoins = (now: string) => `LEFT JOIN saved_plans sp ON sp.uid = u.uid
         LEFT JOIN orders o ON o.uid = u.uid
         LEFT JOIN numbers h ON h.holder = u.uid AND h.held_until > ${now}`;
const FLOW_CONTEXT_COLUMNS = 'u.resident_type, u.sim_type, u.inside_uae, u.has_delivery_form, u.terminated_email, u.retail';
const ACCOUNT_COLUMNS = 'a.id AS account_id, a.password_hash IS NOT NULL AS account_has_password';
const SESSION_COLUMNS = `s.uid AS session_uid, s.device_id AS session_device_id, s.created_at AS session_created_at,
                s.last_seen_at AS session_last_seen_at, s.account_id AS session_account_id, s.login_method AS session_login_method`;

/** SQL for the stored halves of a visitor's flow flags (read across the modules' tables) and its flow context. Each is one statement. */
export const FLOW_SQL = {
  /** $1 uid, $2 now. */
  flowState: `SELECT ${FLOW_STATE_COLUMNS}
       FROM users u ${flowStateJoins('$2')}
       WHERE u.uid = $1`,
  /** The step guard reads all of it on every call of a step: one statement. $1 now, $2 the account (or null), $3 uid. */
  flowStatus: `SELECT ${FLOW_STATE_COLUMNS}, ${FLOW_CONTEXT_COLUMNS}, ${ACCOUNT_COLUMNS}
       FROM users u ${flowStateJoins('$1')}
         LEFT JOIN accounts a ON a.id = $2
       WHERE u.uid = $3`,
  /**
   * GET /me/flow_status checks its session and reads the flow status in this one statement: the
   * session by its token's hash, its user's flow status, the session's account. A session always
   * has its user (sessions.uid references users ON DELETE CASCADE). $1 now, $2 the token's hash.
   */
  flowStatusBySession: `SELECT ${FLOW_STATE_COLUMNS}, ${FLOW_CONTEXT_COLUMNS}, ${ACCOUNT_COLUMNS},
                ${SESSION_COLUMNS}
       FROM sessions s
         JOIN users u ON u.uid = s.uid
         ${flowStateJoins('$1')}
         LEFT JOIN accounts a ON a.id = s.account_id
       WHERE s.token_hash = $2`,
  /** NULL leaves a flag as it is, so one statement serves every key. $1 uid, $2 number, $3 plan. */
  updateFlags: `UPDATE users SET number_flag = COALESCE($2::integer, number_flag), plan_flag = COALESCE($3::integer, plan_flag) WHERE uid = $1`,
  flowContext: `SELECT ${FLOW_CONTEXT_COLUMNS} FROM users u WHERE u.uid = $1`,
  setRetail: 'UPDATE users SET retail = $2 WHERE uid = $1',
  setInsideUae: 'UPDATE users SET inside_uae = $2 WHERE uid = $1',
  setResidentType: 'UPDATE users SET resident_type = $2 WHERE uid = $1',
  setDeliveryForm: 'UPDATE users SET has_delivery_form = $2 WHERE uid = $1',
  setTerminatedEmail: 'UPDATE users SET terminated_email = $2 WHERE uid = $1',
  clearIdCheckAnswers: 'UPDATE users SET resident_type = NULL, has_delivery_form = 0 WHERE uid = $1',
  /** Only before any payment: a paid user's answers are what they paid for (the condition is the UPDATE's own, checked on the row it writes). */
  clearResidency: 'UPDATE users SET resident_type = NULL, sim_type = NULL, has_delivery_form = 0, resident_done = 0 WHERE uid = $1 AND plan_paid = 0',
} as const;
