import type { CardBrand, Instalment, PackagePrice } from '@join/shared/contract';
import type { SoldDocument } from '../identity';

export type PaymentStatus = 'pending' | 'requires_action' | 'captured' | 'declined';

/**
 * Thrown by a write that would change what an open payment is buying (the saved plan, the current
 * product): the order lock's 409 payment_open. The routes check first, with the provider asked
 * about the open payment; the repository checks again inside the write's transaction, so two requests
 * racing cannot slip a change under a payment that starts meanwhile.
 */
export { PaymentOpenError } from '../../platform/order-lock';

/**
 * What a payment buys, recorded when it starts: the saved plan row and the hold's claim
 * it was priced from, the choice and the price. Capture requires both still to be the user's
 * (the same saved plan row, the same claim of the number); receipt, orders and e-mails read this
 * record, never the live saved plan or hold.
 */
export interface RecordedOrder {
  savedPlanId: number;
  reservationId: number;
  planIds: number[];
  boosterIds: number[];
  promotionKeys: string[];
  promoCode: string | null;
  price: PackagePrice;
}

/**
 * Money given back for an attempt that did not become a purchase: refunded (a card charge, or a
 * BNPL capture), voided (a BNPL approval withdrawn, or a 3-D Secure check abandoned: nothing was
 * taken), pending (it could not be given back yet: retried on the next confirm and by the sweep).
 */
export interface PaymentRefund {
  status: 'pending' | 'refunded' | 'voided';
  ref: string | null;
  at: number | null;
}

/** One attempt to pay, as it starts: the amounts the server computed (fils), what is bought, for whom. */
export interface NewPayment {
  /** pay_…: our reference at the provider. */
  id: string;
  uid: string;
  method: 'card' | 'bnpl' | 'counter';
  /** A counter payment: the shop terminal it is sent to (fixed when it starts); null otherwise. */
  terminalId?: string | null;
  /** The client's Idempotency-Key: one row per (uid, key). */
  idempotencyKey: string;
  /** What the attempt asked (a hash): the same key with another request is refused. */
  requestHash: string;
  amountFils: number;
  vatFils: number;
  vatPercentage: number;
  recurring: boolean;
  productCode: number;
  productName: string;
  msisdn: string;
  email: string;
  /** BNPL: the plan of instalments offered; null for a card. */
  instalments: Instalment[] | null;
  /** What is being bought. */
  order: RecordedOrder;
  /** The verified document it is sold to: a user's verified decision names it; counted per document. */
  document: SoldDocument;
  /** The number's hold lasts at least until then from the start (the provider's window and a grace). */
  holdUntil: number;
  createdAt: number;
}

export interface PaymentRecord extends Omit<NewPayment, 'order' | 'holdUntil' | 'document' | 'terminalId'> {
  terminalId: string | null;
  /** null only for an attempt started before migration 18. */
  document: SoldDocument | null;
  /** null only for an attempt started before migration 16, which recorded no more than product and number. */
  order: RecordedOrder | null;
  refund: PaymentRefund | null;
  status: PaymentStatus;
  /** The provider's charge or checkout id, once it answered. */
  providerRef: string | null;
  /** 3-D Secure page or BNPL checkout page while requires_action. */
  actionUrl: string | null;
  cardBrand: CardBrand | null;
  cardLast4: string | null;
  /** A declined attempt's code: SPEC 8's number, or a client key (non_eligible_card, spotii_error, …). */
  declineCode: number | string | null;
  /** The human reference of a captured payment (JN-XXXX-XXXX). */
  receiptReference: string | null;
  capturedAt: number | null;
  updatedAt: number;
}

/**
 * created: a new row (status pending); replay: this key's row, whatever its state; in_progress:
 * another attempt of this user is pending or awaiting the provider; paid: the user has a
 * captured payment; conflict: the key was used for another request; order_changed: the saved plan or
 * the hold is no longer the one the caller priced (it changed between the pricing and this write).
 */
export type StartPaymentResult =
  | { kind: 'created' | 'replay'; payment: PaymentRecord }
  | { kind: 'order_changed' }
  | { kind: 'in_progress'; payment: PaymentRecord }
  | { kind: 'paid'; payment: PaymentRecord }
  | { kind: 'key_reused' }
  | { kind: 'max_sims'; sold: number };

/** A move of a payment that is not a capture (a capture is capturePayment). */
export type PaymentUpdate =
  | { status: 'pending' | 'requires_action'; providerRef: string | null; actionUrl: string | null; cardBrand?: CardBrand | null; cardLast4?: string | null }
  | {
      status: 'declined';
      declineCode: number | string;
      providerRef?: string | null;
      cardBrand?: CardBrand | null;
      cardLast4?: string | null;
      /** Money given back for it; absent keeps what is recorded. */
      refund?: PaymentRefund;
    };

/** captured: as before; order_changed: the order is no longer what the payment recorded: nothing was captured. */
export type CaptureResult =
  | { kind: 'captured'; payment: PaymentRecord; newly: boolean }
  | { kind: 'order_changed'; payment: PaymentRecord }
  /** The document already has `simsPerDocument` SIMs sold: nothing written. */
  | { kind: 'max_sims'; payment: PaymentRecord; sold: number };

export interface PaymentCapture {
  providerRef: string;
  cardBrand: CardBrand | null;
  cardLast4: string | null;
  receiptReference: string;
}

/** Payments: per user; nobody reads another's payment. */
export interface PaymentRepository {
  /**
   * In one transaction: the row of (uid, key) if there is one (replay, or key_reused when its
   * request hash differs), else paid when the user has a captured payment, in_progress when
   * another attempt is pending or requires_action, order_changed when the saved plan row or the
   * hold's claim is no longer the one `payment.order` names (or the hold has ended), else a new
   * pending row, and the hold kept at least until `payment.holdUntil` (the provider's
   * window). A partial unique index keeps one open attempt per user even when two processes race.
   * max_sims (before any row is written) when `payment.document` already has `simsPerDocument`
   * SIMs sold to other users (countSimsSold; MAX_SIMS_PER_DOCUMENT by default): the early look,
   * the capture counts again.
   */
  startPayment(payment: NewPayment, simsPerDocument?: number): Promise<StartPaymentResult>;
  /** The user's payment of that id; null for an unknown id or another user's. */
  getPayment(uid: string, id: string): Promise<PaymentRecord | null>;
  /** The user's captured payment, if any. */
  getCapturedPayment(uid: string): Promise<PaymentRecord | null>;
  /** The user's attempt under way (pending or requires_action), if any. */
  getOpenPayment(uid: string): Promise<PaymentRecord | null>;
  /** Moves a payment that is not captured; null when there is no such payment or it is captured. */
  updatePayment(uid: string, id: string, update: PaymentUpdate, now: number): Promise<PaymentRecord | null>;
  /**
   * The capture, in one transaction: the payment captured with its receipt reference, the
   * user's plan_paid set, and the user's hold of the bought number kept for good. Idempotent:
   * capturing a captured payment changes nothing (newly false). null: no such payment.
   * Only while the recorded order still holds (orderHolds): else nothing is written and the
   * answer is order_changed. Only while the payment's document has fewer than
   * `simsPerDocument` SIMs sold to other users, counted in the same transaction: else nothing is
   * written and the answer is max_sims.
   */
  capturePayment(uid: string, id: string, capture: PaymentCapture, now: number, simsPerDocument?: number): Promise<CaptureResult | null>;
  /**
   * SIMs sold to this document: the users other than `exceptUid` with a captured
   * payment made to it, or an order bound to a verified decision of it (a cash-on-delivery sale).
   */
  countSimsSold(document: SoldDocument, exceptUid: string): Promise<number>;
  /**
   * Whether the payment's recorded order is still the user's: the same saved plan row,
   * and the same claim of the number still in the user's name (live, or lapsed with nobody else
   * holding it: the capture takes it back). A payment without a record: its number held by the
   * user and a saved plan of its product.
   */
  orderHolds(uid: string, id: string): Promise<boolean>;
  /** Attempts that gave money back only in part: a refund still to make (the sweep retries them). */
  listPendingRefunds(limit: number): Promise<PaymentRecord[]>;

  /**
   * Housekeeping, the retention schedule (flow/retention.ts): deletes the attempts that took no
   * money (pending, requires_action, declined) created before `before`.
   */
  pruneUncapturedPayments(before: number): Promise<number>;
}
