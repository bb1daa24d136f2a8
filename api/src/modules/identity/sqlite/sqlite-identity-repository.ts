import type { Database } from 'better-sqlite3';
import type { DocumentDetails, DocumentKind, ResidentType, SimType } from '@join/shared/contract';
import { immediate, truncateWal } from '../../../platform/db/transaction';
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
import { answeredChallenge, detailsJson, fromDecision, toDecision, toIdentityCheck } from '../identity-rows';
import { identityStatements } from './identity-statements';

/**
 * The embedded SQLite implementation of IdentityRepository. Document images live only while a
 * check is under way; when a transaction deletes them their pages are zeroed (secure_delete) and
 * the WAL that still carries them is emptied once the transaction has committed.
 */
export class SqliteIdentityRepository implements IdentityRepository {
  /** A committed transaction deleted identity images: see scrubDeletedImages. */
  private imagesDropped = false;
  private readonly identity: ReturnType<typeof identityStatements>;

  constructor(private readonly db: Database) {
    this.identity = identityStatements(db);
  }

  async setActivationMethod(uid: string, residentType: ResidentType, simType: SimType): Promise<{ droppedPendingCheck: boolean }> {
    const result = immediate(this.db, () => {
      const before = this.identity.residentType.get(uid);
      if (!before) throw new Error(`no user ${uid}`);
      this.identity.setActivationMethod.run({ uid, resident: residentType, sim: simType });
      if (before.resident_type === residentType) return { droppedPendingCheck: false };
      return { droppedPendingCheck: this.dropPendingCheck(uid) };
    });
    this.scrubDeletedImages();
    return result;
  }

  async getIdentityCheck(uid: string, now: number): Promise<IdentityCheckRecord | null> {
    return this.readIdentityCheck(uid, now);
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
    const saved = immediate(this.db, () => {
      const current = this.identity.check.get(uid);
      // A check of another account (or of none) is not continued: it starts again.
      const stale = current && (current.expires_at <= now || current.kind !== kind || this.identity.checkAccount.get(uid)?.account_id !== accountId);
      if (current && stale) this.dropPendingCheck(uid);
      if (!current || stale) {
        this.identity.insertCheck.run({ uid, account: accountId, kind, now, expires: now + ttlMs });
      }
      this.identity.upsertSide.run({
        uid,
        side: side.side,
        image: side.image,
        source: side.source,
        document: detailsJson(side.document),
        face: side.faceFound ? 1 : 0,
        now,
      });
      this.identity.updateCheckAfterSide.run({ uid, details: detailsJson(details) });
      const check = this.readIdentityCheck(uid, now);
      if (!check) throw new Error('identity check vanished inside its transaction');
      return check;
    });
    // An expired check, or one of another kind, was replaced: its images went with it.
    this.scrubDeletedImages();
    return saved;
  }

  async setFaceMatched(uid: string, liveness: 'passed', now: number, personRef: string | null): Promise<boolean> {
    return this.identity.setFaceMatched.run({ uid, now, liveness, personRef }).changes === 1;
  }

  async setFaceChallenge(tokenHash: string, challenge: NewFaceChallenge): Promise<void> {
    this.identity.setFaceChallenge.run({
      hash: tokenHash,
      uid: challenge.uid,
      nonce: challenge.nonceHash,
      prompt: challenge.prompt,
      now: challenge.issuedAt,
      expires: challenge.expiresAt,
    });
  }

  async takeFaceChallenge(tokenHash: string, nonceHash: string, now: number): Promise<FaceChallengeRecord | null> {
    const row = immediate(this.db, () => {
      const found = this.identity.faceChallenge.get(tokenHash);
      if (found) this.identity.deleteFaceChallenge.run(tokenHash);
      return found;
    });
    return answeredChallenge(row, nonceHash, now);
  }

  async deleteIdentityCheck(uid: string): Promise<void> {
    immediate(this.db, () => this.dropPendingCheck(uid));
    this.scrubDeletedImages();
  }

  async recordIdentityDecision(uid: string, decision: NewIdentityDecision, effect: IdentityDecisionEffect): Promise<void> {
    immediate(this.db, () => {
      this.identity.insertDecision.run(fromDecision(uid, decision));
      if (effect.kind === 'verified') {
        (effect.flag === 'resident_done' ? this.identity.setResidentDone : this.identity.setIdVerified).run({ uid, account: decision.accountId });
        this.dropPendingCheck(uid);
      } else if (effect.pending === 'drop_all') {
        this.dropPendingCheck(uid);
      } else if (effect.pending === 'drop_face') {
        this.identity.clearFaceMatch.run(uid);
      }
    });
    this.scrubDeletedImages();
  }

  async listIdentityDecisions(uid: string): Promise<IdentityDecisionRecord[]> {
    return this.identity.decisions.all(uid).map(toDecision);
  }

  async getVerifiedDecision(uid: string, accountId: string): Promise<IdentityDecisionRecord | null> {
    const row = this.identity.verifiedDecision.get({ uid, account: accountId });
    return row ? toDecision(row) : null;
  }

  async deleteExpiredIdentityChecks(now: number): Promise<number> {
    const deleted = immediate(this.db, () => {
      const sides = this.identity.deleteExpiredSides.run(now).changes;
      this.identity.deleteExpiredFaceChallenges.run(now);
      const checks = this.identity.deleteExpiredChecks.run(now).changes;
      if (sides + checks > 0) this.imagesDropped = true;
      return checks;
    });
    this.scrubDeletedImages();
    return deleted;
  }

  // --- steps the account module's SQLite repository takes inside its own transactions ---

  /** The account the user's pending check was started under; undefined when there is none. */
  pendingCheckAccount(uid: string): string | null | undefined {
    return this.identity.checkAccount.get(uid)?.account_id;
  }

  /** Inside the caller's transaction: the check and its images are gone (the WAL is emptied at the next scrub). */
  dropPendingCheck(uid: string): boolean {
    this.identity.deleteSides.run(uid);
    const dropped = this.identity.deleteCheck.run(uid).changes > 0;
    if (dropped) this.imagesDropped = true;
    return dropped;
  }

  /** Inside the caller's transaction (or a single read): the live check, or null. */
  private readIdentityCheck(uid: string, now: number): IdentityCheckRecord | null {
    const row = this.identity.check.get(uid);
    if (!row || row.expires_at <= now) return null;
    return toIdentityCheck(row, this.identity.sides.all(uid));
  }

  /**
   * Identity images were deleted by the transaction that just committed: with secure_delete their
   * pages are zeroed, but the WAL still holds the frames that carried them until a checkpoint
   * overwrites it. A TRUNCATE checkpoint copies the WAL into the database and empties the file. A
   * reader on another connection can keep it from finishing (busy): the next deletion, or the
   * sweep, tries again. Never inside a transaction.
   */
  private scrubDeletedImages(): void {
    if (!this.imagesDropped) return;
    this.imagesDropped = false;
    truncateWal(this.db);
  }
}
