import type { MigrationPart } from '../../platform/db/migrations';

/**
 * This folder's part of the schema: shops, their staff, enrolled shop devices, the RFC 8628
 * device authorizations, the staff and manager credentials, the customer sessions started on a
 * shop device, and the append-only audit. Version numbers are global (src/schema-versions.ts).
 * Every secret (device code, device secret, credential, session token) is stored only as its
 * SHA-256; every PIN as an scrypt hash (account/passwords.ts).
 */
export const RETAIL_MIGRATIONS: readonly MigrationPart[] = [
  {
    version: 21,
    sql: `
      CREATE TABLE retail_shops (
        id TEXT PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 60),
        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
        name_ar TEXT NOT NULL CHECK (length(name_ar) BETWEEN 1 AND 100),
        terminal_id TEXT NOT NULL UNIQUE
      );
      CREATE TABLE retail_staff (
        staff_id TEXT PRIMARY KEY,
        shop_id TEXT NOT NULL REFERENCES retail_shops(id),
        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
        role TEXT NOT NULL CHECK (role IN ('staff', 'manager')),
        pin_hash TEXT NOT NULL,
        failed_count INTEGER NOT NULL DEFAULT 0,
        locked_until INTEGER,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE retail_devices (
        id TEXT PRIMARY KEY,
        shop_id TEXT NOT NULL REFERENCES retail_shops(id),
        secret_hash TEXT NOT NULL UNIQUE,
        enrolled_by TEXT NOT NULL,
        enrolled_at INTEGER NOT NULL,
        revoked_at INTEGER,
        -- The device's own budget of wrong PINs over all its staff.
        failed_count INTEGER NOT NULL DEFAULT 0,
        locked_until INTEGER
      );
      CREATE TABLE retail_device_authorizations (
        device_code_hash TEXT PRIMARY KEY,
        user_code TEXT NOT NULL CHECK (length(user_code) = 8),
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        interval_s INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'denied', 'consumed')),
        shop_id TEXT REFERENCES retail_shops(id),
        device_id TEXT,
        approved_by TEXT,
        decided_at INTEGER,
        last_polled_at INTEGER
      );
      -- A code a manager can type names one waiting device.
      CREATE UNIQUE INDEX retail_pending_user_code ON retail_device_authorizations(user_code) WHERE status = 'pending';
      CREATE INDEX retail_authorizations_by_expiry ON retail_device_authorizations(expires_at);
      CREATE TABLE retail_staff_credentials (
        token_hash TEXT PRIMARY KEY,
        device_id TEXT NOT NULL REFERENCES retail_devices(id),
        staff_id TEXT NOT NULL REFERENCES retail_staff(staff_id),
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        ended_at INTEGER
      );
      CREATE INDEX retail_staff_credentials_by_device ON retail_staff_credentials(device_id, ended_at);
      CREATE TABLE retail_manager_credentials (
        token_hash TEXT PRIMARY KEY,
        staff_id TEXT NOT NULL REFERENCES retail_staff(staff_id),
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        approve_failures INTEGER NOT NULL DEFAULT 0,
        ended_at INTEGER
      );
      CREATE TABLE retail_customer_sessions (
        session_hash TEXT PRIMARY KEY,
        uid TEXT NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        shop_id TEXT NOT NULL REFERENCES retail_shops(id),
        device_id TEXT NOT NULL REFERENCES retail_devices(id),
        staff_id TEXT NOT NULL REFERENCES retail_staff(staff_id),
        started_at INTEGER NOT NULL,
        ended_at INTEGER,
        end_reason TEXT
      );
      CREATE INDEX retail_customer_sessions_by_uid ON retail_customer_sessions(uid, started_at);
      CREATE INDEX retail_customer_sessions_open ON retail_customer_sessions(device_id, ended_at);
      -- The audit: references only (ids, a reason), never a customer's personal data. Rows are
      -- added and, past the retention period, deleted by the sweep; never changed.
      CREATE TABLE retail_audit (
        id INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        action TEXT NOT NULL,
        shop_id TEXT NOT NULL,
        device_id TEXT,
        staff_id TEXT,
        ref TEXT CHECK (ref IS NULL OR length(ref) <= 100)
      );
      CREATE INDEX retail_audit_by_shop ON retail_audit(shop_id, at);
      CREATE INDEX retail_audit_by_time ON retail_audit(at);
      CREATE TRIGGER retail_audit_append_only BEFORE UPDATE ON retail_audit
      BEGIN
        SELECT RAISE(ABORT, 'the retail audit is append-only');
      END;
    `,
  },
];
