import type { DocumentKind } from '@join/shared/contract';
import type { PgDatabase } from '../../../platform/db/postgres/pg-database';
import type { NewPayment } from '../repository';
import { fromNewPayment, type PaymentCaptureRow, type PaymentRow, type PaymentUpdateRow } from '../payment-rows';

/**
 * The payments' SQL on PostgreSQL: the SQLite statements (sqlite/payment-statements.ts) with $n
 * placeholders, rows mapped by the same functions (../payment-rows.ts). Amounts are integers of
 * fils (BIGINT, read as JS numbers); never a card number or token. `FOR UPDATE` / `FOR SHARE`
 * variants lock the rows a capture or a start decides on until its transaction ends.
 */
export function pgPaymentStatements(db: PgDatabase) {
  return {
    insert: (p: NewPayment) => {
      const r = fromNewPayment(p);
      return db.run(
        `INSERT INTO payments (id, uid, idempotency_key, request_hash, method, status, amount_fils, vat_fils, vat_percentage, currency,
           recurring, product_code, product_name, msisdn, email, instalments_json, saved_plan_id, reservation_id, order_json,
           document_kind, document_number, terminal_id, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7, $8, 'AED',
           $9, $10, $11, $12, $13, $14, $15, $16, $17,
           $18, $19, $20, $21, $21)`,
        [
          r.id,
          r.uid,
          r.key,
          r.hash,
          r.method,
          r.amount,
          r.vat,
          r.vatPercentage,
          r.recurring,
          r.productCode,
          r.productName,
          r.msisdn,
          r.email,
          r.instalments,
          r.savedPlanId,
          r.reservationId,
          r.order,
          r.documentKind,
          r.documentNumber,
          r.terminalId,
          r.now,
        ],
      );
    },
    byKey: (uid: string, key: string) => db.maybe<PaymentRow>('SELECT * FROM payments WHERE uid = $1 AND idempotency_key = $2', [uid, key]),
    /**
     * SIMs sold to a document: users other than $3 with a captured payment made to it, or an
     * order bound to a verified decision of it (a cash-on-delivery sale has no payment; a paid
     * user with an order is one user, counted once).
     */
    simsSold: async (kind: DocumentKind, number: string, uid: string) =>
      (
        await db.one<{ n: number }>(
          `SELECT COUNT(*) AS n FROM (
             SELECT uid FROM payments WHERE status = 'captured' AND document_kind = $1 AND document_number = $2 AND uid <> $3
             UNION
             SELECT o.uid FROM identity_decisions d JOIN orders o ON o.identity_decision_id = d.id
             WHERE d.outcome = 'verified' AND d.document_kind = $1 AND d.document_number = $2 AND o.uid <> $3
           ) AS sold`,
          [kind, number, uid],
        )
      ).n,
    /** The document of an identity decision (an order's). */
    decisionDocument: (id: number) =>
      db.maybe<{ kind: DocumentKind; number: string }>('SELECT document_kind AS kind, document_number AS number FROM identity_decisions WHERE id = $1', [id]),
    byId: (uid: string, id: string) => db.maybe<PaymentRow>('SELECT * FROM payments WHERE uid = $1 AND id = $2', [uid, id]),
    byIdForUpdate: (uid: string, id: string) => db.maybe<PaymentRow>('SELECT * FROM payments WHERE uid = $1 AND id = $2 FOR UPDATE', [uid, id]),
    captured: (uid: string) => db.maybe<PaymentRow>("SELECT * FROM payments WHERE uid = $1 AND status = 'captured'", [uid]),
    open: (uid: string) => db.maybe<PaymentRow>("SELECT * FROM payments WHERE uid = $1 AND status IN ('pending', 'requires_action')", [uid]),
    /**
     * COALESCE: a move that does not name the reference, brand or last four keeps them. The row
     * as written, or none when there is no such payment or it is captured (a capture committed
     * meanwhile is seen: the condition is checked again on the latest row).
     */
    update: (u: PaymentUpdateRow) =>
      db.maybe<PaymentRow>(
        `UPDATE payments SET status = $3, provider_ref = COALESCE($4, provider_ref),
           action_url = $5, card_brand = COALESCE($6, card_brand), card_last4 = COALESCE($7, card_last4),
           decline_code = $8,
           refund_status = CASE WHEN $9 = 1 THEN $10 ELSE refund_status END,
           refund_ref = CASE WHEN $9 = 1 THEN COALESCE($11, refund_ref) ELSE refund_ref END,
           refunded_at = CASE WHEN $9 = 1 THEN $12::bigint ELSE refunded_at END,
           updated_at = $13
         WHERE uid = $1 AND id = $2 AND status <> 'captured'
         RETURNING *`,
        [u.uid, u.id, u.status, u.providerRef, u.actionUrl, u.brand, u.last4, u.declineCode, u.setRefund, u.refundStatus, u.refundRef, u.refundedAt, u.now],
      ),
    capture: (c: PaymentCaptureRow) =>
      db.maybe<PaymentRow>(
        `UPDATE payments SET status = 'captured', provider_ref = $3, action_url = NULL,
           card_brand = COALESCE($4, card_brand), card_last4 = COALESCE($5, card_last4),
           decline_code = NULL, receipt_reference = $6, captured_at = $7, updated_at = $7
         WHERE uid = $1 AND id = $2 AND status <> 'captured'
         RETURNING *`,
        [c.uid, c.id, c.providerRef, c.brand, c.last4, c.reference, c.now],
      ),
    setPlanPaid: (uid: string) => db.run('UPDATE users SET plan_paid = 1 WHERE uid = $1', [uid]),
    /** The recorded order's saved plan row as it is now; FOR SHARE: not replaced until the transaction ends. */
    savedPlanOf: (uid: string, lock: boolean) =>
      db.maybe<{ id: number; product_code: number }>(`SELECT id, product_code FROM saved_plans WHERE uid = $1${lock ? ' FOR SHARE' : ''}`, [uid]),
    /** The recorded claim as it is now; FOR UPDATE: nobody else claims the number until the transaction ends. */
    claimOf: (uid: string, reservationId: number, lock: boolean) =>
      db.maybe<{ msisdn: string; held_until: number | null }>(
        `SELECT msisdn, held_until FROM numbers WHERE holder = $1 AND reservation_id = $2${lock ? ' FOR UPDATE' : ''}`,
        [uid, reservationId],
      ),
    /** An attempt of before version 16: its number (pool or transfer) still in the user's name. */
    holdsNumber: (uid: string, msisdn: string, lock: boolean) =>
      db.maybe<{ msisdn: string }>(
        `SELECT msisdn FROM numbers WHERE holder = $1 AND (msisdn = $2 OR transfer_msisdn = $2)${lock ? ' FOR UPDATE' : ''}`,
        [uid, msisdn],
      ),
    /**
     * A payment's start keeps the number for the provider's window: never shorter than it was. The
     * ledger's claim ends later too, so the anti-hoarding limits count the time. (SQLite's
     * MAX(a, b) is GREATEST; held_until is never NULL on a held number.)
     */
    holdForPayment: (uid: string, reservationId: number, until: number) =>
      db.run('UPDATE numbers SET held_until = GREATEST(held_until, $3) WHERE holder = $1 AND reservation_id = $2', [uid, reservationId, until]),
    logForPayment: (reservationId: number, until: number) =>
      db.run('UPDATE hold_log SET ends_at = GREATEST(ends_at, $2) WHERE reservation_id = $1', [reservationId, until]),
    /** The capture keeps the recorded claim (live or lapsed, still in the buyer's name) for good. */
    keepPaidClaim: (uid: string, reservationId: number, until: number) =>
      db.run('UPDATE numbers SET held_until = GREATEST(held_until, $3), committed = 1 WHERE holder = $1 AND reservation_id = $2', [uid, reservationId, until]),
    pendingRefunds: (limit: number) => db.many<PaymentRow>("SELECT * FROM payments WHERE refund_status = 'pending' ORDER BY updated_at LIMIT $1", [limit]),
    // The bought number stays the buyer's (not swept back into the pool) until activation takes
    // it over; a live or lapsed hold still in the buyer's name is kept, another holder's never.
    keepPaidHold: (uid: string, msisdn: string, until: number) =>
      db.run(
        `UPDATE numbers SET held_until = GREATEST(held_until, $3), committed = 1
         WHERE holder = $1 AND (msisdn = $2 OR transfer_msisdn = $2)`,
        [uid, msisdn, until],
      ),
    /**
     * The referrer's credit for a friend's captured order whose promo code is a referral code (in
     * the capture's transaction): the MGM promotion's Value, cut down to what is left of its
     * MaxValue for that referrer (0 past it, still recorded: the friend's one referral is used).
     * Nothing for the referrer's own code, a user without an account, or an order or friend
     * credited before (ON CONFLICT: idempotent by order, once per friend account). ROUND on
     * numeric rounds half away from zero, as SQLite's does (on a double it may round to even).
     */
    creditReferral: (c: { uid: string; paymentId: string; code: string; promotionKey: string; now: number }) =>
      db.run(
        `INSERT INTO referral_credits (payment_id, referrer_account_id, friend_account_id, amount_fils, created_at)
         SELECT $2::text, rc.account_id, u.account_id,
           GREATEST(0, LEAST(CAST(ROUND((p.value * 100)::numeric) AS BIGINT),
             CAST(ROUND((COALESCE(p.max_value, p.value) * 100)::numeric) AS BIGINT)
               - (SELECT COALESCE(SUM(cr.amount_fils), 0)::bigint FROM referral_credits cr WHERE cr.referrer_account_id = rc.account_id))),
           $5::bigint
         FROM referral_codes rc
         JOIN users u ON u.uid = $1 AND u.account_id IS NOT NULL AND u.account_id <> rc.account_id
         JOIN promotions p ON p.key = $4 AND p.category = 'MGM'
         WHERE rc.code = $3
         ON CONFLICT DO NOTHING`,
        [c.uid, c.paymentId, c.code, c.promotionKey, c.now],
      ),
    // Only the statuses that moved no money: a status added later (a refund) is kept until its sale goes.
    deleteUncaptured: (before: number) => db.run("DELETE FROM payments WHERE status IN ('pending', 'requires_action', 'declined') AND created_at < $1", [before]),
  };
}
