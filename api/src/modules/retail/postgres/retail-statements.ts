/**
 * The retail repository's SQL on PostgreSQL: the statements of sqlite/retail-statements.ts with
 * $n placeholders, camelCase aliases quoted, and SQLite's rowid as the column the schema gives
 * (retail_customer_sessions.seq).
 */

const STAFF = `staff_id AS "staffId", shop_id AS "shopId", name, role, pin_hash AS "pinHash", failed_count AS "failedCount", locked_until AS "lockedUntil"`;
const DEVICE = `id, shop_id AS "shopId", enrolled_by AS "enrolledBy", enrolled_at AS "enrolledAt", revoked_at AS "revokedAt",
  failed_count AS "failedCount", locked_until AS "lockedUntil"`;
const AUTHORIZATION = `device_code_hash AS "deviceCodeHash", user_code AS "userCode", created_at AS "createdAt", expires_at AS "expiresAt",
  interval_s AS "intervalS", status, shop_id AS "shopId", device_id AS "deviceId", approved_by AS "approvedBy", last_polled_at AS "lastPolledAt"`;
const CUSTOMER = `session_hash AS "sessionHash", uid, shop_id AS "shopId", device_id AS "deviceId", staff_id AS "staffId",
  started_at AS "startedAt", ended_at AS "endedAt"`;

export const RETAIL_SQL = {
  /** $1 id, $2 name, $3 nameAr, $4 terminalId. */
  upsertShop: `INSERT INTO retail_shops (id, name, name_ar, terminal_id) VALUES ($1, $2, $3, $4)
    ON CONFLICT (id) DO UPDATE SET name = excluded.name, name_ar = excluded.name_ar, terminal_id = excluded.terminal_id`,
  shop: 'SELECT id, name, name_ar AS "nameAr", terminal_id AS "terminalId" FROM retail_shops WHERE id = $1',
  /** $1 staffId, $2 shopId, $3 name, $4 role, $5 pinHash, $6 createdAt. */
  putStaff: `INSERT INTO retail_staff (staff_id, shop_id, name, role, pin_hash, created_at) VALUES ($1, $2, $3, $4, $5, $6)
    ON CONFLICT (staff_id) DO UPDATE SET shop_id = excluded.shop_id, name = excluded.name, role = excluded.role,
      pin_hash = excluded.pin_hash, failed_count = 0, locked_until = NULL`,
  staff: `SELECT ${STAFF} FROM retail_staff WHERE staff_id = $1`,
  staffFailures: 'UPDATE retail_staff SET failed_count = $1, locked_until = $2 WHERE staff_id = $3',

  dropExpiredPending: "DELETE FROM retail_device_authorizations WHERE status = 'pending' AND expires_at <= $1",
  /**
   * $1 deviceCodeHash, $2 userCode, $3 createdAt, $4 expiresAt, $5 intervalS. A clash (a user
   * code already waiting: the partial unique index; the same device code) inserts nothing, and
   * the row count says so, without aborting the transaction.
   */
  insertAuthorization: `INSERT INTO retail_device_authorizations (device_code_hash, user_code, created_at, expires_at, interval_s, status)
    VALUES ($1, $2, $3, $4, $5, 'pending') ON CONFLICT DO NOTHING`,
  authorization: `SELECT ${AUTHORIZATION} FROM retail_device_authorizations WHERE device_code_hash = $1`,
  /** The same, its row locked to the end of the transaction. */
  authorizationForUpdate: `SELECT ${AUTHORIZATION} FROM retail_device_authorizations WHERE device_code_hash = $1 FOR UPDATE`,
  poll: 'UPDATE retail_device_authorizations SET last_polled_at = $1, interval_s = $2 WHERE device_code_hash = $3',
  /** $1 status, $2 shopId, $3 deviceId, $4 staffId, $5 now, $6 userCode. */
  decide: `UPDATE retail_device_authorizations
    SET status = $1, shop_id = $2, device_id = $3, approved_by = $4, decided_at = $5
    WHERE user_code = $6 AND status = 'pending' AND expires_at > $5`,
  consume: "UPDATE retail_device_authorizations SET status = 'consumed' WHERE device_code_hash = $1 AND status = 'approved'",
  insertDevice: 'INSERT INTO retail_devices (id, shop_id, secret_hash, enrolled_by, enrolled_at) VALUES ($1, $2, $3, $4, $5)',
  deviceById: `SELECT ${DEVICE} FROM retail_devices WHERE id = $1`,
  /** The device's row locked against another sign-in on it (FOR NO KEY UPDATE: the rows referring to it are not held up). */
  lockDevice: 'SELECT 1 FROM retail_devices WHERE id = $1 FOR NO KEY UPDATE',
  deviceBySecret: `SELECT ${DEVICE} FROM retail_devices WHERE secret_hash = $1`,
  deviceFailures: 'UPDATE retail_devices SET failed_count = $1, locked_until = $2 WHERE id = $3',

  /** $1 tokenHash, $2 deviceId, $3 staffId, $4 createdAt, $5 expiresAt. */
  insertStaffCredential: `INSERT INTO retail_staff_credentials (token_hash, device_id, staff_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
  staffCredential: `SELECT token_hash AS "tokenHash", device_id AS "deviceId", staff_id AS "staffId", created_at AS "createdAt",
      expires_at AS "expiresAt", ended_at AS "endedAt"
    FROM retail_staff_credentials WHERE token_hash = $1`,
  /** $1 now, $2 deviceId. */
  endStaffCredentials: 'UPDATE retail_staff_credentials SET ended_at = $1 WHERE device_id = $2 AND ended_at IS NULL',
  /** $1 tokenHash, $2 staffId, $3 createdAt, $4 expiresAt. */
  insertManagerCredential: `INSERT INTO retail_manager_credentials (token_hash, staff_id, created_at, expires_at) VALUES ($1, $2, $3, $4)`,
  managerCredential: `SELECT token_hash AS "tokenHash", staff_id AS "staffId", created_at AS "createdAt", expires_at AS "expiresAt",
      approve_failures AS "approveFailures", ended_at AS "endedAt"
    FROM retail_manager_credentials WHERE token_hash = $1`,
  /** $1 tokenHash, $2 limit, $3 now. One statement: the row's lock orders two wrong codes at once. */
  approveFailure: `UPDATE retail_manager_credentials SET approve_failures = approve_failures + 1,
      ended_at = CASE WHEN approve_failures + 1 >= $2 THEN COALESCE(ended_at, $3) ELSE ended_at END
    WHERE token_hash = $1 RETURNING approve_failures AS "approveFailures"`,

  deviceIdUsed: 'SELECT 1 AS one FROM users WHERE device_id = $1',
  /** $1 sessionHash, $2 uid, $3 shopId, $4 deviceId, $5 staffId, $6 startedAt. */
  insertCustomerSession: `INSERT INTO retail_customer_sessions (session_hash, uid, shop_id, device_id, staff_id, started_at)
    VALUES ($1, $2, $3, $4, $5, $6)`,
  customerSession: `SELECT ${CUSTOMER} FROM retail_customer_sessions WHERE session_hash = $1`,
  latestCustomerSession: `SELECT ${CUSTOMER} FROM retail_customer_sessions WHERE uid = $1 ORDER BY started_at DESC, seq DESC LIMIT 1`,
  openCustomerSessions: `SELECT ${CUSTOMER} FROM retail_customer_sessions WHERE device_id = $1 AND ended_at IS NULL ORDER BY started_at, seq`,
  latestOpenCustomerSession: `SELECT ${CUSTOMER} FROM retail_customer_sessions WHERE uid = $1 AND ended_at IS NULL
    ORDER BY started_at DESC, seq DESC LIMIT 1`,
  /** $1 now, $2 reason, $3 sessionHash. */
  endCustomerSession: 'UPDATE retail_customer_sessions SET ended_at = $1, end_reason = $2 WHERE session_hash = $3 AND ended_at IS NULL',

  /** $1 at, $2 action, $3 shopId, $4 deviceId, $5 staffId, $6 ref. */
  appendAudit: 'INSERT INTO retail_audit (at, action, shop_id, device_id, staff_id, ref) VALUES ($1, $2, $3, $4, $5, $6)',
  /** $1 shopId, $2 from, $3 to, $4 limit. */
  listAudit: `SELECT a.id, a.at, a.action, a.shop_id, a.device_id, a.staff_id, s.name AS staff_name, a.ref
    FROM retail_audit a LEFT JOIN retail_staff s ON s.staff_id = a.staff_id
    WHERE a.shop_id = $1 AND a.at >= $2 AND a.at < $3 ORDER BY a.at DESC, a.id DESC LIMIT $4`,
  pruneAudit: 'DELETE FROM retail_audit WHERE at < $1',
  pruneAuthorizations: 'DELETE FROM retail_device_authorizations WHERE expires_at < $1',
  pruneStaffCredentials: 'DELETE FROM retail_staff_credentials WHERE expires_at < $1 OR ended_at < $1',
  pruneManagerCredentials: 'DELETE FROM retail_manager_credentials WHERE expires_at < $1 OR ended_at < $1',
} as const;
