import type { Database } from 'better-sqlite3';
import { immediate } from '../../../platform/db/transaction';
import type { LoginMethod, UserRecord } from '../../../platform/sessions/repository';
import { sessionStatements } from '../../../platform/sessions/sqlite/session-statements';
import type { FailureRecord } from '../login-throttle';
import type { AccountRecord, AccountRepository, CodeUpdate, SocialIdentity, SocialLinkResult, TerminatedNumberRecord } from '../repository';
import { fromCodeRecord, fromFailureRecord, liveNonce, toAccount, toCodeRecord, toFailureRecord, toTerminatedNumber } from '../account-rows';
import { accountStatements } from './account-statements';

/**
 * What a login or a logout does to the identity module's tables, in the caller's transaction:
 * a half-done identity check goes with its images (the identity repository's own step, given by
 * the composition root: this module reads no identity table).
 */
export interface PendingCheckSteps {
  /** The account the user's pending check was started under; undefined when none. */
  pendingCheckAccount(uid: string): string | null | undefined;
  /** Deletes the user's pending check and its images; true when there was one. */
  dropPendingCheck(uid: string): boolean;
}

/** The embedded SQLite implementation of AccountRepository. */
export class SqliteAccountRepository implements AccountRepository {
  private readonly accounts: ReturnType<typeof accountStatements>;
  private readonly sessions: ReturnType<typeof sessionStatements>;

  constructor(
    private readonly db: Database,
    private readonly checks: PendingCheckSteps,
  ) {
    this.accounts = accountStatements(db);
    this.sessions = sessionStatements(db);
  }

  async upgradeSession(
    oldTokenHash: string,
    newTokenHash: string,
    user: UserRecord,
    accountId: string,
    method: LoginMethod,
    now: number,
  ): Promise<boolean> {
    return immediate(this.db, () => {
      // A session already gone (a parallel login with the same token won) is not upgraded twice.
      if (this.sessions.deleteSession.run(oldTokenHash).changes !== 1) return false;
      this.accounts.insertAccountSession.run({ hash: newTokenHash, uid: user.uid, device: user.deviceId, now, account: accountId, method });
      this.accounts.linkUser.run({ uid: user.uid, account: accountId });
      // A check another account left half done on this device is not this account's to finish.
      if ((this.checks.pendingCheckAccount(user.uid) ?? accountId) !== accountId) this.checks.dropPendingCheck(user.uid);
      return true;
    });
  }

  async endSession(tokenHash: string): Promise<void> {
    immediate(this.db, () => {
      const link = this.accounts.sessionLink.get(tokenHash);
      this.sessions.deleteSession.run(tokenHash);
      if (!link) return;
      if (link.account_id) this.accounts.linkUser.run({ uid: link.uid, account: null });
      // The device id is retired with its user, so nobody finds this visitor's state (an order
      // with its activation code, an address) by sending the old id again; every session of it
      // ends, and a half-done identity check goes with its images.
      this.sessions.deleteSessionsOf.run(link.uid);
      this.checks.dropPendingCheck(link.uid);
      this.sessions.retireDevice.run(link.uid);
    });
  }

  async setSocialNonce(tokenHash: string, nonceHash: string, expiresAt: number): Promise<void> {
    this.accounts.setNonce.run({ hash: tokenHash, nonce: nonceHash, until: expiresAt });
  }

  async takeSocialNonce(tokenHash: string, now: number): Promise<string | null> {
    return immediate(this.db, () => {
      const row = this.accounts.nonce.get(tokenHash);
      this.accounts.clearNonce.run(tokenHash);
      return liveNonce(row, now);
    });
  }

  async findAccountByEmail(email: string): Promise<AccountRecord | null> {
    const row = this.accounts.byEmail.get(email);
    return row ? toAccount(row) : null;
  }

  async findAccountById(id: string): Promise<AccountRecord | null> {
    const row = this.accounts.byId.get(id);
    return row ? toAccount(row) : null;
  }

  async findOrCreateVerifiedAccount(email: string, newId: string, now: number): Promise<AccountRecord> {
    return immediate(this.db, () => {
      this.accounts.insertIfNew.run({ id: newId, email, hash: null, verifiedAt: now, now });
      const row = this.accounts.byEmail.get(email);
      if (!row) throw new Error('account row missing right after insert');
      this.accounts.markVerified.run({ id: row.id, now });
      return toAccount({ ...row, email_verified_at: row.email_verified_at ?? now });
    });
  }

  async setPasswordIfNone(accountId: string, passwordHash: string): Promise<boolean> {
    return this.accounts.setPasswordIfNone.run({ id: accountId, hash: passwordHash }).changes === 1;
  }

  async findOrLinkSocialAccount(identity: SocialIdentity, newId: string, now: number): Promise<SocialLinkResult> {
    return immediate(this.db, (): SocialLinkResult => {
      const known = this.accounts.identity.get(identity.issuer, identity.subject);
      const knownAccount = known ? this.accounts.byId.get(known.account_id) : undefined;
      if (knownAccount) return { kind: 'known', account: toAccount(knownAccount) };
      const existing = this.accounts.byEmail.get(identity.email);
      if (!existing) this.accounts.insertIfNew.run({ id: newId, email: identity.email, hash: null, verifiedAt: now, now });
      const account = existing ?? this.accounts.byEmail.get(identity.email);
      if (!account) throw new Error('account row missing right after insert');
      // The provider vouched for the e-mail: the account's address is now proven too.
      this.accounts.markVerified.run({ id: account.id, now });
      this.accounts.insertIdentity.run({ issuer: identity.issuer, subject: identity.subject, account: account.id, now });
      const linked = toAccount({ ...account, email_verified_at: account.email_verified_at ?? now });
      return existing ? { kind: 'linked', account: linked } : { kind: 'created', account: linked };
    });
  }

  async listTerminatedNumbers(email: string): Promise<TerminatedNumberRecord[]> {
    return this.accounts.terminated.all(email).map(toTerminatedNumber);
  }

  async updateVerificationCode<T>(email: string, update: CodeUpdate<T>): Promise<T> {
    return immediate(this.db, () => {
      const row = this.accounts.code.get(email);
      const { next, result } = update(row ? toCodeRecord(row) : null);
      if (next) this.accounts.upsertCode.run(fromCodeRecord(next));
      return result;
    });
  }

  async getLoginFailures(keys: readonly string[]): Promise<FailureRecord[]> {
    return keys.flatMap((k) => {
      const row = this.accounts.failure.get(k);
      return row ? [toFailureRecord(row)] : [];
    });
  }

  async recordLoginFailures(keys: readonly string[], next: (previous: FailureRecord | null, key: string) => FailureRecord): Promise<FailureRecord[]> {
    return immediate(this.db, () =>
      keys.map((key) => {
        const row = this.accounts.failure.get(key);
        const record = next(row ? toFailureRecord(row) : null, key);
        this.accounts.upsertFailure.run(fromFailureRecord(record));
        return record;
      }),
    );
  }

  async clearLoginFailures(key: string): Promise<void> {
    this.accounts.clearFailure.run(key);
  }

  async pruneAccountRecords(codesBefore: number, failuresBefore: number): Promise<number> {
    return immediate(
      this.db,
      () => this.accounts.pruneCodes.run(codesBefore, codesBefore).changes + this.accounts.pruneFailures.run(failuresBefore, failuresBefore).changes,
    );
  }
}
