/**
 * SQL of the PostgreSQL account repository: the SQLite statements (sqlite/account-statements.ts)
 * with $n placeholders; the rows have the same columns, mapped by ../account-rows.ts.
 */
const ACCOUNT_COLUMNS = 'id, email, password_hash, email_verified_at, created_at';

export const ACCOUNT_SQL = {
  byEmail: `SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE email = $1`,
  byId: `SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = $1`,
  /** $1 id, $2 email, $3 verified at (= created at): the new account's row, or none when the e-mail has one. */
  insertVerifiedIfNew: `INSERT INTO accounts (id, email, password_hash, email_verified_at, created_at) VALUES ($1, $2, NULL, $3, $3)
    ON CONFLICT (email) DO NOTHING RETURNING ${ACCOUNT_COLUMNS}`,
  /** The account of e-mail $1 marked verified at $2 unless it was: its row when it changed. */
  markVerifiedByEmail: `UPDATE accounts SET email_verified_at = $2 WHERE email = $1 AND email_verified_at IS NULL RETURNING ${ACCOUNT_COLUMNS}`,
  markVerified: 'UPDATE accounts SET email_verified_at = $2 WHERE id = $1 AND email_verified_at IS NULL',
  setPasswordIfNone: 'UPDATE accounts SET password_hash = $2 WHERE id = $1 AND password_hash IS NULL',
  /** The account a social identity ($1 issuer, $2 subject) is linked to. */
  accountOfIdentity: `SELECT a.id, a.email, a.password_hash, a.email_verified_at, a.created_at
    FROM account_identities i JOIN accounts a ON a.id = i.account_id WHERE i.issuer = $1 AND i.subject = $2`,
  insertIdentity: 'INSERT INTO account_identities (issuer, subject, account_id, created_at) VALUES ($1, $2, $3, $4)',
  terminated: 'SELECT msisdn, terminated_at FROM terminated_numbers WHERE email = $1 ORDER BY terminated_at, msisdn COLLATE "C"',
  code: `SELECT email, code_hash, salt, expires_at, attempts, sent_at, window_started_at, sends_in_window
    FROM verification_codes WHERE email = $1`,
  upsertCode: `INSERT INTO verification_codes (email, code_hash, salt, expires_at, attempts, sent_at, window_started_at, sends_in_window)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
    ON CONFLICT (email) DO UPDATE SET code_hash = excluded.code_hash, salt = excluded.salt, expires_at = excluded.expires_at,
      attempts = excluded.attempts, sent_at = excluded.sent_at, window_started_at = excluded.window_started_at,
      sends_in_window = excluded.sends_in_window`,
  failures: 'SELECT key, count, first_at, last_at, locked_until FROM login_failures WHERE key = ANY($1::text[])',
  failure: 'SELECT key, count, first_at, last_at, locked_until FROM login_failures WHERE key = $1',
  upsertFailure: `INSERT INTO login_failures (key, count, first_at, last_at, locked_until) VALUES ($1, $2, $3, $4, $5)
    ON CONFLICT (key) DO UPDATE SET count = excluded.count, first_at = excluded.first_at, last_at = excluded.last_at,
      locked_until = excluded.locked_until`,
  clearFailure: 'DELETE FROM login_failures WHERE key = $1',
  pruneCodes: 'DELETE FROM verification_codes WHERE expires_at < $1 AND window_started_at < $1',
  pruneFailures: 'DELETE FROM login_failures WHERE last_at < $1 AND (locked_until IS NULL OR locked_until < $1)',
  deleteSession: 'DELETE FROM sessions WHERE token_hash = $1',
  /** $1 token hash, $2 uid, $3 device, $4 now, $5 account, $6 method. */
  insertAccountSession: `INSERT INTO sessions (token_hash, uid, device_id, created_at, last_seen_at, account_id, login_method)
    VALUES ($1, $2, $3, $4, $4, $5, $6)`,
  linkUser: 'UPDATE users SET account_id = $2 WHERE uid = $1',
  sessionUser: 'SELECT uid FROM sessions WHERE token_hash = $1',
  /** The session deleted, with what it was linked to. */
  deleteSessionLink: 'DELETE FROM sessions WHERE token_hash = $1 RETURNING uid, account_id',
  setNonce: 'UPDATE sessions SET social_nonce_hash = $2, social_nonce_expires_at = $3 WHERE token_hash = $1',
  nonceForUpdate: 'SELECT social_nonce_hash, social_nonce_expires_at FROM sessions WHERE token_hash = $1 FOR UPDATE',
  clearNonce: 'UPDATE sessions SET social_nonce_hash = NULL, social_nonce_expires_at = NULL WHERE token_hash = $1',
} as const;
