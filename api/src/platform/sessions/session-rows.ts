import type { LoginMethod, SessionRecord, UserRecord } from './repository';

/**
 * The visitors' and sessions' rows and their mapping to records, shared by the SQLite (sqlite/)
 * and PostgreSQL (postgres/) repositories: the SQL differs by dialect, what a row means does not.
 */

/** A visitor (`users`): the device it is the user of. */
export interface UserRow {
  uid: string;
  device_id: string;
}

/** A row of `sessions` (found by its token's hash, which is not read back). */
export interface SessionRow {
  uid: string;
  device_id: string;
  created_at: number;
  last_seen_at: number;
  account_id: string | null;
  login_method: LoginMethod | null;
}

export const toUserRecord = (row: UserRow): UserRecord => ({ uid: row.uid, deviceId: row.device_id });

export const toSessionRecord = (row: SessionRow): SessionRecord => ({
  uid: row.uid,
  deviceId: row.device_id,
  createdAt: row.created_at,
  lastSeenAt: row.last_seen_at,
  accountId: row.account_id,
  loginMethod: row.login_method,
});
