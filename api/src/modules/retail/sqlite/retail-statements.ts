import type { Database } from 'better-sqlite3';
import type {
  AuthorizationRecord,
  CustomerSessionRecord,
  DeviceRecord,
  ManagerCredentialRecord,
  ShopRecord,
  StaffCredentialRecord,
  StaffRecord,
} from '../repository';
import type { AuditRow } from '../retail-rows';

const STAFF = `staff_id AS staffId, shop_id AS shopId, name, role, pin_hash AS pinHash, failed_count AS failedCount, locked_until AS lockedUntil`;
const DEVICE = `id, shop_id AS shopId, enrolled_by AS enrolledBy, enrolled_at AS enrolledAt, revoked_at AS revokedAt,
  failed_count AS failedCount, locked_until AS lockedUntil`;
const AUTHORIZATION = `device_code_hash AS deviceCodeHash, user_code AS userCode, created_at AS createdAt, expires_at AS expiresAt,
  interval_s AS intervalS, status, shop_id AS shopId, device_id AS deviceId, approved_by AS approvedBy, last_polled_at AS lastPolledAt`;
const CUSTOMER = `session_hash AS sessionHash, uid, shop_id AS shopId, device_id AS deviceId, staff_id AS staffId,
  started_at AS startedAt, ended_at AS endedAt`;

/** The retail repository's prepared statements. */
export function retailStatements(db: Database) {
  return {
    upsertShop: db.prepare<[ShopRecord]>(
      `INSERT INTO retail_shops (id, name, name_ar, terminal_id) VALUES (@id, @name, @nameAr, @terminalId)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, name_ar = excluded.name_ar, terminal_id = excluded.terminal_id`,
    ),
    shop: db.prepare<[string], ShopRecord>('SELECT id, name, name_ar AS nameAr, terminal_id AS terminalId FROM retail_shops WHERE id = ?'),
    putStaff: db.prepare(
      `INSERT INTO retail_staff (staff_id, shop_id, name, role, pin_hash, created_at)
       VALUES (@staffId, @shopId, @name, @role, @pinHash, @createdAt)
       ON CONFLICT (staff_id) DO UPDATE SET shop_id = excluded.shop_id, name = excluded.name, role = excluded.role,
         pin_hash = excluded.pin_hash, failed_count = 0, locked_until = NULL`,
    ),
    staff: db.prepare<[string], StaffRecord>(`SELECT ${STAFF} FROM retail_staff WHERE staff_id = ?`),
    staffFailures: db.prepare('UPDATE retail_staff SET failed_count = ?, locked_until = ? WHERE staff_id = ?'),

    dropExpiredPending: db.prepare("DELETE FROM retail_device_authorizations WHERE status = 'pending' AND expires_at <= ?"),
    insertAuthorization: db.prepare(
      `INSERT INTO retail_device_authorizations (device_code_hash, user_code, created_at, expires_at, interval_s, status)
       VALUES (@deviceCodeHash, @userCode, @createdAt, @expiresAt, @intervalS, 'pending')`,
    ),
    authorization: db.prepare<[string], AuthorizationRecord>(`SELECT ${AUTHORIZATION} FROM retail_device_authorizations WHERE device_code_hash = ?`),
    poll: db.prepare('UPDATE retail_device_authorizations SET last_polled_at = ?, interval_s = ? WHERE device_code_hash = ?'),
    decide: db.prepare(
      `UPDATE retail_device_authorizations
       SET status = @status, shop_id = @shopId, device_id = @deviceId, approved_by = @staffId, decided_at = @now
       WHERE user_code = @userCode AND status = 'pending' AND expires_at > @now`,
    ),
    consume: db.prepare("UPDATE retail_device_authorizations SET status = 'consumed' WHERE device_code_hash = ? AND status = 'approved'"),
    insertDevice: db.prepare(
      `INSERT INTO retail_devices (id, shop_id, secret_hash, enrolled_by, enrolled_at) VALUES (?, ?, ?, ?, ?)`,
    ),
    deviceById: db.prepare<[string], DeviceRecord>(`SELECT ${DEVICE} FROM retail_devices WHERE id = ?`),
    deviceBySecret: db.prepare<[string], DeviceRecord>(`SELECT ${DEVICE} FROM retail_devices WHERE secret_hash = ?`),
    deviceFailures: db.prepare('UPDATE retail_devices SET failed_count = ?, locked_until = ? WHERE id = ?'),

    insertStaffCredential: db.prepare(
      `INSERT INTO retail_staff_credentials (token_hash, device_id, staff_id, created_at, expires_at)
       VALUES (@tokenHash, @deviceId, @staffId, @createdAt, @expiresAt)`,
    ),
    staffCredential: db.prepare<[string], StaffCredentialRecord>(
      `SELECT token_hash AS tokenHash, device_id AS deviceId, staff_id AS staffId, created_at AS createdAt, expires_at AS expiresAt,
         ended_at AS endedAt FROM retail_staff_credentials WHERE token_hash = ?`,
    ),
    endStaffCredentials: db.prepare('UPDATE retail_staff_credentials SET ended_at = ? WHERE device_id = ? AND ended_at IS NULL'),
    insertManagerCredential: db.prepare(
      `INSERT INTO retail_manager_credentials (token_hash, staff_id, created_at, expires_at)
       VALUES (@tokenHash, @staffId, @createdAt, @expiresAt)`,
    ),
    managerCredential: db.prepare<[string], ManagerCredentialRecord>(
      `SELECT token_hash AS tokenHash, staff_id AS staffId, created_at AS createdAt, expires_at AS expiresAt,
         approve_failures AS approveFailures, ended_at AS endedAt FROM retail_manager_credentials WHERE token_hash = ?`,
    ),
    approveFailure: db.prepare<[{ tokenHash: string; limit: number; now: number }], { approveFailures: number }>(
      `UPDATE retail_manager_credentials SET approve_failures = approve_failures + 1,
         ended_at = CASE WHEN approve_failures + 1 >= @limit THEN coalesce(ended_at, @now) ELSE ended_at END
       WHERE token_hash = @tokenHash RETURNING approve_failures AS approveFailures`,
    ),

    deviceIdUsed: db.prepare<[string], { one: number }>('SELECT 1 AS one FROM users WHERE device_id = ?'),
    insertCustomerSession: db.prepare(
      `INSERT INTO retail_customer_sessions (session_hash, uid, shop_id, device_id, staff_id, started_at)
       VALUES (@sessionHash, @uid, @shopId, @deviceId, @staffId, @startedAt)`,
    ),
    customerSession: db.prepare<[string], CustomerSessionRecord>(`SELECT ${CUSTOMER} FROM retail_customer_sessions WHERE session_hash = ?`),
    latestCustomerSession: db.prepare<[string], CustomerSessionRecord>(
      `SELECT ${CUSTOMER} FROM retail_customer_sessions WHERE uid = ? ORDER BY started_at DESC, rowid DESC LIMIT 1`,
    ),
    openCustomerSessions: db.prepare<[string], CustomerSessionRecord>(
      `SELECT ${CUSTOMER} FROM retail_customer_sessions WHERE device_id = ? AND ended_at IS NULL ORDER BY started_at`,
    ),
    latestOpenCustomerSession: db.prepare<[string], CustomerSessionRecord>(
      `SELECT ${CUSTOMER} FROM retail_customer_sessions WHERE uid = ? AND ended_at IS NULL ORDER BY started_at DESC, rowid DESC LIMIT 1`,
    ),
    deleteSessionsOf: db.prepare('DELETE FROM sessions WHERE uid = ?'),
    endCustomerSession: db.prepare('UPDATE retail_customer_sessions SET ended_at = ?, end_reason = ? WHERE session_hash = ? AND ended_at IS NULL'),

    appendAudit: db.prepare(
      `INSERT INTO retail_audit (at, action, shop_id, device_id, staff_id, ref) VALUES (@at, @action, @shopId, @deviceId, @staffId, @ref)`,
    ),
    listAudit: db.prepare<[string, number, number, number], AuditRow>(
      `SELECT a.id, a.at, a.action, a.shop_id, a.device_id, a.staff_id, s.name AS staff_name, a.ref
       FROM retail_audit a LEFT JOIN retail_staff s ON s.staff_id = a.staff_id
       WHERE a.shop_id = ? AND a.at >= ? AND a.at < ? ORDER BY a.at DESC, a.id DESC LIMIT ?`,
    ),
    pruneAudit: db.prepare('DELETE FROM retail_audit WHERE at < ?'),
    pruneAuthorizations: db.prepare('DELETE FROM retail_device_authorizations WHERE expires_at < ?'),
    pruneStaffCredentials: db.prepare('DELETE FROM retail_staff_credentials WHERE expires_at < ? OR ended_at < ?'),
    pruneManagerCredentials: db.prepare('DELETE FROM retail_manager_credentials WHERE expires_at < ? OR ended_at < ?'),
  };
}
