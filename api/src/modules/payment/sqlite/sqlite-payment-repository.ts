import type { Database } from 'better-sqlite3';
import { immediate, isUniqueViolation } from '../../../platform/db/transaction';
import { MAX_SIMS_PER_DOCUMENT, type SoldDocument } from '../../identity';
import { PAID_HOLD_MS } from '../../numbers';
import { REFERRAL_PROMOTION_KEY } from '../../catalogue';
import type {
  CaptureResult,
  NewPayment,
  PaymentCapture,
  PaymentRecord,
  PaymentRepository,
  PaymentUpdate,
  StartPaymentResult,
} from '../repository';
import { fromNewPayment, toPaymentCaptureRow, toPaymentRecord, toPaymentUpdateRow } from '../payment-rows';
import { paymentStatements } from './payment-statements';

/**
 * The embedded SQLite implementation of PaymentRepository. A payment's start and its capture
 * write the other modules' rows they change in their own transaction (the hold kept for the
 * provider's window or for good, the paid flag), so a payment and what it bought never disagree.
 */
export class SqlitePaymentRepository implements PaymentRepository {
  private readonly payments: ReturnType<typeof paymentStatements>;

  constructor(private readonly db: Database) {
    this.payments = paymentStatements(db);
  }

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
      // The early look: a document with its SIMs sold takes no attempt (the capture counts again).
      const sold = this.simsSold(payment.document, payment.uid);
      if (sold >= simsPerDocument) return { kind: 'max_sims', sold };
      this.payments.insert.run(fromNewPayment(payment));
      // The number is kept for as long as the visitor may be at the provider.
      this.payments.holdForPayment.run({ uid: payment.uid, reservationId, until: payment.holdUntil });
      this.payments.logForPayment.run({ reservationId, until: payment.holdUntil });
      const row = this.payments.byId.get(payment.uid, payment.id);
      if (!row) throw new Error('payment row missing right after insert');
      return { kind: 'created', payment: toPaymentRecord(row) };
    };
    try {
      return immediate(this.db, attempt);
    } catch (e) {
      // Another process inserted between our read and write: the unique indexes decided; read again.
      if (isUniqueViolation(e)) return immediate(this.db, attempt);
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
    return immediate(this.db, () => {
      this.payments.update.run(toPaymentUpdateRow(uid, id, update, now));
      const row = this.payments.byId.get(uid, id);
      return row && row.status !== 'captured' ? toPaymentRecord(row) : null;
    });
  }

  async capturePayment(uid: string, id: string, capture: PaymentCapture, now: number, simsPerDocument = MAX_SIMS_PER_DOCUMENT): Promise<CaptureResult | null> {
    return immediate(this.db, (): CaptureResult | null => {
      const before = this.payments.byId.get(uid, id);
      if (!before) return null;
      if (before.status === 'captured') return { kind: 'captured', payment: toPaymentRecord(before), newly: false };
      // What is captured is what was recorded, and only while it is still the user's.
      const recorded = toPaymentRecord(before);
      if (!this.recordedOrderHolds(uid, recorded)) return { kind: 'order_changed', payment: recorded };
      // The count that decides: in this transaction, so two captures for one document race to one winner.
      if (recorded.document) {
        const sold = this.simsSold(recorded.document, uid);
        if (sold >= simsPerDocument) return { kind: 'max_sims', payment: recorded, sold };
      }
      this.payments.capture.run(toPaymentCaptureRow(uid, id, capture, now));
      this.payments.setPlanPaid.run(uid);
      // A friend's order paid with a referral code credits its referrer, with the capture (once).
      if (recorded.order?.promoCode) this.payments.creditReferral.run({ uid, paymentId: id, code: recorded.order.promoCode, promotionKey: REFERRAL_PROMOTION_KEY, now });
      if (recorded.order) this.payments.keepPaidClaim.run({ uid, reservationId: recorded.order.reservationId, until: now + PAID_HOLD_MS });
      else this.payments.keepPaidHold.run({ uid, msisdn: before.msisdn, until: now + PAID_HOLD_MS });
      const after = this.payments.byId.get(uid, id);
      if (!after) throw new Error('payment vanished inside its transaction');
      return { kind: 'captured', payment: toPaymentRecord(after), newly: true };
    });
  }

  async countSimsSold(document: SoldDocument, exceptUid: string): Promise<number> {
    return this.simsSold(document, exceptUid);
  }

  async orderHolds(uid: string, id: string): Promise<boolean> {
    const row = this.payments.byId.get(uid, id);
    return row ? this.recordedOrderHolds(uid, toPaymentRecord(row)) : false;
  }

  async listPendingRefunds(limit: number): Promise<PaymentRecord[]> {
    return this.payments.pendingRefunds.all(limit).map(toPaymentRecord);
  }

  async pruneUncapturedPayments(before: number): Promise<number> {
    return this.payments.deleteUncaptured.run({ before }).changes;
  }

  // --- steps the other modules' SQLite repositories take inside their own transactions ---

  /** A payment of the user is under way: its order (plan, number) must not change. */
  paymentOpen(uid: string): boolean {
    return this.payments.open.get(uid) !== undefined;
  }

  /** The user has a captured payment. */
  hasCapture(uid: string): boolean {
    return this.payments.captured.get(uid) !== undefined;
  }

  /** The document of an identity decision (an order's), to count its sales. */
  decisionDocument(decisionId: number): SoldDocument | undefined {
    return this.payments.decisionDocument.get(decisionId);
  }

  /** SIMs sold to the document, to users other than `exceptUid`. */
  simsSold(document: SoldDocument, exceptUid: string): number {
    return this.payments.simsSold.get({ kind: document.kind, number: document.number, uid: exceptUid })?.n ?? 0;
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
}
