import type { MigrationPart } from '../../../platform/db/migrations';

/**
 * This folder's part of the PostgreSQL schema (baseline version 27: SQLite's 1..27 in one step):
 * accounts, social identities, codes, login failures, terminated numbers, and the account's
 * columns on other folders' tables: the session login columns, users.account_id, and the
 * foreign keys of the catalogue's referral tables (created before accounts in the merge order).
 */
export const ACCOUNT_PG_MIGRATIONS: readonly MigrationPart[] = [
  {
    version: 27,
    sql: `
      -- An account is an e-mail (stored lower-cased: one account per address however it is typed).
      -- password_hash NULL: an account that logs in by e-mailed code or social login only.
      CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL UNIQUE CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
        password_hash TEXT CHECK (password_hash IS NULL OR password_hash LIKE 'scrypt$%'),
        email_verified_at BIGINT,
        created_at BIGINT NOT NULL
      );
      -- A social login's (issuer, subject) is the stable identity; the e-mail may change at the provider.
      CREATE TABLE account_identities (
        issuer TEXT NOT NULL,
        subject TEXT NOT NULL,
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        created_at BIGINT NOT NULL,
        PRIMARY KEY (issuer, subject)
      );
      CREATE INDEX account_identities_by_account ON account_identities (account_id);
      -- Lines of former customers, by the e-mail of their account (SPEC 2 /login/terminated).
      CREATE TABLE terminated_numbers (
        email TEXT NOT NULL CHECK (email = lower(email)),
        msisdn TEXT NOT NULL CHECK (msisdn ~ '^971[0-9]' AND length(msisdn) = 12),
        terminated_at BIGINT NOT NULL,
        PRIMARY KEY (email, msisdn)
      );
      -- One live code per e-mail (a new one replaces it); code_hash NULL once used. The send
      -- counters outlive the code: they are the resend wait and the hourly cap.
      CREATE TABLE verification_codes (
        email TEXT PRIMARY KEY CHECK (email = lower(email)),
        code_hash TEXT,
        salt TEXT NOT NULL,
        expires_at BIGINT NOT NULL,
        attempts BIGINT NOT NULL CHECK (attempts >= 0),
        sent_at BIGINT NOT NULL,
        window_started_at BIGINT NOT NULL,
        sends_in_window BIGINT NOT NULL CHECK (sends_in_window >= 0)
      );
      -- Failed password logins per 'email-at:<address>|<e-mail>' and per 'addr:<address>' (domain/login-throttle.ts).
      CREATE TABLE login_failures (
        key TEXT PRIMARY KEY,
        count BIGINT NOT NULL CHECK (count > 0),
        first_at BIGINT NOT NULL,
        last_at BIGINT NOT NULL,
        locked_until BIGINT
      );
      CREATE INDEX login_failures_by_last ON login_failures (last_at);

      -- A session upgraded by a login carries its account and how it logged in; a device-id
      -- session has neither (its flags say "not logged in" even for a linked device user).
      ALTER TABLE sessions ADD COLUMN account_id TEXT REFERENCES accounts(id) ON DELETE CASCADE;
      ALTER TABLE sessions ADD COLUMN login_method TEXT CHECK (login_method IS NULL OR login_method IN ('password', 'code', 'google'));
      -- The social login's nonce, hashed, single use, bound to the session that asked for it.
      ALTER TABLE sessions ADD COLUMN social_nonce_hash TEXT;
      ALTER TABLE sessions ADD COLUMN social_nonce_expires_at BIGINT;
      CREATE INDEX sessions_by_account ON sessions (account_id) WHERE account_id IS NOT NULL;
      -- The device user's link to the account it logged in to (kept across its sessions).
      ALTER TABLE users ADD COLUMN account_id TEXT REFERENCES accounts(id) ON DELETE SET NULL;
      CREATE INDEX users_by_account ON users (account_id) WHERE account_id IS NOT NULL;

      -- The catalogue's referral tables (its part runs before this one): a referral code goes
      -- with its account; a referrer's credits go with theirs; a friend's account is forgotten.
      ALTER TABLE referral_codes ADD CONSTRAINT referral_codes_account_id_fkey
        FOREIGN KEY (account_id) REFERENCES accounts(id) ON DELETE CASCADE;
      ALTER TABLE referral_credits ADD CONSTRAINT referral_credits_referrer_account_id_fkey
        FOREIGN KEY (referrer_account_id) REFERENCES accounts(id) ON DELETE CASCADE;
      ALTER TABLE referral_credits ADD CONSTRAINT referral_credits_friend_account_id_fkey
        FOREIGN KEY (friend_account_id) REFERENCES accounts(id) ON DELETE SET NULL;
    `,
  },
];
