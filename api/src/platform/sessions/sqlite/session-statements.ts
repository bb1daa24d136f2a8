import type { Database } from 'better-sqlite3';
import type { SessionRow, UserRow } from '../session-rows';

/** SQL for the visitors (users) and their sessions (their rows: ../session-rows.ts). */
export function sessionStatements(db: Database) {
  return {
    insertIfNew: db.prepare<[string, string, number]>('INSERT OR IGNORE INTO users (uid, device_id, created_at) VALUES (?, ?, ?)'),
    byDevice: db.prepare<[string], UserRow>('SELECT uid, device_id FROM users WHERE device_id = ?'),
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
  };
}
