import type { FailureRecord } from './login-throttle';
import type { AccountRecord, TerminatedNumberRecord } from './repository';
import type { CodeRecord } from './verification-codes';

/**
 * The account module's stored rows and their mapping to and from records, shared by the SQLite
 * (sqlite/) and PostgreSQL (postgres/) repositories: the SQL differs by dialect, what a row means
 * does not.
 */

/** A row of `accounts`. */
export interface AccountRow {
  id: string;
  email: string;
  password_hash: string | null;
  email_verified_at: number | null;
  created_at: number;
}

/** A row of `verification_codes`: one e-mail's code and its sending window. */
export interface CodeRow {
  email: string;
  code_hash: string | null;
  salt: string;
  expires_at: number;
  attempts: number;
  sent_at: number;
  window_started_at: number;
  sends_in_window: number;
}

/** A row of `login_failures`: one key's count and lock. */
export interface FailureRow {
  key: string;
  count: number;
  first_at: number;
  last_at: number;
  locked_until: number | null;
}

export const toAccount = (r: AccountRow): AccountRecord => ({
  id: r.id,
  email: r.email,
  passwordHash: r.password_hash,
  emailVerifiedAt: r.email_verified_at,
  createdAt: r.created_at,
});

export const toCodeRecord = (r: CodeRow): CodeRecord => ({
  email: r.email,
  codeHash: r.code_hash,
  salt: r.salt,
  expiresAt: r.expires_at,
  attempts: r.attempts,
  sentAt: r.sent_at,
  windowStartedAt: r.window_started_at,
  sendsInWindow: r.sends_in_window,
});

export const toFailureRecord = (r: FailureRow): FailureRecord => ({
  key: r.key,
  count: r.count,
  firstAt: r.first_at,
  lastAt: r.last_at,
  lockedUntil: r.locked_until,
});

export const fromCodeRecord = (r: CodeRecord): CodeRow => ({
  email: r.email,
  code_hash: r.codeHash,
  salt: r.salt,
  expires_at: r.expiresAt,
  attempts: r.attempts,
  sent_at: r.sentAt,
  window_started_at: r.windowStartedAt,
  sends_in_window: r.sendsInWindow,
});

export const fromFailureRecord = (r: FailureRecord): FailureRow => ({
  key: r.key,
  count: r.count,
  first_at: r.firstAt,
  last_at: r.lastAt,
  locked_until: r.lockedUntil,
});

export interface TerminatedNumberRow {
  msisdn: string;
  terminated_at: number;
}

export const toTerminatedNumber = (r: TerminatedNumberRow): TerminatedNumberRecord => ({ msisdn: r.msisdn, terminatedAt: r.terminated_at });

/** A session's user and the account it is logged in to (null: a device-id session). */
export interface SessionLinkRow {
  uid: string;
  account_id: string | null;
}

/** A session's social login nonce (its hash) and when it expires. */
export interface NonceRow {
  social_nonce_hash: string | null;
  social_nonce_expires_at: number | null;
}

/** The nonce of a taken row if it is set and not expired at `now`, else null. */
export const liveNonce = (row: NonceRow | undefined, now: number): string | null =>
  !row?.social_nonce_hash || row.social_nonce_expires_at === null || row.social_nonce_expires_at <= now ? null : row.social_nonce_hash;
