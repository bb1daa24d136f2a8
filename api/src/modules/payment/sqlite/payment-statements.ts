import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { PackagePrice, type CardBrand, type DocumentKind, type Instalment } from '@join/shared/contract';
import type { NewPayment, PaymentRecord, PaymentRefund, PaymentStatus, RecordedOrder } from '../repository';

/** The payments' SQL (migration 10). Amounts are integers of fils; never a card number or token. */
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

export function paymentStatements(db: Database) {
  const byUid = 'SELECT * FROM payments WHERE uid = ?';
  return {
    insert: db.prepare<[ReturnType<typeof fromNewPayment>]>(
      `INSERT INTO payments (id, uid, idempotency_key, request_hash, method, status, amount_fils, vat_fils, vat_percentage, currency,
         recurring, product_code, product_name, msisdn, email, instalments_json, saved_plan_id, reservation_id, order_json,
         document_kind, document_number, terminal_id, created_at, updated_at)
       VALUES (@id, @uid, @key, @hash, @method, 'pending', @amount, @vat, @vatPercentage, 'AED',
         @recurring, @productCode, @productName, @msisdn, @email, @instalments, @savedPlanId, @reservationId, @order,
         @documentKind, @documentNumber, @terminalId, @now, @now)`,
    ),
    byKey: db.prepare<[string, string], PaymentRow>('SELECT * FROM payments WHERE uid = ? AND idempotency_key = ?'),
    /**
     * SIMs sold to a document: users other than @uid with a captured payment made to
     * it, or an order bound to a verified decision of it (a cash-on-delivery sale has no payment;
     * a paid user with an order is one user, counted once).
     */
    simsSold: db.prepare<[{ kind: DocumentKind; number: string; uid: string }], { n: number }>(
      `SELECT COUNT(*) AS n FROM (
         SELECT uid FROM payments WHERE status = 'captured' AND document_kind = @kind AND document_number = @number AND uid <> @uid
         UNION
         SELECT o.uid FROM identity_decisions d JOIN orders o ON o.identity_decision_id = d.id
         WHERE d.outcome = 'verified' AND d.document_kind = @kind AND d.document_number = @number AND o.uid <> @uid
       )`,
    ),
    /** The document of an identity decision (an order's). */
    decisionDocument: db.prepare<[number], { kind: DocumentKind; number: string }>(
      'SELECT document_kind AS kind, document_number AS number FROM identity_decisions WHERE id = ?',
    ),
    byId: db.prepare<[string, string], PaymentRow>('SELECT * FROM payments WHERE uid = ? AND id = ?'),
    captured: db.prepare<[string], PaymentRow>(`${byUid} AND status = 'captured'`),
    open: db.prepare<[string], PaymentRow>(`${byUid} AND status IN ('pending', 'requires_action')`),
    // COALESCE: a move that does not name the reference, brand or last four keeps them.
    update: db.prepare<[PaymentUpdateRow]>(
      `UPDATE payments SET status = @status, provider_ref = COALESCE(@providerRef, provider_ref),
         action_url = @actionUrl, card_brand = COALESCE(@brand, card_brand), card_last4 = COALESCE(@last4, card_last4),
         decline_code = @declineCode,
         refund_status = CASE WHEN @setRefund = 1 THEN @refundStatus ELSE refund_status END,
         refund_ref = CASE WHEN @setRefund = 1 THEN COALESCE(@refundRef, refund_ref) ELSE refund_ref END,
         refunded_at = CASE WHEN @setRefund = 1 THEN @refundedAt ELSE refunded_at END,
         updated_at = @now
       WHERE uid = @uid AND id = @id AND status <> 'captured'`,
    ),
    capture: db.prepare<[{ uid: string; id: string; providerRef: string; brand: CardBrand | null; last4: string | null; reference: string; now: number }]>(
      `UPDATE payments SET status = 'captured', provider_ref = @providerRef, action_url = NULL,
         card_brand = COALESCE(@brand, card_brand), card_last4 = COALESCE(@last4, card_last4),
         decline_code = NULL, receipt_reference = @reference, captured_at = @now, updated_at = @now
       WHERE uid = @uid AND id = @id AND status <> 'captured'`,
    ),
    setPlanPaid: db.prepare<[string]>('UPDATE users SET plan_paid = 1 WHERE uid = ?'),
    /** The recorded order's two rows, as they are now. */
    savedPlanIdOf: db.prepare<[string], { id: number; product_code: number }>('SELECT id, product_code FROM saved_plans WHERE uid = ?'),
    claimOf: db.prepare<[{ uid: string; reservationId: number }], { msisdn: string; held_until: number | null }>(
      'SELECT msisdn, held_until FROM numbers WHERE holder = @uid AND reservation_id = @reservationId',
    ),
    /** An attempt of before version 16: its number (pool or transfer) still in the user's name. */
    holdsNumber: db.prepare<[{ uid: string; msisdn: string }], { msisdn: string }>(
      'SELECT msisdn FROM numbers WHERE holder = @uid AND (msisdn = @msisdn OR transfer_msisdn = @msisdn)',
    ),
    /**
     * A payment's start keeps the number for the provider's window: never shorter than it was. The
     * ledger's claim ends later too, so the anti-hoarding limits count the time.
     */
    holdForPayment: db.prepare<[{ uid: string; reservationId: number; until: number }]>(
      'UPDATE numbers SET held_until = MAX(held_until, @until) WHERE holder = @uid AND reservation_id = @reservationId',
    ),
    logForPayment: db.prepare<[{ reservationId: number; until: number }]>(
      'UPDATE hold_log SET ends_at = MAX(ends_at, @until) WHERE reservation_id = @reservationId',
    ),
    /** The capture keeps the recorded claim (live or lapsed, still in the buyer's name) for good. */
    keepPaidClaim: db.prepare<[{ uid: string; reservationId: number; until: number }]>(
      'UPDATE numbers SET held_until = MAX(held_until, @until), committed = 1 WHERE holder = @uid AND reservation_id = @reservationId',
    ),
    pendingRefunds: db.prepare<[number], PaymentRow>(
      "SELECT * FROM payments WHERE refund_status = 'pending' ORDER BY updated_at LIMIT ?",
    ),
    // The bought number stays the buyer's (not swept back into the pool) until activation takes
    // it over; a live or lapsed hold still in the buyer's name is kept, another holder's never.
    keepPaidHold: db.prepare<[{ uid: string; msisdn: string; until: number }]>(
      `UPDATE numbers SET held_until = MAX(held_until, @until), committed = 1
       WHERE holder = @uid AND (msisdn = @msisdn OR transfer_msisdn = @msisdn)`,
    ),
    // Only the statuses that moved no money: a status added later (a refund) is kept until its sale goes.
    /**
     * The referrer's credit for a friend's captured order whose promo code is a referral code (in
     * the capture's transaction): the MGM promotion's Value, cut down to what is left of its
     * MaxValue for that referrer (0 past it, still recorded: the friend's one referral is used).
     * Nothing for the referrer's own code, a user without an account, or an order or friend
     * credited before (ON CONFLICT: idempotent by order, once per friend account).
     */
    creditReferral: db.prepare<[{ uid: string; paymentId: string; code: string; promotionKey: string; now: number }]>(
      `INSERT INTO referral_credits (payment_id, referrer_account_id, friend_account_id, amount_fils, created_at)
       SELECT @paymentId, rc.account_id, u.account_id,
         MAX(0, MIN(CAST(ROUND(p.value * 100) AS INTEGER),
           CAST(ROUND(COALESCE(p.max_value, p.value) * 100) AS INTEGER)
             - (SELECT COALESCE(SUM(c.amount_fils), 0) FROM referral_credits c WHERE c.referrer_account_id = rc.account_id))),
         @now
       FROM referral_codes rc
       JOIN users u ON u.uid = @uid AND u.account_id IS NOT NULL AND u.account_id <> rc.account_id
       JOIN promotions p ON p.key = @promotionKey AND p.category = 'MGM'
       WHERE rc.code = @code
       ON CONFLICT DO NOTHING`,
    ),
    deleteUncaptured: db.prepare<[{ before: number }]>(
      "DELETE FROM payments WHERE status IN ('pending', 'requires_action', 'declined') AND created_at < @before",
    ),
  };
}
