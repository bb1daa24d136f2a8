import type { DocumentDetails, DocumentKind, ResidentType, SimType } from '@join/shared/contract';
import type { PgDatabase } from '../../../platform/db/postgres/pg-database';
import type {
  FaceChallengeRecord,
  IdentityCheckRecord,
  IdentityDecisionEffect,
  IdentityDecisionRecord,
  IdentityRepository,
  NewDocumentSide,
  NewFaceChallenge,
  NewIdentityDecision,
} from '../repository';
import { answeredChallenge, detailsJson, toDecision, toIdentityCheck } from '../identity-rows';
import { pgIdentityStatements } from './pg-identity-statements';

/**
 * The PostgreSQL implementation of IdentityRepository, with the SQLite one's behaviour. SQLite ran
 * one writer at a time; here every step of one user that reads and then writes runs under the
 * user's lock (`lockUser`: a transaction-scoped advisory lock), so two tabs (or two instances)
 * uploading sides, deciding or changing the residency of one user run one after the other, and
 * different users never wait for each other.
 *
 * Images: SQLite zeroes deleted pages (secure_delete) and empties the WAL after a deletion.
 * PostgreSQL has no such switch: a deleted image stays in its dead row version until VACUUM
 * (autovacuum) reclaims the space, and in the WAL segments until they are recycled: nothing here
 * can overwrite them; the server's storage is what protects them at rest.
 */
export class PgIdentityRepository implements IdentityRepository {
  private readonly identity: ReturnType<typeof pgIdentityStatements>;

  constructor(private readonly db: PgDatabase) {
    this.identity = pgIdentityStatements(db);
  }

  async setActivationMethod(uid: string, residentType: ResidentType, simType: SimType): Promise<{ droppedPendingCheck: boolean }> {
    // The user's lock orders it with the user's other identity steps (a side being saved); the
    // users row, locked by FOR UPDATE, with any other writer of the answers.
    return this.db.transaction(async () => {
      await this.db.lockUser(uid);
      const before = await this.identity.residentTypeForUpdate(uid);
      if (!before) throw new Error(`no user ${uid}`);
      await this.identity.setActivationMethod(uid, residentType, simType);
      if (before.resident_type === residentType) return { droppedPendingCheck: false };
      return { droppedPendingCheck: await this.dropPendingCheck(uid) };
    });
  }

  async getIdentityCheck(uid: string, now: number): Promise<IdentityCheckRecord | null> {
    // The check and its sides in one snapshot: REPEATABLE READ, read only (a side saved meanwhile
    // is either all in or not at all).
    return this.db.transaction(() => this.readIdentityCheck(uid, now), { isolation: 'repeatable read' });
  }

  async saveDocumentSide(
    uid: string,
    accountId: string,
    kind: DocumentKind,
    side: NewDocumentSide,
    details: DocumentDetails | null,
    now: number,
    ttlMs: number,
  ): Promise<IdentityCheckRecord> {
    // Read, then start (or restart) the check and write the side: under the user's lock, so two
    // sides sent at once never both start a check (the second would hit the primary key) nor
    // replace the other's check.
    return this.db.transaction(async () => {
      await this.db.lockUser(uid);
      const current = await this.identity.checkForUpdate(uid);
      // A check of another account (or of none) is not continued: it starts again.
      const stale = current && (current.expires_at <= now || current.kind !== kind || current.account_id !== accountId);
      if (current && stale) await this.dropPendingCheck(uid);
      if (!current || stale) await this.identity.insertCheck(uid, accountId, kind, now, now + ttlMs);
      await this.identity.upsertSide(
        uid,
        side.side,
        side.image,
        side.source,
        detailsJson(side.document),
        side.faceFound ? 1 : 0,
        now,
      );
      await this.identity.updateCheckAfterSide(uid, detailsJson(details));
      const check = await this.readIdentityCheck(uid, now);
      if (!check) throw new Error('identity check vanished inside its transaction');
      return check;
    });
  }

  async setFaceMatched(uid: string, liveness: 'passed', now: number, personRef: string | null): Promise<boolean> {
    // One conditional UPDATE: its row count answers (an expired or deleted check matches nothing).
    return (await this.identity.setFaceMatched(uid, now, liveness, personRef)) === 1;
  }

  async setFaceChallenge(tokenHash: string, challenge: NewFaceChallenge): Promise<void> {
    // One UPSERT: the last of two at once is the session's challenge.
    await this.identity.setFaceChallenge(tokenHash, challenge.uid, challenge.nonceHash, challenge.prompt, challenge.issuedAt, challenge.expiresAt);
  }

  async takeFaceChallenge(tokenHash: string, nonceHash: string, now: number): Promise<FaceChallengeRecord | null> {
    // DELETE ... RETURNING: of two attempts at once only one gets the row (single use).
    const row = await this.identity.takeFaceChallenge(tokenHash);
    return answeredChallenge(row, nonceHash, now);
  }

  async deleteIdentityCheck(uid: string): Promise<void> {
    // Under the user's lock: a side being saved finishes first, then goes with the check.
    await this.db.transaction(async () => {
      await this.db.lockUser(uid);
      await this.dropPendingCheck(uid);
    });
  }

  async recordIdentityDecision(uid: string, decision: NewIdentityDecision, effect: IdentityDecisionEffect): Promise<void> {
    // The decision, its flag and the check's end in one transaction, under the user's lock (a side
    // saved at the same moment does not slip in between the decision and the check's deletion).
    // The flags only move forward: the schema's users_identity_flags_forward refuses otherwise.
    await this.db.transaction(async () => {
      await this.db.lockUser(uid);
      await this.identity.insertDecision(uid, decision);
      if (effect.kind === 'verified') {
        await (effect.flag === 'resident_done' ? this.identity.setResidentDone : this.identity.setIdVerified)(uid, decision.accountId);
        await this.dropPendingCheck(uid);
      } else if (effect.pending === 'drop_all') {
        await this.dropPendingCheck(uid);
      } else if (effect.pending === 'drop_face') {
        await this.identity.clearFaceMatch(uid);
      }
    });
  }

  async listIdentityDecisions(uid: string): Promise<IdentityDecisionRecord[]> {
    return (await this.identity.decisions(uid)).map(toDecision);
  }

  async getVerifiedDecision(uid: string, accountId: string): Promise<IdentityDecisionRecord | null> {
    const row = await this.identity.verifiedDecision(uid, accountId);
    return row ? toDecision(row) : null;
  }

  async deleteExpiredIdentityChecks(now: number): Promise<number> {
    // Set-based deletes on a condition re-checked on each row (READ COMMITTED): a check renewed
    // meanwhile by a new side is no longer expired and stays. Its sides go with it (CASCADE).
    return this.db.transaction(async () => {
      await this.identity.deleteExpiredFaceChallenges(now);
      return this.identity.deleteExpiredChecks(now);
    });
  }

  // --- steps the account module's PostgreSQL repository takes inside its own transactions ---

  /**
   * The account the user's pending check was started under; undefined when there is none. Inside
   * a transaction it takes the user's lock first (re-entrant: nothing if the caller holds it), so
   * a side being saved cannot change the answer before the caller's transaction ends.
   */
  async pendingCheckAccount(uid: string): Promise<string | null | undefined> {
    if (this.db.inTransaction) await this.db.lockUser(uid);
    return (await this.identity.checkAccount(uid))?.account_id;
  }

  /** Inside the caller's transaction (or on its own): the check and its images are gone. */
  async dropPendingCheck(uid: string): Promise<boolean> {
    return (await this.identity.deleteCheck(uid)) > 0;
  }

  /** Inside the caller's transaction (or a single snapshot): the live check, or null. */
  private async readIdentityCheck(uid: string, now: number): Promise<IdentityCheckRecord | null> {
    const row = await this.identity.check(uid);
    if (!row || row.expires_at <= now) return null;
    return toIdentityCheck(row, await this.identity.sides(uid));
  }
}

