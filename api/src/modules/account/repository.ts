import type { LoginMethod, UserRecord } from '../../platform/sessions/repository';
import type { FailureRecord } from './login-throttle';
import type { CodeRecord } from './verification-codes';

/** An account: an e-mail (lower-cased), with a password or not. */
export interface AccountRecord {
  id: string;
  email: string;
  passwordHash: string | null;
  emailVerifiedAt: number | null;
  createdAt: number;
}

/** A social login's identity: the issuer's stable subject, and the e-mail it vouches for. */
export interface SocialIdentity {
  issuer: string;
  subject: string;
  /** Lower-cased, verified by the provider. */
  email: string;
}

export type SocialLinkResult =
  /** The identity was linked before. */
  | { kind: 'known'; account: AccountRecord }
  /** First time: linked to the existing account of its e-mail. */
  | { kind: 'linked'; account: AccountRecord }
  /** First time, no account of that e-mail: a new one without a password. */
  | { kind: 'created'; account: AccountRecord };

export interface TerminatedNumberRecord {
  msisdn: string;
  terminatedAt: number;
}

/** A read-modify-write of one e-mail's code row, decided by a pure rule (domain/verification-codes.ts). */
export type CodeUpdate<T> = (current: CodeRecord | null) => { next: CodeRecord | undefined; result: T };

/** Accounts, logins on a session, verification codes and the login throttle. */
export interface AccountRepository {
  /**
   * A login, in one transaction: the old session is deleted, a new one carrying the account and
   * the login method is created (a new token: no fixation, ASVS V7.2.4), and the device user
   * is linked to the account. The user keeps its flow state (plan, number). false (nothing
   * written) when the old session no longer exists.
   */
  upgradeSession(oldTokenHash: string, newTokenHash: string, user: UserRecord, accountId: string, method: LoginMethod, now: number): Promise<boolean>;
  /** Logout: deletes the session; an account session also unlinks its device user from the account. */
  endSession(tokenHash: string): Promise<void>;
  /** Stores a social-login nonce (hashed) on the session, replacing any earlier one. */
  setSocialNonce(tokenHash: string, nonceHash: string, expiresAt: number): Promise<void>;
  /** Takes the session's nonce hash if it is still live, and clears it either way (single use). */
  takeSocialNonce(tokenHash: string, now: number): Promise<string | null>;

  // --- accounts; e-mails are passed lower-cased ---
  findAccountByEmail(email: string): Promise<AccountRecord | null>;
  findAccountById(id: string): Promise<AccountRecord | null>;
  /** The account of a proven e-mail (a code was validated): created when new, marked verified. */
  findOrCreateVerifiedAccount(email: string, newId: string, now: number): Promise<AccountRecord>;
  /** Sets the password only if the account has none; false when it already had one. */
  setPasswordIfNone(accountId: string, passwordHash: string): Promise<boolean>;
  /** The account of a social identity, linking or creating it the first time (one transaction). */
  findOrLinkSocialAccount(identity: SocialIdentity, newId: string, now: number): Promise<SocialLinkResult>;
  /** Lines terminated for the e-mail's former account, oldest first. */
  listTerminatedNumbers(email: string): Promise<TerminatedNumberRecord[]>;
  /** Reads, decides and writes the e-mail's code row in one transaction. */
  updateVerificationCode<T>(email: string, update: CodeUpdate<T>): Promise<T>;
  getLoginFailures(keys: readonly string[]): Promise<FailureRecord[]>;
  /** Records one failure on each key in one transaction; `next` computes each key's new row. */
  recordLoginFailures(keys: readonly string[], next: (previous: FailureRecord | null, key: string) => FailureRecord): Promise<FailureRecord[]>;
  clearLoginFailures(key: string): Promise<void>;
  /**
   * Housekeeping: removes code rows whose code and hourly window both ended before `codesBefore`,
   * and failure rows quiet (last failure and lock both over) since before `failuresBefore`.
   */
  pruneAccountRecords(codesBefore: number, failuresBefore: number): Promise<number>;
}
