import type { OrderKind, OrderStatus } from '@join/shared/contract';
import type { Database } from 'better-sqlite3';
import type { LoginMethod, SessionRecord } from '../../../platform/sessions/repository';

export interface FlowStateRow {
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

/** The flow status's stored inputs in one row: the state, the context and the session's account (null: none). */
export interface FlowStatusRow extends FlowStateRow, FlowContextRow {
  account_id: string | null;
  account_has_password: number | null;
}

/**
 * The flowStatus statement's row as better-sqlite3's raw mode answers it: the columns in the
 * SELECT's order (FLOW_STATE_COLUMNS, FLOW_CONTEXT_COLUMNS, the account's two). An object of 21
 * keys made by the driver cost as much as the read itself; flowStatusRow names them in JS.
 */
type FlowStatusTuple = [
  number_flag: number,
  plan_flag: number,
  product_saved: number,
  current_product_code: number | null,
  id_verified: number,
  resident_done: number,
  verified_account_id: string | null,
  plan_paid: number,
  saved_plan_product_code: number | null,
  order_kind: OrderKind | null,
  order_status: OrderStatus | null,
  hold_level: number | null,
  hold_is_transfer: number | null,
  resident_type: FlowContextRow['resident_type'],
  sim_type: FlowContextRow['sim_type'],
  inside_uae: number | null,
  has_delivery_form: number,
  terminated_email: string | null,
  retail: number,
  account_id: string | null,
  account_has_password: number | null,
];

/**
 * The flowStatusBySession statement's raw row: the flow status's columns, then the session's
 * (SESSION_COLUMNS' order) by which it was found.
 */
type FlowStatusBySessionTuple = [
  ...flow: FlowStatusTuple,
  session_uid: string,
  session_device_id: string,
  session_created_at: number,
  session_last_seen_at: number,
  session_account_id: string | null,
  session_login_method: LoginMethod | null,
];

/** The first 21 columns of either statement's raw row, named. */
export function flowStatusRow(row: Readonly<FlowStatusTuple> | Readonly<FlowStatusBySessionTuple>): FlowStatusRow {
  const [
    number_flag,
    plan_flag,
    product_saved,
    current_product_code,
    id_verified,
    resident_done,
    verified_account_id,
    plan_paid,
    saved_plan_product_code,
    order_kind,
    order_status,
    hold_level,
    hold_is_transfer,
    resident_type,
    sim_type,
    inside_uae,
    has_delivery_form,
    terminated_email,
    retail,
    account_id,
    account_has_password,
  ] = row;
  return {
    number_flag,
    plan_flag,
    product_saved,
    current_product_code,
    id_verified,
    resident_done,
    verified_account_id,
    plan_paid,
    saved_plan_product_code,
    order_kind,
    order_status,
    hold_level,
    hold_is_transfer,
    resident_type,
    sim_type,
    inside_uae,
    has_delivery_form,
    terminated_email,
    retail,
    account_id,
    account_has_password,
  };
}

/** The session of a flowStatusBySession row (its last six columns), as findSession answers it. */
export function sessionOfFlowStatusRow(row: Readonly<FlowStatusBySessionTuple>): SessionRecord {
  return { uid: row[21], deviceId: row[22], createdAt: row[23], lastSeenAt: row[24], accountId: row[25], loginMethod: row[26] };
}

/** The session's columns in a flowStatusBySession row, after the flow status's, in sessionOfFlowStatusRow's order. */
const SESSION_COLUMNS = `s.uid AS session_uid, s.device_id AS session_device_id, s.created_at AS session_created_at,
                s.last_seen_at AS session_last_seen_at, s.account_id AS session_account_id, s.login_method AS session_login_method`;

/** The flow state's columns and joins (one row per user: a user has one saved plan, one order and one live hold at most). */
const FLOW_STATE_COLUMNS = `u.number_flag, u.plan_flag, u.product_saved, u.current_product_code, u.id_verified, u.resident_done, u.verified_account_id, u.plan_paid,
              sp.product_code AS saved_plan_product_code, o.kind AS order_kind, o.status AS order_status,
              h.vanity_level AS hold_level, h.transfer_msisdn IS NOT NULL AS hold_is_transfer`;
const FLOW_STATE_JOINS = `LEFT JOIN saved_plans sp ON sp.uid = u.uid
         LEFT JOIN orders o ON o.uid = u.uid
         LEFT JOIN numbers h ON h.holder = u.uid AND h.held_until > @now`;
const FLOW_CONTEXT_COLUMNS = 'u.resident_type, u.sim_type, u.inside_uae, u.has_delivery_form, u.terminated_email, u.retail';

/** SQL for the stored halves of a visitor's flow flags (read across the modules' tables) and its flow context. */
export function flowStatements(db: Database) {
  return {
    flowState: db.prepare<[{ uid: string; now: number }], FlowStateRow>(
      `SELECT ${FLOW_STATE_COLUMNS}
       FROM users u ${FLOW_STATE_JOINS}
       WHERE u.uid = @uid`,
    ),
    // GET /me/flow_status and the step guard read all of it on every call: one statement, not
    // three (each statement is a read transaction of its own, with its lock calls).
    flowStatus: db
      .prepare<[{ uid: string; now: number; accountId: string | null }], FlowStatusTuple>(
        `SELECT ${FLOW_STATE_COLUMNS}, ${FLOW_CONTEXT_COLUMNS},
                a.id AS account_id, a.password_hash IS NOT NULL AS account_has_password
         FROM users u ${FLOW_STATE_JOINS}
           LEFT JOIN accounts a ON a.id = @accountId
         WHERE u.uid = @uid`,
      )
      .raw(),
    // GET /me/flow_status checks its session and reads the flow status in this one statement:
    // the session by its token's hash, its user's flow status, the session's account. A session
    // always has its user (sessions.uid references users ON DELETE CASCADE).
    flowStatusBySession: db
      .prepare<[{ tokenHash: string; now: number }], FlowStatusBySessionTuple>(
        `SELECT ${FLOW_STATE_COLUMNS}, ${FLOW_CONTEXT_COLUMNS},
                a.id AS account_id, a.password_hash IS NOT NULL AS account_has_password,
                ${SESSION_COLUMNS}
         FROM sessions s
           JOIN users u ON u.uid = s.uid
           ${FLOW_STATE_JOINS}
           LEFT JOIN accounts a ON a.id = s.account_id
         WHERE s.token_hash = @tokenHash`,
      )
      .raw(),
    // NULL leaves a flag as it is, so one statement serves every key.
    updateFlags: db.prepare<[{ uid: string; number: number | null; plan: number | null }]>(
      `UPDATE users SET number_flag = COALESCE(@number, number_flag), plan_flag = COALESCE(@plan, plan_flag)
       WHERE uid = @uid`,
    ),
    flowContext: db.prepare<[string], FlowContextRow>(`SELECT ${FLOW_CONTEXT_COLUMNS} FROM users u WHERE u.uid = ?`),
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
  };
}
