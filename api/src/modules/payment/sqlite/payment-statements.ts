import type { Database } from 'better-sqlite3';
import type { DocumentKind } from '@join/shared/contract';
import type { NewPaymentRow, PaymentCaptureRow, PaymentRow, PaymentUpdateRow } from '../payment-rows';

/** The payments' SQL (migration 10; its rows: ../payment-rows.ts). Amounts are integers of fils; never a card number or token. */
export function paymentStatements(db: Database) {
  const byUid = 'SELECT * FROM payments WHERE uid = ?';
  return {
    insert: db.prepare<[NewPaymentRow]>(
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
    capture: db.prepare<[PaymentCaptureRow]>(
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
