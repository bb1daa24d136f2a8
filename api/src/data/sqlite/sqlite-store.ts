import { timingSafeEqual } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import {
  BusinessConfig,
  type Booster,
  type DocumentDetails,
  type DocumentKind,
  type Operator,
  type ResidentType,
  type ServerFlowContext,
  type SimType,
} from '@join/shared/contract';
import { DEFAULT_COMMITMENT_MONTHS, type CatalogueProduct } from '../../modules/catalogue/catalogue';
import type { PromotionRule } from '../../modules/catalogue/promotions';
import { HOLD_LIMITS, isVipLevel, shownVanityLevel, type HoldLimits } from '../../modules/numbers/holds';
import type { FlowFlagChange, FlowState } from '../../modules/flow/flow-state';
import type { FailureRecord } from '../../modules/account/login-throttle';
import type {
  AccountRecord,
  CancelResult,
  CodeUpdate,
  LoginMethod,
  SocialIdentity,
  SocialLinkResult,
  TerminatedNumberRecord,
  Claimant,
  CommitResult,
  ExternalSubscriberRecord,
  FeedbackRecord,
  HoldPolicy,
  FaceChallengeRecord,
  IdentityCheckRecord,
  IdentityDecisionEffect,
  IdentityDecisionRecord,
  NewDocumentSide,
  NewFaceChallenge,
  NewIdentityDecision,
  HoldRecord,
  NameLanguage,
  NewPayment,
  CaptureResult,
  PaymentCapture,
  PaymentRecord,
  PaymentUpdate,
  DeliveryZoneRecord,
  NewOrder,
  OrderRecord,
  OrderUpdate,
  StoreLocationRecord,
  StartPaymentResult,
  NewFeedback,
  NewSavedPlan,
  NumberRecord,
  NumberSearch,
  PreferenceRecord,
  ProductFilter,
  ReserveResult,
  SavedPlanRecord,
  SessionRecord,
  Store,
  TransferRecord,
  TransferReserveResult,
  UserRecord,
} from '../store';
import { PaymentOpenError, SimLimitReachedError } from '../store';
import { MAX_SIMS_PER_DOCUMENT, type SoldDocument } from '../../modules/identity/sim-limit';
import { accountStatements, fromCodeRecord, fromFailureRecord, toAccount, toCodeRecord, toFailureRecord } from './account-statements';
import { CatalogueReader } from './catalogue-reader';
import { LocalizedNames, type NameOf } from './localized-names';
import { NumberSearcher } from './number-search';
import { holdLogStatements } from './hold-log-statements';
import { numberStatements, type NumberRow } from './number-statements';
import { transferStatements } from './transfer-statements';
import { savedPlanStatements, toSavedPlanRecord } from './saved-plan-statements';
import { userStatements } from './user-statements';
import { fromDecision, identityStatements, toDecision, toIdentityCheck } from './identity-statements';
import { fromNewPayment, paymentStatements, toPaymentRecord } from './payment-statements';
import { fromNewOrder, orderStatements, toOrderRecord, toStoreLocation, toZoneRecord } from './order-statements';
import { retentionStatements } from './retention-statements';
import type { RetentionCutoffs, RetentionReport } from '../../modules/flow/retention';

/**
 * The embedded SQLite implementation of Store. better-sqlite3 is synchronous, so each
 * transaction runs to the end before another request is served in this process, and the
 * BEGIN IMMEDIATE lock serialises writers across processes; the claim is still written as a
 * conditional UPDATE whose change count decides, so the rule holds on any database.
 */
class NumberTaken extends Error {}

/** How long a paid number stays held for its buyer: until activation (a later issue) takes it over. */
export const PAID_HOLD_MS = 90 * 24 * 3600_000;
class NoTemporaryNumber extends Error {}

function toHold(row: NumberRow): HoldRecord {
  return {
    msisdn: row.msisdn,
    vanityLevel: row.vanity_level,
    reservationId: row.reservation_id ?? 0,
    reservedAt: row.reserved_at ?? 0,
    heldUntil: row.held_until ?? 0,
    extensions: row.extensions,
    committed: row.committed === 1,
    transfer:
      row.transfer_msisdn !== null && row.transfer_operator !== null
        ? { externalMsisdn: row.transfer_msisdn, operatorCode: row.transfer_operator }
        : null,
  };
}

function localizedProduct(p: CatalogueProduct, nameOf: NameOf): CatalogueProduct {
  return {
    ...p,
    name: nameOf('product', p.code, p.name),
    plans: p.plans.map((s) => ({ ...s, Name: nameOf('sub_plan', s.ID, s.Name) })),
  };
}

/** By its code, not `instanceof Error`: a SqliteError may come from another realm (a Jest worker's earlier file). */
const isUniqueViolation = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && 'code' in e && (e as { code: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE';

export class SqliteStore implements Store {
  /** A committed transaction deleted identity images: see scrubDeletedImages. */
  private imagesDropped = false;
  private readonly catalogue: CatalogueReader;
  private readonly numbers: ReturnType<typeof numberStatements>;
  private readonly holdLog: ReturnType<typeof holdLogStatements>;
  private readonly users: ReturnType<typeof userStatements>;
  private readonly plans: ReturnType<typeof savedPlanStatements>;
  private readonly transfers: ReturnType<typeof transferStatements>;
  private readonly searcher: NumberSearcher;
  private readonly names: LocalizedNames;
  private readonly accounts: ReturnType<typeof accountStatements>;
  private readonly identity: ReturnType<typeof identityStatements>;
  private readonly payments: ReturnType<typeof paymentStatements>;
  private readonly orders: ReturnType<typeof orderStatements>;
  private readonly retention: ReturnType<typeof retentionStatements>;

  constructor(
    private readonly db: Database,
    private readonly ownsDatabase: boolean,
  ) {
    this.catalogue = new CatalogueReader(db);
    this.numbers = numberStatements(db);
    this.holdLog = holdLogStatements(db);
    this.users = userStatements(db);
    this.plans = savedPlanStatements(db);
    this.transfers = transferStatements(db);
    this.searcher = new NumberSearcher(db);
    this.names = new LocalizedNames(db);
    this.accounts = accountStatements(db);
    this.identity = identityStatements(db);
    this.payments = paymentStatements(db);
    this.orders = orderStatements(db);
    this.retention = retentionStatements(db);
  }

  // --- users and sessions ---

  async findOrCreateUser(deviceId: string, uid: string, now: number): Promise<UserRecord> {
    this.users.insertIfNew.run(uid, deviceId, now);
    const row = this.users.byDevice.get(deviceId);
    if (!row) throw new Error('user row missing right after insert');
    return { uid: row.uid, deviceId: row.device_id };
  }

  async createSession(tokenHash: string, user: UserRecord, now: number): Promise<void> {
    this.users.insertSession.run(tokenHash, user.uid, user.deviceId, now, now);
  }

  async findSession(tokenHash: string): Promise<SessionRecord | null> {
    const row = this.users.session.get(tokenHash);
    return row
      ? {
          uid: row.uid,
          deviceId: row.device_id,
          createdAt: row.created_at,
          lastSeenAt: row.last_seen_at,
          accountId: row.account_id,
          loginMethod: row.login_method,
        }
      : null;
  }

  async touchSession(tokenHash: string, now: number): Promise<void> {
    this.users.touchSession.run(now, tokenHash);
  }

  async deleteSession(tokenHash: string): Promise<void> {
    this.users.deleteSession.run(tokenHash);
  }

  async upgradeSession(
    oldTokenHash: string,
    newTokenHash: string,
    user: UserRecord,
    accountId: string,
    method: LoginMethod,
    now: number,
  ): Promise<boolean> {
    return this.db
      .transaction(() => {
        // A session already gone (a parallel login with the same token won) is not upgraded twice.
        if (this.users.deleteSession.run(oldTokenHash).changes !== 1) return false;
        this.accounts.insertAccountSession.run({ hash: newTokenHash, uid: user.uid, device: user.deviceId, now, account: accountId, method });
        this.accounts.linkUser.run({ uid: user.uid, account: accountId });
        // A check another account left half done on this device is not this account's to finish.
        if ((this.identity.checkAccount.get(user.uid)?.account_id ?? accountId) !== accountId) this.dropIdentityCheck(user.uid);
        return true;
      })
      .immediate();
  }

  async endSession(tokenHash: string): Promise<void> {
    this.db
      .transaction(() => {
        const link = this.accounts.sessionLink.get(tokenHash);
        this.users.deleteSession.run(tokenHash);
        if (!link) return;
        if (link.account_id) this.accounts.linkUser.run({ uid: link.uid, account: null });
        // Issue 23: the device id is retired with its user, so nobody finds this visitor's state
        // (an order with its activation code, an address) by sending the old id again; every
        // session of it ends, and a half-done identity check goes with its images.
        this.users.deleteSessionsOf.run(link.uid);
        this.dropIdentityCheck(link.uid);
        this.users.retireDevice.run(link.uid);
      })
      .immediate();
  }

  async setSocialNonce(tokenHash: string, nonceHash: string, expiresAt: number): Promise<void> {
    this.accounts.setNonce.run({ hash: tokenHash, nonce: nonceHash, until: expiresAt });
  }

  async takeSocialNonce(tokenHash: string, now: number): Promise<string | null> {
    return this.db
      .transaction(() => {
        const row = this.accounts.nonce.get(tokenHash);
        this.accounts.clearNonce.run(tokenHash);
        if (!row?.social_nonce_hash || row.social_nonce_expires_at === null || row.social_nonce_expires_at <= now) return null;
        return row.social_nonce_hash;
      })
      .immediate();
  }

  async deleteStaleSessions(idleBefore: number, createdBefore: number): Promise<number> {
    return this.users.deleteStaleSessions.run(idleBefore, createdBefore).changes;
  }

  // --- accounts ---

  async findAccountByEmail(email: string): Promise<AccountRecord | null> {
    const row = this.accounts.byEmail.get(email);
    return row ? toAccount(row) : null;
  }

  async findAccountById(id: string): Promise<AccountRecord | null> {
    const row = this.accounts.byId.get(id);
    return row ? toAccount(row) : null;
  }

  async findOrCreateVerifiedAccount(email: string, newId: string, now: number): Promise<AccountRecord> {
    return this.db
      .transaction(() => {
        this.accounts.insertIfNew.run({ id: newId, email, hash: null, verifiedAt: now, now });
        const row = this.accounts.byEmail.get(email);
        if (!row) throw new Error('account row missing right after insert');
        this.accounts.markVerified.run({ id: row.id, now });
        return toAccount({ ...row, email_verified_at: row.email_verified_at ?? now });
      })
      .immediate();
  }

  async setPasswordIfNone(accountId: string, passwordHash: string): Promise<boolean> {
    return this.accounts.setPasswordIfNone.run({ id: accountId, hash: passwordHash }).changes === 1;
  }

  async findOrLinkSocialAccount(identity: SocialIdentity, newId: string, now: number): Promise<SocialLinkResult> {
    return this.db
      .transaction((): SocialLinkResult => {
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
      })
      .immediate();
  }

  async listTerminatedNumbers(email: string): Promise<TerminatedNumberRecord[]> {
    return this.accounts.terminated.all(email).map((r) => ({ msisdn: r.msisdn, terminatedAt: r.terminated_at }));
  }

  async updateVerificationCode<T>(email: string, update: CodeUpdate<T>): Promise<T> {
    return this.db
      .transaction(() => {
        const row = this.accounts.code.get(email);
        const { next, result } = update(row ? toCodeRecord(row) : null);
        if (next) this.accounts.upsertCode.run(fromCodeRecord(next));
        return result;
      })
      .immediate();
  }

  async getLoginFailures(keys: readonly string[]): Promise<FailureRecord[]> {
    return keys.flatMap((k) => {
      const row = this.accounts.failure.get(k);
      return row ? [toFailureRecord(row)] : [];
    });
  }

  async recordLoginFailures(
    keys: readonly string[],
    next: (previous: FailureRecord | null, key: string) => FailureRecord,
  ): Promise<FailureRecord[]> {
    return this.db
      .transaction(() =>
        keys.map((key) => {
          const row = this.accounts.failure.get(key);
          const record = next(row ? toFailureRecord(row) : null, key);
          this.accounts.upsertFailure.run(fromFailureRecord(record));
          return record;
        }),
      )
      .immediate();
  }

  async clearLoginFailures(key: string): Promise<void> {
    this.accounts.clearFailure.run(key);
  }

  async pruneAccountRecords(codesBefore: number, failuresBefore: number): Promise<number> {
    return this.db
      .transaction(
        () =>
          this.accounts.pruneCodes.run(codesBefore, codesBefore).changes +
          this.accounts.pruneFailures.run(failuresBefore, failuresBefore).changes,
      )
      .immediate();
  }

  // --- flow state ---

  async getFlowState(uid: string, now: number): Promise<FlowState> {
    const row = this.users.flowState.get({ uid, now });
    if (!row) throw new Error(`no user ${uid}`);
    return {
      numberFlag: row.number_flag === 1,
      planFlag: row.plan_flag === 1,
      productSaved: row.product_saved === 1,
      currentProductCode: row.current_product_code,
      savedPlanProductCode: row.saved_plan_product_code,
      hasActiveHold: row.hold_level !== null,
      activeHoldVanityLevel:
        row.hold_level === null ? null : shownVanityLevel({ vanityLevel: row.hold_level, transfer: row.hold_is_transfer === 1 }),
      idVerified: row.id_verified === 1,
      residentDone: row.resident_done === 1,
      verifiedAccountId: row.verified_account_id,
      planPaid: row.plan_paid === 1,
      orderKind: row.order_kind,
      orderStatus: row.order_status,
    };
  }

  async updateFlowFlags(uid: string, change: FlowFlagChange): Promise<void> {
    const bit = (v: boolean | undefined) => (v === undefined ? null : v ? 1 : 0);
    this.users.updateFlags.run({ uid, number: bit(change.numberFlag), plan: bit(change.planFlag) });
  }

  // --- flow context ---

  async getFlowContext(uid: string): Promise<ServerFlowContext> {
    const row = this.users.flowContext.get(uid);
    if (!row) throw new Error(`no user ${uid}`);
    return {
      resident_type: row.resident_type,
      sim_type: row.sim_type,
      inside_uae: row.inside_uae === null ? null : row.inside_uae === 1,
      has_delivery_form: row.has_delivery_form === 1,
      terminated_email: row.terminated_email,
      retail: row.retail === 1,
    };
  }

  async setRetail(uid: string, retail: boolean): Promise<void> {
    this.users.setRetail.run({ uid, retail: retail ? 1 : 0 });
  }

  async setInsideUae(uid: string, inside: boolean | null): Promise<void> {
    this.users.setInsideUae.run({ uid, inside: inside === null ? null : inside ? 1 : 0 });
  }

  async setResidentType(uid: string, type: ResidentType | null): Promise<void> {
    this.users.setResidentType.run({ uid, type });
  }

  async setDeliveryForm(uid: string, present: boolean): Promise<void> {
    this.users.setDeliveryForm.run({ uid, present: present ? 1 : 0 });
  }

  async setTerminatedEmail(uid: string, email: string | null): Promise<void> {
    this.users.setTerminatedEmail.run({ uid, email });
  }

  async clearResidency(uid: string): Promise<void> {
    this.users.clearResidency.run(uid);
  }

  async clearIdCheckAnswers(uid: string): Promise<void> {
    this.users.clearIdCheckAnswers.run(uid);
  }

  // --- the identity check ---

  async setActivationMethod(uid: string, residentType: ResidentType, simType: SimType): Promise<{ droppedPendingCheck: boolean }> {
    const result = this.db
      .transaction(() => {
        const before = this.identity.residentType.get(uid);
        if (!before) throw new Error(`no user ${uid}`);
        this.identity.setActivationMethod.run({ uid, resident: residentType, sim: simType });
        if (before.resident_type === residentType) return { droppedPendingCheck: false };
        return { droppedPendingCheck: this.dropIdentityCheck(uid) };
      })
      .immediate();
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
    const saved = this.db
      .transaction(() => {
        const current = this.identity.check.get(uid);
        // A check of another account (or of none) is not continued: it starts again (issue 23).
        const stale = current && (current.expires_at <= now || current.kind !== kind || this.identity.checkAccount.get(uid)?.account_id !== accountId);
        if (current && stale) this.dropIdentityCheck(uid);
        if (!current || stale) {
          this.identity.insertCheck.run({ uid, account: accountId, kind, now, expires: now + ttlMs });
        }
        this.identity.upsertSide.run({
          uid,
          side: side.side,
          image: side.image,
          source: side.source,
          document: side.document === null ? null : JSON.stringify(side.document),
          face: side.faceFound ? 1 : 0,
          now,
        });
        this.identity.updateCheckAfterSide.run({ uid, details: details === null ? null : JSON.stringify(details) });
        const check = this.readIdentityCheck(uid, now);
        if (!check) throw new Error('identity check vanished inside its transaction');
        return check;
      })
      .immediate();
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
    const row = this.db
      .transaction(() => {
        const found = this.identity.faceChallenge.get(tokenHash);
        if (found) this.identity.deleteFaceChallenge.run(tokenHash);
        return found;
      })
      .immediate();
    if (!row || row.expires_at <= now) return null;
    const given = Buffer.from(nonceHash, 'hex');
    const stored = Buffer.from(row.nonce_hash, 'hex');
    if (given.length !== stored.length || !timingSafeEqual(given, stored)) return null;
    return { uid: row.uid, prompt: row.prompt, expiresAt: row.expires_at };
  }

  async deleteIdentityCheck(uid: string): Promise<void> {
    this.db.transaction(() => this.dropIdentityCheck(uid)).immediate();
    this.scrubDeletedImages();
  }

  async recordIdentityDecision(uid: string, decision: NewIdentityDecision, effect: IdentityDecisionEffect): Promise<void> {
    this.db
      .transaction(() => {
        this.identity.insertDecision.run(fromDecision(uid, decision));
        if (effect.kind === 'verified') {
          (effect.flag === 'resident_done' ? this.identity.setResidentDone : this.identity.setIdVerified).run({ uid, account: decision.accountId });
          this.dropIdentityCheck(uid);
        } else if (effect.pending === 'drop_all') {
          this.dropIdentityCheck(uid);
        } else if (effect.pending === 'drop_face') {
          this.identity.clearFaceMatch.run(uid);
        }
      })
      .immediate();
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
    const deleted = this.db
      .transaction(() => {
        const sides = this.identity.deleteExpiredSides.run(now).changes;
        this.identity.deleteExpiredFaceChallenges.run(now);
        const checks = this.identity.deleteExpiredChecks.run(now).changes;
        if (sides + checks > 0) this.imagesDropped = true;
        return checks;
      })
      .immediate();
    this.scrubDeletedImages();
    return deleted;
  }

  // --- payment ---

  async startPayment(payment: NewPayment, simsPerDocument = MAX_SIMS_PER_DOCUMENT): Promise<StartPaymentResult> {
    const attempt = (): StartPaymentResult => {
      const same = this.payments.byKey.get(payment.uid, payment.idempotencyKey);
      if (same) return same.request_hash === payment.requestHash ? { kind: 'replay', payment: toPaymentRecord(same) } : { kind: 'key_reused' };
      const captured = this.payments.captured.get(payment.uid);
      if (captured) return { kind: 'paid', payment: toPaymentRecord(captured) };
      const open = this.payments.open.get(payment.uid);
      if (open) return { kind: 'in_progress', payment: toPaymentRecord(open) };
      // What the caller priced must still be the user's: the same saved plan row, the same live claim.
      const { savedPlanId, reservationId } = payment.order;
      const claim = this.payments.claimOf.get({ uid: payment.uid, reservationId });
      if (this.payments.savedPlanIdOf.get(payment.uid)?.id !== savedPlanId || !claim || (claim.held_until ?? 0) <= payment.createdAt) {
        return { kind: 'order_changed' };
      }
      // The early look (issue 23): a document with its SIMs sold takes no attempt (the capture counts again).
      const sold = this.simsSold(payment.document, payment.uid);
      if (sold >= simsPerDocument) return { kind: 'max_sims', sold };
      this.payments.insert.run(fromNewPayment(payment));
      // The number is kept for as long as the visitor may be at the provider (issue 23).
      this.payments.holdForPayment.run({ uid: payment.uid, reservationId, until: payment.holdUntil });
      this.payments.logForPayment.run({ reservationId, until: payment.holdUntil });
      const row = this.payments.byId.get(payment.uid, payment.id);
      if (!row) throw new Error('payment row missing right after insert');
      return { kind: 'created', payment: toPaymentRecord(row) };
    };
    try {
      return this.db.transaction(attempt).immediate();
    } catch (e) {
      // Another process inserted between our read and write: the unique indexes decided; read again.
      if (isUniqueViolation(e)) return this.db.transaction(attempt).immediate();
      throw e;
    }
  }

  async getPayment(uid: string, id: string): Promise<PaymentRecord | null> {
    const row = this.payments.byId.get(uid, id);
    return row ? toPaymentRecord(row) : null;
  }

  async getCapturedPayment(uid: string): Promise<PaymentRecord | null> {
    const row = this.payments.captured.get(uid);
    return row ? toPaymentRecord(row) : null;
  }

  async getOpenPayment(uid: string): Promise<PaymentRecord | null> {
    const row = this.payments.open.get(uid);
    return row ? toPaymentRecord(row) : null;
  }

  async updatePayment(uid: string, id: string, update: PaymentUpdate, now: number): Promise<PaymentRecord | null> {
    return this.db
      .transaction(() => {
        this.payments.update.run({
          uid,
          id,
          status: update.status,
          providerRef: update.providerRef ?? null,
          actionUrl: update.status === 'declined' ? null : update.actionUrl,
          brand: update.cardBrand ?? null,
          last4: update.cardLast4 ?? null,
          declineCode: update.status === 'declined' ? String(update.declineCode) : null,
          setRefund: update.status === 'declined' && update.refund ? 1 : 0,
          refundStatus: update.status === 'declined' && update.refund ? update.refund.status : null,
          refundRef: update.status === 'declined' && update.refund ? update.refund.ref : null,
          refundedAt: update.status === 'declined' && update.refund ? update.refund.at : null,
          now,
        });
        const row = this.payments.byId.get(uid, id);
        return row && row.status !== 'captured' ? toPaymentRecord(row) : null;
      })
      .immediate();
  }

  async capturePayment(uid: string, id: string, capture: PaymentCapture, now: number, simsPerDocument = MAX_SIMS_PER_DOCUMENT): Promise<CaptureResult | null> {
    return this.db
      .transaction((): CaptureResult | null => {
        const before = this.payments.byId.get(uid, id);
        if (!before) return null;
        if (before.status === 'captured') return { kind: 'captured', payment: toPaymentRecord(before), newly: false };
        // Issue 23: what is captured is what was recorded, and only while it is still the user's.
        const recorded = toPaymentRecord(before);
        if (!this.recordedOrderHolds(uid, recorded)) return { kind: 'order_changed', payment: recorded };
        // The count that decides (issue 23): in this transaction, so two captures for one document race to one winner.
        if (recorded.document) {
          const sold = this.simsSold(recorded.document, uid);
          if (sold >= simsPerDocument) return { kind: 'max_sims', payment: recorded, sold };
        }
        this.payments.capture.run({
          uid,
          id,
          providerRef: capture.providerRef,
          brand: capture.cardBrand,
          last4: capture.cardLast4,
          reference: capture.receiptReference,
          now,
        });
        this.payments.setPlanPaid.run(uid);
        if (recorded.order) this.payments.keepPaidClaim.run({ uid, reservationId: recorded.order.reservationId, until: now + PAID_HOLD_MS });
        else this.payments.keepPaidHold.run({ uid, msisdn: before.msisdn, until: now + PAID_HOLD_MS });
        const after = this.payments.byId.get(uid, id);
        if (!after) throw new Error('payment vanished inside its transaction');
        return { kind: 'captured', payment: toPaymentRecord(after), newly: true };
      })
      .immediate();
  }

  async countSimsSold(document: SoldDocument, exceptUid: string): Promise<number> {
    return this.simsSold(document, exceptUid);
  }

  private simsSold(document: SoldDocument, exceptUid: string): number {
    return this.payments.simsSold.get({ kind: document.kind, number: document.number, uid: exceptUid })?.n ?? 0;
  }

  async orderHolds(uid: string, id: string): Promise<boolean> {
    const row = this.payments.byId.get(uid, id);
    return row ? this.recordedOrderHolds(uid, toPaymentRecord(row)) : false;
  }

  async listPendingRefunds(limit: number): Promise<PaymentRecord[]> {
    return this.payments.pendingRefunds.all(limit).map(toPaymentRecord);
  }

  /**
   * Inside the caller's transaction (or a single read): the payment's recorded order is still the
   * user's. The claim may have lapsed: while nobody else claimed the number it is still in the
   * user's name (another claim, a cancel or the sweep clears the holder).
   */
  private recordedOrderHolds(uid: string, payment: PaymentRecord): boolean {
    const saved = this.payments.savedPlanIdOf.get(uid);
    if (!payment.order) return saved?.product_code === payment.productCode && this.payments.holdsNumber.get({ uid, msisdn: payment.msisdn }) !== undefined;
    return saved?.id === payment.order.savedPlanId && this.payments.claimOf.get({ uid, reservationId: payment.order.reservationId }) !== undefined;
  }

  /** Inside the caller's transaction: a payment of the user is under way (its order must not change). */
  private paymentOpen(uid: string): boolean {
    return this.payments.open.get(uid) !== undefined;
  }

  // --- delivery ---

  async listDeliveryZones(): Promise<DeliveryZoneRecord[]> {
    return this.orders.zones.all().map(toZoneRecord);
  }

  async listStoreLocations(): Promise<StoreLocationRecord[]> {
    return this.orders.stores.all().map(toStoreLocation);
  }

  async getStoreLocation(id: string): Promise<StoreLocationRecord | null> {
    const row = this.orders.store.get(id);
    return row ? toStoreLocation(row) : null;
  }

  async placeOrder(order: NewOrder, keepHold: boolean, simsPerDocument = MAX_SIMS_PER_DOCUMENT): Promise<{ created: boolean; order: OrderRecord }> {
    const attempt = (): { created: boolean; order: OrderRecord } => {
      const existing = this.orders.byUid.get(order.uid);
      if (existing) return { created: false, order: toOrderRecord(existing) };
      // A sale without a captured payment (cash on delivery, paid at the store) is counted here (issue 23).
      const document = order.identity ? this.payments.decisionDocument.get(order.identity.decisionId) : undefined;
      if (document && !this.payments.captured.get(order.uid)) {
        const sold = this.simsSold(document, order.uid);
        if (sold >= simsPerDocument) throw new SimLimitReachedError(sold);
      }
      this.orders.insert.run(fromNewOrder(order));
      if (keepHold) this.orders.keepHold.run({ uid: order.uid, msisdn: order.msisdn, until: order.createdAt + PAID_HOLD_MS });
      const row = this.orders.byUid.get(order.uid);
      if (!row) throw new Error('order row missing right after insert');
      return { created: true, order: toOrderRecord(row) };
    };
    try {
      return this.db.transaction(attempt).immediate();
    } catch (e) {
      // Another connection placed this user's order meanwhile: answer that one.
      if (isUniqueViolation(e)) return this.db.transaction(attempt).immediate();
      throw e;
    }
  }

  async getOrder(uid: string): Promise<OrderRecord | null> {
    const row = this.orders.byUid.get(uid);
    return row ? toOrderRecord(row) : null;
  }

  async updateOrder(uid: string, id: string, update: OrderUpdate, now: number): Promise<OrderRecord | null> {
    return this.db
      .transaction(() => {
        this.orders.update.run({
          uid,
          id,
          status: update.status ?? null,
          history: update.history ? JSON.stringify(update.history) : null,
          courierJobId: update.courierJobId ?? null,
          setEta: update.eta === undefined ? 0 : 1,
          eta: update.eta ?? null,
          profileId: update.esim?.profileId ?? null,
          smdp: update.esim?.smdpAddress ?? null,
          matchingId: update.esim?.matchingId ?? null,
          refreshedAt: update.refreshedAt ?? null,
          now,
        });
        const row = this.orders.byUid.get(uid);
        return row && row.id === id ? toOrderRecord(row) : null;
      })
      .immediate();
  }

  async withdrawOrder(uid: string, id: string): Promise<boolean> {
    return this.orders.withdraw.run(uid, id).changes > 0;
  }

  /** Inside the caller's transaction (or a single read): the live check, or null. */
  private readIdentityCheck(uid: string, now: number): IdentityCheckRecord | null {
    const row = this.identity.check.get(uid);
    if (!row || row.expires_at <= now) return null;
    return toIdentityCheck(row, this.identity.sides.all(uid));
  }

  /** Inside the caller's transaction: the check and its images are gone. */
  private dropIdentityCheck(uid: string): boolean {
    this.identity.deleteSides.run(uid);
    const dropped = this.identity.deleteCheck.run(uid).changes > 0;
    if (dropped) this.imagesDropped = true;
    return dropped;
  }

  /**
   * Identity images were deleted by the transaction that just committed: with secure_delete their
   * pages are zeroed, but the WAL still holds the frames that carried them until a checkpoint
   * overwrites it. A TRUNCATE checkpoint copies the WAL into the database and empties the file
   * (issue 23). A reader on another connection can keep it from finishing (busy): the next
   * deletion, or the sweep, tries again. Never inside a transaction.
   */
  private scrubDeletedImages(): void {
    if (!this.imagesDropped) return;
    this.imagesDropped = false;
    this.truncateWal();
  }

  /** Copies the WAL into the database and truncates it to nothing; false when a reader kept it busy. */
  truncateWal(): boolean {
    const [row] = this.db.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
    return row?.busy === 0;
  }

  // --- catalogue ---

  async listCatalogue(filter: ProductFilter, language: NameLanguage = 'en'): Promise<CatalogueProduct[]> {
    const nameOf = this.names.in(language);
    return this.catalogue.list(filter).map((p) => localizedProduct(p, nameOf));
  }

  async getCatalogueProduct(code: number, language: NameLanguage = 'en'): Promise<CatalogueProduct | null> {
    const product = this.catalogue.get(code);
    return product && localizedProduct(product, this.names.in(language));
  }

  async listOptInPromotions(): Promise<PromotionRule[]> {
    return this.catalogue.optInPromotions();
  }

  async findPromoCode(code: string): Promise<PromotionRule | null> {
    return this.catalogue.promotionOfCode(code);
  }

  async listBoosters(language: NameLanguage = 'en'): Promise<Booster[]> {
    const nameOf = this.names.in(language);
    return this.catalogue.allBoosters().map((b) => ({ ...b, Name: nameOf('booster', b.ID, b.Name) }));
  }

  async getCurrentProductCode(uid: string): Promise<number | null> {
    return this.users.currentProduct.get(uid)?.current_product_code ?? null;
  }

  async setCurrentProduct(uid: string, code: number, markSaved: boolean): Promise<void> {
    this.db
      .transaction(() => {
        if (this.paymentOpen(uid) && (this.users.currentProduct.get(uid)?.current_product_code ?? null) !== code) throw new PaymentOpenError();
        this.users.setCurrentProduct.run({ uid, code, saved: markSaved ? 1 : 0 });
      })
      .immediate();
  }

  // --- saved plan ---

  async getSavedPlan(uid: string): Promise<SavedPlanRecord | null> {
    const row = this.plans.byUser.get(uid);
    return row ? toSavedPlanRecord(row) : null;
  }

  async replaceSavedPlan(uid: string, plan: NewSavedPlan, now: number): Promise<SavedPlanRecord> {
    return this.db
      .transaction(() => {
        if (this.paymentOpen(uid)) throw new PaymentOpenError();
        this.plans.deleteOf.run(uid);
        const p = plan.price;
        this.plans.insert.run({
          uid,
          product: plan.productCode,
          planIds: JSON.stringify(plan.planIds),
          planNet: p.PlanNetPrice,
          extras: JSON.stringify(p.ExtraCharges),
          net: p.NetPrice,
          vat: p.VATPercentage,
          vatAmount: p.VATAmount,
          boosterIds: JSON.stringify(plan.boosterIds),
          promotionKeys: JSON.stringify(plan.promotionKeys),
          promoCode: plan.promoCode,
          discounts: JSON.stringify(p.Discounts),
          promotions: JSON.stringify(plan.appliedPromotions),
          now,
        });
        this.users.setCurrentProduct.run({ uid, code: plan.productCode, saved: 0 });
        const row = this.plans.byUser.get(uid);
        if (!row) throw new Error('saved plan missing right after insert');
        return toSavedPlanRecord(row);
      })
      .immediate();
  }

  // --- preferences ---

  async getPreferences(uid: string): Promise<PreferenceRecord[]> {
    return this.users.preferencesOf.all(uid).map((r) => ({ preferenceId: r.preference_id, value: r.value === 1 }));
  }

  async setPreference(uid: string, preferenceId: number, value: boolean): Promise<void> {
    this.users.setPreference.run({ uid, id: preferenceId, value: value ? 1 : 0 });
  }

  // --- feedback ---

  async addFeedback(f: NewFeedback): Promise<FeedbackRecord> {
    const info = this.db
      .prepare(
        `INSERT INTO feedback (uid, device_id, text, route, step, language, created_at)
         VALUES (@uid, @deviceId, @text, @route, @step, @language, @createdAt)`,
      )
      .run(f);
    return { ...f, id: Number(info.lastInsertRowid) };
  }

  async listFeedback(uid: string, limit: number): Promise<FeedbackRecord[]> {
    return this.db
      .prepare<[string, number], FeedbackRecord>(
        `SELECT id, uid, device_id AS deviceId, text, route, step, language, created_at AS createdAt
         FROM feedback WHERE uid = ? ORDER BY id DESC LIMIT ?`,
      )
      .all(uid, limit);
  }

  // --- content and configuration ---

  async getBusinessConfig(): Promise<BusinessConfig> {
    const rows = this.db.prepare<[], { key: string; value: string }>('SELECT key, value FROM business_config').all();
    // The table is an edge too: an operator may edit it by hand, so it is parsed, not trusted.
    return BusinessConfig.parse(Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown])));
  }

  async getTranslations(containerId: string, language: string): Promise<Record<string, string>> {
    const rows = this.db
      .prepare<[string, string], { key: string; value: string }>(
        'SELECT key, value FROM translations WHERE container_id = ? AND language = ? ORDER BY key',
      )
      .all(containerId, language);
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  }

  // --- numbers ---

  async getActiveHold(uid: string, now: number): Promise<HoldRecord | null> {
    const row = this.numbers.activeHoldOf.get(uid, now);
    return row ? toHold(row) : null;
  }

  async reserveNumber(
    uid: string,
    msisdn: string,
    now: number,
    heldUntil: number,
    policy: HoldPolicy,
    claimant: Claimant = { deviceId: uid, address: 'unknown' },
  ): Promise<ReserveResult> {
    try {
      return this.db
        .transaction((): ReserveResult => {
          const current = this.numbers.get.get(msisdn);
          if (!current) return { kind: 'unknown' };
          // The holder asking again for its live hold: an extension, not a new claim.
          if (current.holder === uid && (current.held_until ?? 0) > now) {
            return this.extendHold(uid, msisdn, now, heldUntil, policy.maxExtensions);
          }
          // A new claim lets the held number go: not under an open payment (issue 23).
          if (this.paymentOpen(uid)) return { kind: 'payment_open' };
          const vip = isVipLevel(current.vanity_level) ? 1 : 0;
          if (policy.limits) {
            const refused = this.hoardingCheck(policy.limits, { uid, msisdn, now, vip, ...claimant });
            if (refused) return refused;
          }
          // One hold per user: the previous one goes first (the partial unique index insists).
          this.releaseHoldsOf(uid, now);
          const id = this.claimOrThrow({ uid, now, until: heldUntil, msisdn, transfer: null, operator: null });
          this.holdLog.insert.run({ reservationId: id, msisdn, uid, ...claimant, vip, grantedAt: now, endsAt: heldUntil });
          return { kind: 'reserved', hold: this.holdRow(msisdn) };
        })
        .immediate();
    } catch (e) {
      // Throwing rolls the release back too, so a lost race leaves the old hold in place.
      if (e instanceof NumberTaken) return { kind: 'taken' };
      throw e;
    }
  }

  /** The anti-hoarding limits (domain/holds.ts), read from the hold ledger inside the claim's transaction. */
  private hoardingCheck(
    limits: HoldLimits,
    c: { uid: string; deviceId: string; address: string; msisdn: string; now: number; vip: number },
  ): ReserveResult | null {
    const who = { msisdn: c.msisdn, uid: c.uid, deviceId: c.deviceId };
    const lastEnd = this.holdLog.lastEnd.get({ ...who, since: c.now - limits.coolOffMs })?.ends_at ?? null;
    if (lastEnd !== null) return { kind: 'cooling_off', until: lastEnd + limits.coolOffMs };
    const since = c.now - limits.windowMs;
    if ((this.holdLog.heldFor.get({ ...who, since, now: c.now })?.ms ?? 0) >= limits.maxHeldPerNumberMs) {
      return { kind: 'hold_limit', limit: 'per_number' };
    }
    const claims = c.vip ? limits.claimsPerWindow.vip : limits.claimsPerWindow.basic;
    if ((this.holdLog.claimsSince.get({ uid: c.uid, deviceId: c.deviceId, vip: c.vip, since })?.n ?? 0) >= claims) {
      return { kind: 'hold_limit', limit: 'claims' };
    }
    const live = c.vip ? limits.liveHoldsPerAddress.vip : limits.liveHoldsPerAddress.basic;
    if ((this.holdLog.liveFromAddress.get({ address: c.address, vip: c.vip, now: c.now })?.n ?? 0) >= live) {
      return { kind: 'hold_limit', limit: 'address' };
    }
    return null;
  }

  /** Releases the user's hold (at most one) and ends its ledger entry now. */
  private releaseHoldsOf(uid: string, now: number): void {
    const previous = this.numbers.holdOf.get(uid);
    if (previous?.reservation_id) this.holdLog.end.run({ reservationId: previous.reservation_id, now });
    this.numbers.releaseAllOf.run(uid);
  }

  async cancelHold(uid: string, number: string, now: number, defaultProductCode: number): Promise<CancelResult> {
    return this.db
      .transaction((): CancelResult => {
        // A pool number (a plain hold, or a transfer's temporary number), or a transfer's external number.
        const row = this.numbers.get.get(number) ?? this.numbers.byTransfer.get(number);
        if (!row || row.holder !== uid) return 'not_held';
        if (this.paymentOpen(uid)) return 'payment_open';
        if (row.reservation_id) this.holdLog.end.run({ reservationId: row.reservation_id, now });
        this.numbers.releaseOne.run(row.msisdn, uid);
        if ((row.held_until ?? 0) <= now) return 'expired';
        // SPEC 4: cancelling resets the product to the 1-month default; 1-month products stay.
        this.users.resetLongProduct.run({ uid, code: defaultProductCode, months: DEFAULT_COMMITMENT_MONTHS });
        return 'cancelled';
      })
      .immediate();
  }

  async commitHold(uid: string, now: number): Promise<CommitResult> {
    return this.db
      .transaction((): CommitResult => {
        const row = this.numbers.holdOf.get(uid);
        if (!row) return { kind: 'none' };
        if ((row.held_until ?? 0) <= now) return { kind: 'expired' };
        this.numbers.commit.run(uid, now);
        return { kind: 'committed', hold: this.holdRow(row.msisdn) };
      })
      .immediate();
  }

  async pickFreeNumbers(count: number, vanityLevels: readonly number[], now: number, random: () => number): Promise<NumberRecord[]> {
    return this.pickFree(count, vanityLevels, now, random);
  }

  async searchFreeNumbers(search: NumberSearch, now: number): Promise<NumberRecord[]> {
    return this.searcher.search(search, now);
  }

  // --- transfer (MNP) ---

  async listOperators(language: NameLanguage = 'en'): Promise<Operator[]> {
    const nameOf = this.names.in(language);
    return this.transfers.operators.all().map((o) => ({ ...o, name: nameOf('operator', o.code, o.name) }));
  }

  async getExternalSubscriber(msisdn: string): Promise<ExternalSubscriberRecord | null> {
    const row = this.transfers.subscriber.get(msisdn);
    return row ? { msisdn: row.msisdn, operatorCode: row.operator_code, status: row.status } : null;
  }

  async getTransferHolder(externalMsisdn: string, now: number): Promise<string | null> {
    const row = this.numbers.byTransfer.get(externalMsisdn);
    return row && (row.held_until ?? 0) > now ? row.holder : null;
  }

  async reserveTransfer(
    uid: string,
    transfer: TransferRecord,
    now: number,
    heldUntil: number,
    policy: HoldPolicy,
    random: () => number,
  ): Promise<TransferReserveResult> {
    try {
      return this.db
        .transaction((): TransferReserveResult => {
          // A lapsed claim on this external number, whoever made it, no longer counts.
          this.numbers.releaseExpiredTransfer.run(transfer.externalMsisdn, now);
          const live = this.numbers.byTransfer.get(transfer.externalMsisdn);
          if (live && live.holder !== uid) return { kind: 'in_transfer' };
          if (live) return this.extendHold(uid, live.msisdn, now, heldUntil, policy.maxExtensions);
          if (this.paymentOpen(uid)) return { kind: 'payment_open' };
          this.releaseHoldsOf(uid, now);
          // Inside this transaction nobody else writes, so a free number stays free until claimed.
          const [temporary] = this.pickFree(1, policy.temporaryVanityLevels, now, random);
          if (!temporary) throw new NoTemporaryNumber();
          this.claimOrThrow({
            uid,
            now,
            until: heldUntil,
            msisdn: temporary.msisdn,
            transfer: transfer.externalMsisdn,
            operator: transfer.operatorCode,
          });
          return { kind: 'reserved', hold: this.holdRow(temporary.msisdn) };
        })
        .immediate();
    } catch (e) {
      // (NumberTaken cannot happen here: the pick and the claim share one write transaction.)
      if (e instanceof NoTemporaryNumber || e instanceof NumberTaken) return { kind: 'no_temporary_number' };
      // Another process claimed the same external number first: the unique index decided.
      if (isUniqueViolation(e) && this.numbers.byTransfer.get(transfer.externalMsisdn)?.holder !== uid) {
        return { kind: 'in_transfer' };
      }
      throw e;
    }
  }

  // --- shared steps; each runs inside the caller's transaction ---

  private holdRow(msisdn: string): HoldRecord {
    const row = this.numbers.get.get(msisdn);
    if (!row || row.holder === null) throw new Error('hold row vanished inside its transaction');
    return toHold(row);
  }

  /** A new claim with a new reservation id; throws NumberTaken (rolling back) if the number is not free. */
  private claimOrThrow(claim: { uid: string; now: number; until: number; msisdn: string; transfer: string | null; operator: string | null }): number {
    const id = this.numbers.nextReservationId.get()?.value;
    if (id === undefined) throw new Error('reservation id counter missing');
    if (this.numbers.claim.run({ ...claim, id }).changes !== 1) throw new NumberTaken();
    return id;
  }

  private extendHold(
    uid: string,
    msisdn: string,
    now: number,
    heldUntil: number,
    maxExtensions: number,
  ): { kind: 'extended'; hold: HoldRecord } | { kind: 'extension_limit' } {
    const extended = this.numbers.extend.run({ uid, msisdn, now, until: heldUntil, max: maxExtensions });
    if (extended.changes !== 1) return { kind: 'extension_limit' };
    const hold = this.holdRow(msisdn);
    this.holdLog.extend.run({ reservationId: hold.reservationId, endsAt: hold.heldUntil });
    return { kind: 'extended', hold };
  }

  private pickFree(count: number, vanityLevels: readonly number[], now: number, random: () => number): NumberRecord[] {
    const max = this.numbers.maxRowid.get()?.max ?? null;
    if (max === null) return [];
    const levels = JSON.stringify(vanityLevels);
    const found = new Map<string, NumberRecord>();
    // Neighbouring starts can land on the same free row; a few extra tries cover that.
    for (let attempt = 0; attempt < count * 4 && found.size < count; attempt++) {
      const start = 1 + Math.floor(random() * max);
      const row = this.numbers.nextFree.get({ start, levels, now }) ?? this.numbers.nextFree.get({ start: 1, levels, now });
      if (!row) break;
      found.set(row.msisdn, { msisdn: row.msisdn, vanityLevel: row.vanity_level });
    }
    return [...found.values()];
  }

  async releaseExpiredHolds(before: number): Promise<number> {
    // The ledger keeps what the limits look back over (HOLD_LIMITS.windowMs), no more.
    this.holdLog.prune.run(before - HOLD_LIMITS.windowMs);
    return this.numbers.sweep.run(before).changes;
  }

  // --- retention (issue 23) ---

  async applyRetention(cutoffs: RetentionCutoffs): Promise<RetentionReport> {
    const report = this.db
      .transaction(
        (): RetentionReport => ({
          sales: this.retention.deleteSales.run({ before: cutoffs.saleBefore }).changes,
          unsoldVisitors: this.retention.deleteUnsoldVisitors.run({ before: cutoffs.unsoldVisitorBefore }).changes,
          uncapturedPayments: this.retention.deleteUncapturedPayments.run({ before: cutoffs.uncapturedPaymentBefore }).changes,
          feedback: this.retention.deleteFeedback.run({ before: cutoffs.feedbackBefore }).changes,
        }),
      )
      .immediate();
    // Identity decisions, addresses, phones: zeroed in the database (secure_delete), and the WAL
    // that still carries them emptied.
    if (report.sales + report.unsoldVisitors + report.uncapturedPayments + report.feedback > 0) this.truncateWal();
    return report;
  }

  async close(): Promise<void> {
    if (this.ownsDatabase && this.db.open) this.db.close();
  }
}
