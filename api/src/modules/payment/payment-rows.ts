import { z } from 'zod';
import { PackagePrice, type CardBrand, type DocumentKind, type Instalment } from '@join/shared/contract';
import type { NewPayment, PaymentCapture, PaymentRecord, PaymentRefund, PaymentStatus, PaymentUpdate, RecordedOrder } from './repository';

/**
 * The payment module's stored rows and their mapping to and from records, shared by the SQLite
 * (sqlite/) and PostgreSQL (postgres/) repositories: the SQL differs by dialect, what a row means
 * does not.
 */

/** A row of `payments` (migration 10). Amounts are integers of fils; never a card number or token. */
export interface PaymentRow {
  id: string;
  uid: string;
  idempotency_key: string;
  request_hash: string;
  method: 'card' | 'bnpl' | 'counter';
  terminal_id: string | null;
  status: PaymentStatus;
  amount_fils: number;
  vat_fils: number;
  vat_percentage: number;
  recurring: number;
  product_code: number;
  product_name: string;
  msisdn: string;
  email: string;
  provider_ref: string | null;
  action_url: string | null;
  card_brand: CardBrand | null;
  card_last4: string | null;
  instalments_json: string | null;
  decline_code: string | null;
  receipt_reference: string | null;
  created_at: number;
  updated_at: number;
  captured_at: number | null;
  saved_plan_id: number | null;
  reservation_id: number | null;
  order_json: string | null;
  document_kind: DocumentKind | null;
  document_number: string | null;
  refund_status: PaymentRefund['status'] | null;
  refund_ref: string | null;
  refunded_at: number | null;
}

/** order_json: the choice and its price (saved_plan_id and reservation_id are columns of their own). */
const OrderJson = z.object({
  plan_ids: z.array(z.number().int()),
  booster_ids: z.array(z.number().int()),
  promotion_keys: z.array(z.string()),
  promo_code: z.string().nullable(),
  price: PackagePrice,
});

function toRecordedOrder(row: PaymentRow): RecordedOrder | null {
  if (row.saved_plan_id === null || row.reservation_id === null || row.order_json === null) return null;
  const order = OrderJson.parse(JSON.parse(row.order_json));
  return {
    savedPlanId: row.saved_plan_id,
    reservationId: row.reservation_id,
    planIds: order.plan_ids,
    boosterIds: order.booster_ids,
    promotionKeys: order.promotion_keys,
    promoCode: order.promo_code,
    price: order.price,
  };
}

const orderJsonOf = (o: RecordedOrder): string =>
  JSON.stringify({ plan_ids: o.planIds, booster_ids: o.boosterIds, promotion_keys: o.promotionKeys, promo_code: o.promoCode, price: o.price } satisfies z.input<typeof OrderJson>);

/** SPEC 8's codes are numbers; the client keys (non_eligible_card, …) are words: both kept as text. */
const toDeclineCode = (text: string | null): number | string | null => (text === null ? null : /^-?\d+$/.test(text) ? Number(text) : text);

export function toPaymentRecord(row: PaymentRow): PaymentRecord {
  return {
    id: row.id,
    uid: row.uid,
    method: row.method,
    idempotencyKey: row.idempotency_key,
    requestHash: row.request_hash,
    amountFils: row.amount_fils,
    vatFils: row.vat_fils,
    vatPercentage: row.vat_percentage,
    recurring: row.recurring === 1,
    productCode: row.product_code,
    productName: row.product_name,
    msisdn: row.msisdn,
    email: row.email,
    instalments: row.instalments_json === null ? null : (JSON.parse(row.instalments_json) as Instalment[]),
    createdAt: row.created_at,
    status: row.status,
    providerRef: row.provider_ref,
    actionUrl: row.action_url,
    cardBrand: row.card_brand,
    cardLast4: row.card_last4,
    declineCode: toDeclineCode(row.decline_code),
    receiptReference: row.receipt_reference,
    capturedAt: row.captured_at,
    updatedAt: row.updated_at,
    order: toRecordedOrder(row),
    document: row.document_kind === null || row.document_number === null ? null : { kind: row.document_kind, number: row.document_number },
    refund: row.refund_status === null ? null : { status: row.refund_status, ref: row.refund_ref, at: row.refunded_at },
    terminalId: row.terminal_id,
  };
}

/** The columns of a new payment's row. */
export type NewPaymentRow = ReturnType<typeof fromNewPayment>;

export function fromNewPayment(p: NewPayment) {
  return {
    id: p.id,
    uid: p.uid,
    key: p.idempotencyKey,
    hash: p.requestHash,
    method: p.method,
    amount: p.amountFils,
    vat: p.vatFils,
    vatPercentage: p.vatPercentage,
    recurring: p.recurring ? 1 : 0,
    productCode: p.productCode,
    productName: p.productName,
    msisdn: p.msisdn,
    email: p.email,
    instalments: p.instalments === null ? null : JSON.stringify(p.instalments),
    savedPlanId: p.order.savedPlanId,
    reservationId: p.order.reservationId,
    order: orderJsonOf(p.order),
    documentKind: p.document.kind,
    documentNumber: p.document.number,
    terminalId: p.terminalId ?? null,
    now: p.createdAt,
  };
}

/** The parameters of a payment's update (PaymentUpdate as columns). */
export interface PaymentUpdateRow {
  uid: string;
  id: string;
  status: Exclude<PaymentStatus, 'captured'>;
  providerRef: string | null;
  actionUrl: string | null;
  brand: CardBrand | null;
  last4: string | null;
  declineCode: string | null;
  /** 1: write the refund columns below; 0: keep them. */
  setRefund: number;
  refundStatus: PaymentRefund['status'] | null;
  refundRef: string | null;
  refundedAt: number | null;
  now: number;
}

/** The columns an update writes: what `update` says, and what it leaves as it is. */
export function toPaymentUpdateRow(uid: string, id: string, update: PaymentUpdate, now: number): PaymentUpdateRow {
  const refund = update.status === 'declined' ? update.refund : undefined;
  return {
    uid,
    id,
    status: update.status,
    providerRef: update.providerRef ?? null,
    actionUrl: update.status === 'declined' ? null : update.actionUrl,
    brand: update.cardBrand ?? null,
    last4: update.cardLast4 ?? null,
    declineCode: update.status === 'declined' ? String(update.declineCode) : null,
    setRefund: refund ? 1 : 0,
    refundStatus: refund ? refund.status : null,
    refundRef: refund ? refund.ref : null,
    refundedAt: refund ? refund.at : null,
    now,
  };
}

/** The parameters of a capture. */
export interface PaymentCaptureRow {
  uid: string;
  id: string;
  providerRef: string;
  brand: CardBrand | null;
  last4: string | null;
  reference: string;
  now: number;
}

export function toPaymentCaptureRow(uid: string, id: string, capture: PaymentCapture, now: number): PaymentCaptureRow {
  return { uid, id, providerRef: capture.providerRef, brand: capture.cardBrand, last4: capture.cardLast4, reference: capture.receiptReference, now };
}
