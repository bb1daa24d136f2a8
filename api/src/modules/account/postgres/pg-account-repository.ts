import type { PgDatabase } from '../../../platform/db/postgres/pg-database';
import type { LoginMethod, UserRecord } from '../../../platform/sessions/repository';
import { pgSessionSteps } from '../../../platform/sessions/postgres/pg-session-repository';
import type { FailureRecord } from '../login-throttle';
import type { AccountRecord, AccountRepository, CodeUpdate, SocialIdentity, SocialLinkResult, TerminatedNumberRecord } from '../repository';
import {
  fromCodeRecord,
  fromFailureRecord,
  liveNonce,
  toAccount,
  toCodeRecord,
  toFailureRecord,
  toTerminatedNumber,
  type AccountRow,
  type CodeRow,
  type FailureRow,
  type NonceRow,
  type SessionLinkRow,
  type TerminatedNumberRow,
} from '../account-rows';
import { ACCOUNT_SQL as SQL } from './account-statements';

/**
 * What a login or a logout does to the identity module's tables, in the caller's transaction
 * (the PostgreSQL form of PendingCheckSteps, sqlite-account-repository.ts): a half-done identity
 * check goes with its images. The identity repository's own steps, given by the composition root.
 */
export interface PgPendingCheckSteps {
  /** The account the user's pending check was started under; undefined when none. */
  pendingCheckAccount(uid: string): Promise<string | null | undefined>;
  /** Deletes the user's pending check and its images; true when there was one. */
  dropPendingCheck(uid: string): Promise<boolean>;
}

/**
 * The PostgreSQL implementation of AccountRepository: the SQLite one's steps, each safe on
 * several connections at once. Where SQLite's one writer made a read-then-write step atomic,
 * each transaction below says what does it here.
 */
export class PgAccountRepository implements AccountRepository {
  private readonly sessions: ReturnType<typeof pgSessionSteps>;

  constructor(
    private readonly db: PgDatabase,
    private readonly checks: PgPendingCheckSteps,
  ) {
    this.sessions = pgSessionSteps(db);
  }

  async upgradeSession(
    oldTokenHash: string,
    newTokenHash: string,
    user: UserRecord,
    accountId: string,
    method: LoginMethod,
    now: number,
  ): Promise<boolean> {
    // The user's lock: the pending check is read and then dropped with no other step of this user
    // (a new document side, a logout) in between. The DELETE's row count decides a race of two
    // logins with the same old token: the second waits on the row and then finds it gone.
    return this.db.transaction(async () => {
      await this.db.lockUser(user.uid);
      // A session already gone (a parallel login with the same token won) is not upgraded twice.
      if ((await this.db.run(SQL.deleteSession, [oldTokenHash])) !== 1) return false;
      await this.db.run(SQL.insertAccountSession, [newTokenHash, user.uid, user.deviceId, now, accountId, method]);
      await this.db.run(SQL.linkUser, [user.uid, accountId]);
      // A check another account left half done on this device is not this account's to finish.
      if (((await this.checks.pendingCheckAccount(user.uid)) ?? accountId) !== accountId) await this.checks.dropPendingCheck(user.uid);
      return true;
    });
  }

  async endSession(tokenHash: string): Promise<void> {
    // The user's lock (taken before any row lock, in the order upgradeSession takes them), then
    // the DELETE ... RETURNING: of two logouts of one session, only the one that deleted it
    // retires the device; the other finds nothing and stops.
    await this.db.transaction(async () => {
      const session = await this.db.maybe<{ uid: string }>(SQL.sessionUser, [tokenHash]);
      if (!session) return;
      await this.db.lockUser(session.uid);
      const link = await this.db.maybe<SessionLinkRow>(SQL.deleteSessionLink, [tokenHash]);
      if (!link) return;
      if (link.account_id) await this.db.run(SQL.linkUser, [link.uid, null]);
      // The device id is retired with its user, so nobody finds this visitor's state (an order
      // with its activation code, an address) by sending the old id again; every session of it
      // ends, and a half-done identity check goes with its images.
      await this.sessions.deleteSessionsOf(link.uid);
      await this.checks.dropPendingCheck(link.uid);
      await this.sessions.retireDevice(link.uid);
    });
  }

  async setSocialNonce(tokenHash: string, nonceHash: string, expiresAt: number): Promise<void> {
    await this.db.run(SQL.setNonce, [tokenHash, nonceHash, expiresAt]);
  }

  async takeSocialNonce(tokenHash: string, now: number): Promise<string | null> {
    // The session's row lock (FOR UPDATE): of two takes of one nonce, the second waits and then
    // reads it cleared, so a nonce is used once.
    return this.db.transaction(async () => {
      const row = await this.db.maybe<NonceRow>(SQL.nonceForUpdate, [tokenHash]);
      await this.db.run(SQL.clearNonce, [tokenHash]);
      return liveNonce(row, now);
    });
  }

  async findAccountByEmail(email: string): Promise<AccountRecord | null> {
    const row = await this.db.maybe<AccountRow>(SQL.byEmail, [email]);
    return row ? toAccount(row) : null;
  }

  async findAccountById(id: string): Promise<AccountRecord | null> {
    const row = await this.db.maybe<AccountRow>(SQL.byId, [id]);
    return row ? toAccount(row) : null;
  }

  async findOrCreateVerifiedAccount(email: string, newId: string, now: number): Promise<AccountRecord> {
    // The unique e-mail decides who creates the account (a second insert waits for the first and
    // does nothing); the conditional UPDATE marks it verified once, and whichever statement
    // answers gives the row as it is now.
    return this.db.transaction(async () => {
      const created = await this.db.maybe<AccountRow>(SQL.insertVerifiedIfNew, [newId, email, now]);
      const row = created ?? (await this.db.maybe<AccountRow>(SQL.markVerifiedByEmail, [email, now])) ?? (await this.db.maybe<AccountRow>(SQL.byEmail, [email]));
      if (!row) throw new Error('account row missing right after insert');
      return toAccount(row);
    });
  }

  async setPasswordIfNone(accountId: string, passwordHash: string): Promise<boolean> {
    // A conditional UPDATE: of two concurrent first passwords, one sets it, the other changes no row.
    return (await this.db.run(SQL.setPasswordIfNone, [accountId, passwordHash])) === 1;
  }

  async findOrLinkSocialAccount(identity: SocialIdentity, newId: string, now: number): Promise<SocialLinkResult> {
    // A lock on the identity: two first logins of one (issuer, subject) run one after the other,
    // so the second finds it known rather than failing on the primary key. The unique e-mail
    // decides between 'created' and 'linked' (the INSERT's RETURNING row: this step made it).
    return this.db.transaction(async (): Promise<SocialLinkResult> => {
      await this.db.lockKey(`account-identity:${identity.issuer}\n${identity.subject}`);
      const known = await this.db.maybe<AccountRow>(SQL.accountOfIdentity, [identity.issuer, identity.subject]);
      if (known) return { kind: 'known', account: toAccount(known) };
      const created = await this.db.maybe<AccountRow>(SQL.insertVerifiedIfNew, [newId, identity.email, now]);
      const account = created ?? (await this.db.maybe<AccountRow>(SQL.byEmail, [identity.email]));
      if (!account) throw new Error('account row missing right after insert');
      // The provider vouched for the e-mail: the account's address is now proven too.
      await this.db.run(SQL.markVerified, [account.id, now]);
      await this.db.run(SQL.insertIdentity, [identity.issuer, identity.subject, account.id, now]);
      const linked = toAccount({ ...account, email_verified_at: account.email_verified_at ?? now });
      return created ? { kind: 'created', account: linked } : { kind: 'linked', account: linked };
    });
  }

  async listTerminatedNumbers(email: string): Promise<TerminatedNumberRecord[]> {
    return (await this.db.many<TerminatedNumberRow>(SQL.terminated, [email])).map(toTerminatedNumber);
  }

  async updateVerificationCode<T>(email: string, update: CodeUpdate<T>): Promise<T> {
    // A lock on the e-mail's code (its row may not exist yet, so no row lock would do): two sends,
    // or a send and a validation, read and write the row one after the other. `update` is pure,
    // so a retried transaction may call it again.
    return this.db.transaction(async () => {
      await this.db.lockKey(`verification-code:${email}`);
      const row = await this.db.maybe<CodeRow>(SQL.code, [email]);
      const { next, result } = update(row ? toCodeRecord(row) : null);
      if (next) {
        const r = fromCodeRecord(next);
        await this.db.run(SQL.upsertCode, [r.email, r.code_hash, r.salt, r.expires_at, r.attempts, r.sent_at, r.window_started_at, r.sends_in_window]);
      }
      return result;
    });
  }

  async getLoginFailures(keys: readonly string[]): Promise<FailureRecord[]> {
    const rows = await this.db.many<FailureRow>(SQL.failures, [keys]);
    const byKey = new Map(rows.map((r) => [r.key, r]));
    return keys.flatMap((k) => {
      const row = byKey.get(k);
      return row ? [toFailureRecord(row)] : [];
    });
  }

  async recordLoginFailures(keys: readonly string[], next: (previous: FailureRecord | null, key: string) => FailureRecord): Promise<FailureRecord[]> {
    // A lock per key (a first failure has no row to lock), taken in sorted order so that two
    // logins counting the same keys never wait for each other in a circle: concurrent failures
    // on one key each count. `next` is pure: a retry may call it again.
    return this.db.transaction(async () => {
      for (const key of [...new Set(keys)].sort()) await this.db.lockKey(`login-failure:${key}`);
      const records: FailureRecord[] = [];
      for (const key of keys) {
        const row = await this.db.maybe<FailureRow>(SQL.failure, [key]);
        const record = next(row ? toFailureRecord(row) : null, key);
        const r = fromFailureRecord(record);
        await this.db.run(SQL.upsertFailure, [r.key, r.count, r.first_at, r.last_at, r.locked_until]);
        records.push(record);
      }
      return records;
    });
  }

  async clearLoginFailures(key: string): Promise<void> {
    await this.db.run(SQL.clearFailure, [key]);
  }

  async pruneAccountRecords(codesBefore: number, failuresBefore: number): Promise<number> {
    // Two DELETEs, each on rows quiet since before the cut-off: nothing to read first.
    return this.db.transaction(async () => (await this.db.run(SQL.pruneCodes, [codesBefore])) + (await this.db.run(SQL.pruneFailures, [failuresBefore])));
  }
}
