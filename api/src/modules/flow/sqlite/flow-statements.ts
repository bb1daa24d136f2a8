import type { OrderKind, OrderStatus } from '@join/shared/contract';
import type { Database } from 'better-sqlite3';
import type { LoginMethod } from '../../../platform/sessions/repository';
import type { FlowContextRow, FlowStateRow } from '../flow-rows';

/**
 * The flowStatus and flowStatusBySession statements' rows, as better-sqlite3's raw mode answers
 * them (an array, the columns in FLOW_STATUS_COLUMNS' order, then a flowStatusBySession row's
 * SESSION_COLUMNS). The yes/no inputs come as the bits of one integer column, `bits`
 * (FLOW_STATUS_BITS): the driver makes a JS value and an array store for every column, about
 * 60 ns each, and GET /me/flow_status reads these on every call (its 27 columns cost about
 * 1.5 µs of a 4.9 µs read, and naming them in a row object 0.7 µs more). AT places a column
 * (`row[AT.hold_level]`, a constant place: a place looked up by a name that varies cost 1.8 µs
 * more a row); FLOW_STATUS_BIT is a bit's value.
 */
export interface FlowStatusValues {
  bits: number;
  current_product_code: number | null;
  verified_account_id: string | null;
  saved_plan_product_code: number | null;
  order_kind: OrderKind | null;
  order_status: OrderStatus | null;
  /** The live hold's pool number level; null: no live hold. */
  hold_level: number | null;
  resident_type: FlowContextRow['resident_type'];
  sim_type: FlowContextRow['sim_type'];
  inside_uae: number | null;
  terminated_email: string | null;
  /** The account of the call (null: none, or no longer there). */
  account_id: string | null;
  // flowStatusBySession only: the session found by its token's hash.
  session_uid: string;
  session_device_id: string;
  session_created_at: number;
  session_last_seen_at: number;
  session_account_id: string | null;
  session_login_method: LoginMethod | null;
}

/** The yes/no inputs, each a bit of `bits` (1 << its place here), and their SQL. */
const FLOW_STATUS_BIT_SQL = {
  number_flag: 'u.number_flag',
  plan_flag: 'u.plan_flag',
  product_saved: 'u.product_saved',
  id_verified: 'u.id_verified',
  resident_done: 'u.resident_done',
  plan_paid: 'u.plan_paid',
  hold_is_transfer: 'h.transfer_msisdn IS NOT NULL',
  has_delivery_form: 'u.has_delivery_form',
  retail: 'u.retail',
  account_has_password: 'a.password_hash IS NOT NULL',
} as const;
type FlowStatusBit = keyof typeof FLOW_STATUS_BIT_SQL;
const FLOW_STATUS_BITS = Object.keys(FLOW_STATUS_BIT_SQL) as FlowStatusBit[];
export const FLOW_STATUS_BIT = Object.fromEntries(FLOW_STATUS_BITS.map((name, i) => [name, 1 << i])) as Readonly<Record<FlowStatusBit, number>>;

/** The columns of a flow status row, each with its SQL, in the SELECT's order; a bit is set when its column IS 1. */
const FLOW_STATUS_COLUMNS: readonly (readonly [keyof FlowStatusValues, string])[] = [
  // Each term in its parentheses: SQLite's << and | are of one precedence, read left to right.
  ['bits', FLOW_STATUS_BITS.map((name, i) => `(((${FLOW_STATUS_BIT_SQL[name]}) IS 1) << ${i})`).join(' | ')],
  ['current_product_code', 'u.current_product_code'],
  ['verified_account_id', 'u.verified_account_id'],
  ['saved_plan_product_code', 'sp.product_code'],
  ['order_kind', 'o.kind'],
  ['order_status', 'o.status'],
  ['hold_level', 'h.vanity_level'],
  ['resident_type', 'u.resident_type'],
  ['sim_type', 'u.sim_type'],
  ['inside_uae', 'u.inside_uae'],
  ['terminated_email', 'u.terminated_email'],
  ['account_id', 'a.id'],
];
const SESSION_COLUMNS: readonly (readonly [keyof FlowStatusValues, string])[] = [
  ['session_uid', 's.uid'],
  ['session_device_id', 's.device_id'],
  ['session_created_at', 's.created_at'],
  ['session_last_seen_at', 's.last_seen_at'],
  ['session_account_id', 's.account_id'],
  ['session_login_method', 's.login_method'],
];
const selectList = (columns: typeof FLOW_STATUS_COLUMNS) => columns.map(([name, sql]) => `${sql} AS ${name}`).join(',\n                ');

/** Where each column is in a raw row (by construction the SELECT's order): `row[AT.hold_level]`. */
export const AT = Object.fromEntries([...FLOW_STATUS_COLUMNS, ...SESSION_COLUMNS].map(([name], i) => [name, i])) as Readonly<Record<keyof FlowStatusValues, number>>;

/** A flow status row: each column's value at its place (AT), of its type in FlowStatusValues. */
export type FlowStatusRaw = readonly unknown[];

/** The flow state's columns and joins (one row per user: a user has one saved plan, one order and one live hold at most). */
const FLOW_STATE_COLUMNS = `u.number_flag, u.plan_flag, u.product_saved, u.current_product_code, u.id_verified, u.resident_done, u.verified_account_id, u.plan_paid,
              sp.product_code AS saved_plan_product_code, o.kind AS order_kind, o.status AS order_status,
              h.vanity_level AS hold_level, h.transfer_msisdn IS NOT NULL AS hold_is_transfer`;
/** `now` is the placeholder of the time a hold must outlive (a named or an anonymous parameter). */
const flowStateJoins = (now: string) => `LEFT JOIN saved_plans sp ON sp.uid = u.uid
         LEFT JOIN orders o ON o.uid = u.uid
         LEFT JOIN numbers h ON h.holder = u.uid AND h.held_until > ${now}`;
const FLOW_CONTEXT_COLUMNS = 'u.resident_type, u.sim_type, u.inside_uae, u.has_delivery_form, u.terminated_email, u.retail';

/** SQL for the stored halves of a visitor's flow flags (read across the modules' tables) and its flow context. */
export function flowStatements(db: Database) {
  return {
    flowState: db.prepare<[{ uid: string; now: number }], FlowStateRow>(
      `SELECT ${FLOW_STATE_COLUMNS}
       FROM users u ${flowStateJoins('@now')}
       WHERE u.uid = @uid`,
    ),
    // The step guard reads all of it on every call of a step: one statement, not three (each
    // statement is a read transaction of its own, with its lock calls). Anonymous parameters, in
    // this order: binding by name cost 0.3 µs a call.
    flowStatus: db
      .prepare<[now: number, accountId: string | null, uid: string], FlowStatusRaw>(
        `SELECT ${selectList(FLOW_STATUS_COLUMNS)}
         FROM users u ${flowStateJoins('?')}
           LEFT JOIN accounts a ON a.id = ?
         WHERE u.uid = ?`,
      )
      .raw(),
    // GET /me/flow_status checks its session and reads the flow status in this one statement:
    // the session by its token's hash, its user's flow status, the session's account. A session
    // always has its user (sessions.uid references users ON DELETE CASCADE).
    flowStatusBySession: db
      .prepare<[now: number, tokenHash: string], FlowStatusRaw>(
        `SELECT ${selectList(FLOW_STATUS_COLUMNS)},
                ${selectList(SESSION_COLUMNS)}
         FROM sessions s
           JOIN users u ON u.uid = s.uid
           ${flowStateJoins('?')}
           LEFT JOIN accounts a ON a.id = s.account_id
         WHERE s.token_hash = ?`,
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
