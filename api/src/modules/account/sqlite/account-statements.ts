import type { Database } from 'better-sqlite3';
import type { AccountRow, CodeRow, FailureRow, NonceRow, SessionLinkRow, TerminatedNumberRow } from '../account-rows';

/** SQL for accounts, their social identities, codes, login failures and the session upgrade (their rows: ../account-rows.ts). */
const ACCOUNT_COLUMNS = 'id, email, password_hash, email_verified_at, created_at';

export function accountStatements(db: Database) {
  return {
    byEmail: db.prepare<[string], AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE email = ?`),
    byId: db.prepare<[string], AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = ?`),
    insertIfNew: db.prepare<[{ id: string; email: string; hash: string | null; verifiedAt: number | null; now: number }]>(
      `INSERT INTO accounts (id, email, password_hash, email_verified_at, created_at) VALUES (@id, @email, @hash, @verifiedAt, @now)
       ON CONFLICT (email) DO NOTHING`,
    ),
    markVerified: db.prepare<[{ id: string; now: number }]>(
      'UPDATE accounts SET email_verified_at = @now WHERE id = @id AND email_verified_at IS NULL',
    ),
    setPasswordIfNone: db.prepare<[{ id: string; hash: string }]>(
      'UPDATE accounts SET password_hash = @hash WHERE id = @id AND password_hash IS NULL',
    ),
    identity: db.prepare<[string, string], { account_id: string }>('SELECT account_id FROM account_identities WHERE issuer = ? AND subject = ?'),
    insertIdentity: db.prepare<[{ issuer: string; subject: string; account: string; now: number }]>(
      'INSERT INTO account_identities (issuer, subject, account_id, created_at) VALUES (@issuer, @subject, @account, @now)',
    ),
    terminated: db.prepare<[string], TerminatedNumberRow>(
      'SELECT msisdn, terminated_at FROM terminated_numbers WHERE email = ? ORDER BY terminated_at, msisdn',
    ),
    insertTerminated: db.prepare<[string, string, number]>(
      'INSERT OR IGNORE INTO terminated_numbers (email, msisdn, terminated_at) VALUES (?, ?, ?)',
    ),
    code: db.prepare<[string], CodeRow>('SELECT * FROM verification_codes WHERE email = ?'),
    upsertCode: db.prepare<[CodeRow]>(
      `INSERT INTO verification_codes (email, code_hash, salt, expires_at, attempts, sent_at, window_started_at, sends_in_window)
       VALUES (@email, @code_hash, @salt, @expires_at, @attempts, @sent_at, @window_started_at, @sends_in_window)
       ON CONFLICT (email) DO UPDATE SET code_hash = excluded.code_hash, salt = excluded.salt, expires_at = excluded.expires_at,
         attempts = excluded.attempts, sent_at = excluded.sent_at, window_started_at = excluded.window_started_at,
         sends_in_window = excluded.sends_in_window`,
    ),
    failure: db.prepare<[string], FailureRow>('SELECT key, count, first_at, last_at, locked_until FROM login_failures WHERE key = ?'),
    upsertFailure: db.prepare<[FailureRow]>(
      `INSERT INTO login_failures (key, count, first_at, last_at, locked_until) VALUES (@key, @count, @first_at, @last_at, @locked_until)
       ON CONFLICT (key) DO UPDATE SET count = excluded.count, first_at = excluded.first_at, last_at = excluded.last_at,
         locked_until = excluded.locked_until`,
    ),
    clearFailure: db.prepare<[string]>('DELETE FROM login_failures WHERE key = ?'),
    pruneCodes: db.prepare<[number, number]>('DELETE FROM verification_codes WHERE expires_at < ? AND window_started_at < ?'),
    pruneFailures: db.prepare<[number, number]>(
      'DELETE FROM login_failures WHERE last_at < ? AND (locked_until IS NULL OR locked_until < ?)',
    ),
    insertAccountSession: db.prepare<[{ hash: string; uid: string; device: string; now: number; account: string; method: string }]>(
      `INSERT INTO sessions (token_hash, uid, device_id, created_at, last_seen_at, account_id, login_method)
       VALUES (@hash, @uid, @device, @now, @now, @account, @method)`,
    ),
    linkUser: db.prepare<[{ uid: string; account: string | null }]>('UPDATE users SET account_id = @account WHERE uid = @uid'),
    sessionLink: db.prepare<[string], SessionLinkRow>('SELECT uid, account_id FROM sessions WHERE token_hash = ?'),
    setNonce: db.prepare<[{ hash: string; nonce: string; until: number }]>(
      'UPDATE sessions SET social_nonce_hash = @nonce, social_nonce_expires_at = @until WHERE token_hash = @hash',
    ),
    nonce: db.prepare<[string], NonceRow>(
      'SELECT social_nonce_hash, social_nonce_expires_at FROM sessions WHERE token_hash = ?',
    ),
    clearNonce: db.prepare<[string]>('UPDATE sessions SET social_nonce_hash = NULL, social_nonce_expires_at = NULL WHERE token_hash = ?'),
  };
}
