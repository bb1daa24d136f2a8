import { isPgUniqueViolation, type PgDatabase } from '../../../platform/db/postgres/pg-database';
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
import { toPaymentCaptureRow, toPaymentRecord, toPaymentUpdateRow } from '../payment-rows';
import { pgPaymentStatements } from './pg-payment-statements';

/** The advisory lock of the sales of one document (the SIM limit counts them). */
const documentLock = (document: SoldDocument): string => `document:${document.kind}:${document.number}`;

/**
 * The PostgreSQL implementation of PaymentRepository, with the SQLite one's behaviour. A payment's
 * start and its capture write the other modules' rows they change in their own transaction (the
 * hold kept for the provider's window or for good, the paid flag), so a payment and what it
 * bought never disagree.
 *
 * SQLite ran one writer at a time; here, on several connections (several API instances):
 * - a start and a capture run under the user's lock (`lockUser`), as do the other modules' steps
 *   that change what a payment buys (they ask `paymentOpen`, which takes the same lock): two tabs
 *   paying start one attempt, the other hears in_progress, and a plan or number change either
 *   lands before the start (which then sees order_changed) or after it (refused, payment_open);
 * - the schema keeps the rest even against code that forgets: one row per (uid, key), one open
 *   attempt and one capture per user (partial unique indexes), what a payment buys and its
 *   document fixed, a captured payment final (triggers);
 * - the claim a start or a capture decides on is locked (FOR UPDATE), so another visitor cannot
 *   take a lapsed number between the check and the write;
 * - the SIMs sold to one document are counted under the document's lock (`simsSold` takes it
 *   inside a transaction, the fulfilment's order too), so two captures for one document cannot
 *   both pass the limit; a referrer's credits are summed under the referral code's lock.
 */
export class PgPaymentRepository implements PaymentRepository {
  private readonly payments: ReturnType<typeof pgPaymentStatements>;

  constructor(private readonly db: PgDatabase) {
    this.payments = pgPaymentStatements(db);
  }

  async startPayment(payment: NewPayment, simsPerDocument = MAX_SIMS_PER_DOCUMENT): Promise<StartPaymentResult> {
    // Under the user's lock: every read below sees the user's other starts, captures and order
    // changes committed; the claim row is locked until the hold is extended.
    const attempt = () =>
      this.db.transaction(async (): Promise<StartPaymentResult> => {
        await this.db.lockUser(payment.uid);
        const same = await this.payments.byKey(payment.uid, payment.idempotencyKey);
        if (same) return same.request_hash === payment.requestHash ? { kind: 'replay', payment: toPaymentRecord(same) } : { kind: 'key_reused' };
        const captured = await this.payments.captured(payment.uid);
        if (captured) return { kind: 'paid', payment: toPaymentRecord(captured) };
        const open = await this.payments.open(payment.uid);
        if (open) return { kind: 'in_progress', payment: toPaymentRecord(open) };
        // What the caller priced must still be the user's: the same saved plan row, the same live claim.
        const { savedPlanId, reservationId } = payment.order;
        const saved = await this.payments.savedPlanOf(payment.uid, true);
        const claim = await this.payments.claimOf(payment.uid, reservationId, true);
        if (saved?.id !== savedPlanId || !claim || (claim.held_until ?? 0) <= payment.createdAt) return { kind: 'order_changed' };
        // The early look: a document with its SIMs sold takes no attempt (the capture counts again).
        const sold = await this.simsSold(payment.document, payment.uid);
        if (sold >= simsPerDocument) return { kind: 'max_sims', sold };
        await this.payments.insert(payment);
        // The number is kept for as long as the visitor may be at the provider.
        await this.payments.holdForPayment(payment.uid, reservationId, payment.holdUntil);
        await this.payments.logForPayment(reservationId, payment.holdUntil);
        const row = await this.payments.byId(payment.uid, payment.id);
        if (!row) throw new Error('payment row missing right after insert');
        return { kind: 'created', payment: toPaymentRecord(row) };
      });
    try {
      return await attempt();
    } catch (e) {
      // A writer that does not take the user's lock inserted between our read and write: the
      // unique indexes decided; read again (the failed transaction was rolled back whole).
      if (isPgUniqueViolation(e)) return attempt();
      throw e;
    }
  }

  async getPayment(uid: string, id: string): Promise<PaymentRecord | null> {
    const row = await this.payments.byId(uid, id);
    return row ? toPaymentRecord(row) : null;
  }

  async getCapturedPayment(uid: string): Promise<PaymentRecord | null> {
    const row = await this.payments.captured(uid);
    return row ? toPaymentRecord(row) : null;
  }

  async getOpenPayment(uid: string): Promise<PaymentRecord | null> {
    const row = await this.payments.open(uid);
    return row ? toPaymentRecord(row) : null;
  }

  async updatePayment(uid: string, id: string, update: PaymentUpdate, now: number): Promise<PaymentRecord | null> {
    // One conditional UPDATE ... RETURNING: a capture committed meanwhile (or holding the row)
    // is waited for and then seen, and the captured row is left alone (null).
    const row = await this.payments.update(toPaymentUpdateRow(uid, id, update, now));
    return row ? toPaymentRecord(row) : null;
  }

  async capturePayment(uid: string, id: string, capture: PaymentCapture, now: number, simsPerDocument = MAX_SIMS_PER_DOCUMENT): Promise<CaptureResult | null> {
    // Under the user's lock, the payment row locked (FOR UPDATE): two answers of the provider
    // at once capture once (the second finds it captured: newly false), and a decline arriving
    // meanwhile waits and then finds it captured. The recorded order's rows are locked while
    // checked (orderHolds), the document's sales counted under its lock (simsSold).
    return this.db.transaction(async (): Promise<CaptureResult | null> => {
      await this.db.lockUser(uid);
      const before = await this.payments.byIdForUpdate(uid, id);
      if (!before) return null;
      if (before.status === 'captured') return { kind: 'captured', payment: toPaymentRecord(before), newly: false };
      // What is captured is what was recorded, and only while it is still the user's.
      const recorded = toPaymentRecord(before);
      if (!(await this.recordedOrderHolds(uid, recorded, true))) return { kind: 'order_changed', payment: recorded };
      // The count that decides: in this transaction, under the document's lock, so two captures
      // for one document race to one winner.
      if (recorded.document) {
        const sold = await this.simsSold(recorded.document, uid);
        if (sold >= simsPerDocument) return { kind: 'max_sims', payment: recorded, sold };
      }
      const after = await this.payments.capture(toPaymentCaptureRow(uid, id, capture, now));
      if (!after) throw new Error('payment vanished inside its transaction');
      await this.payments.setPlanPaid(uid);
      // A friend's order paid with a referral code credits its referrer, with the capture (once);
      // the referrer's credits are summed and added under the code's lock.
      const promoCode = recorded.order?.promoCode;
      if (promoCode) {
        await this.db.lockKey(`referral:${promoCode}`);
        await this.payments.creditReferral({ uid, paymentId: id, code: promoCode, promotionKey: REFERRAL_PROMOTION_KEY, now });
      }
      if (recorded.order) await this.payments.keepPaidClaim(uid, recorded.order.reservationId, now + PAID_HOLD_MS);
      else await this.payments.keepPaidHold(uid, before.msisdn, now + PAID_HOLD_MS);
      return { kind: 'captured', payment: toPaymentRecord(after), newly: true };
    });
  }

  async countSimsSold(document: SoldDocument, exceptUid: string): Promise<number> {
    return this.simsSold(document, exceptUid);
  }

  async orderHolds(uid: string, id: string): Promise<boolean> {
    const row = await this.payments.byId(uid, id);
    return row ? this.recordedOrderHolds(uid, toPaymentRecord(row), false) : false;
  }

  async listPendingRefunds(limit: number): Promise<PaymentRecord[]> {
    return (await this.payments.pendingRefunds(limit)).map(toPaymentRecord);
  }

  async pruneUncapturedPayments(before: number): Promise<number> {
    // A condition re-checked on each row: an attempt captured meanwhile is not deleted.
    return this.payments.deleteUncaptured(before);
  }

  // --- steps the other modules' PostgreSQL repositories take inside their own transactions ---

  /**
   * A payment of the user is under way: its order (plan, number) must not change. Inside a
   * transaction it takes the user's lock first (re-entrant), so the caller's change and a
   * payment's start cannot interleave: the answer stands until the caller's transaction ends.
   */
  async paymentOpen(uid: string): Promise<boolean> {
    if (this.db.inTransaction) await this.db.lockUser(uid);
    return (await this.payments.open(uid)) !== undefined;
  }

  /** The user has a captured payment; inside a transaction, under the user's lock (a capture under way finishes first). */
  async hasCapture(uid: string): Promise<boolean> {
    if (this.db.inTransaction) await this.db.lockUser(uid);
    return (await this.payments.captured(uid)) !== undefined;
  }

  /** The document of an identity decision (an order's), to count its sales. */
  async decisionDocument(decisionId: number): Promise<SoldDocument | undefined> {
    return this.payments.decisionDocument(decisionId);
  }

  /**
   * SIMs sold to the document, to users other than `exceptUid`. Inside a transaction it first
   * takes the document's lock, held to the transaction's end: a capture and a cash-on-delivery
   * order of the same document, each counting then writing, run one after the other.
   */
  async simsSold(document: SoldDocument, exceptUid: string): Promise<number> {
    if (this.db.inTransaction) await this.db.lockKey(documentLock(document));
    return this.payments.simsSold(document.kind, document.number, exceptUid);
  }

  /**
   * The payment's recorded order is still the user's. The claim may have lapsed: while nobody
   * else claimed the number it is still in the user's name (another claim, a cancel or the sweep
   * clears the holder). `lock` (inside the capture's transaction): the saved plan row and the
   * number's row stay as read until it ends.
   */
  private async recordedOrderHolds(uid: string, payment: PaymentRecord, lock: boolean): Promise<boolean> {
    const saved = await this.payments.savedPlanOf(uid, lock);
    if (!payment.order) return saved?.product_code === payment.productCode && (await this.payments.holdsNumber(uid, payment.msisdn, lock)) !== undefined;
    return saved?.id === payment.order.savedPlanId && (await this.payments.claimOf(uid, payment.order.reservationId, lock)) !== undefined;
  }
}
