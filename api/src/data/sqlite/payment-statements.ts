import type { Database } from 'better-sqlite3';
import type { CardBrand, Instalment } from '@join/shared/contract';
import type { NewPayment, PaymentRecord, PaymentStatus } from '../store';

/** The payments' SQL (migration 10). Amounts are integers of fils; never a card number or token. */
export interface PaymentRow {
  id: string;
  uid: string;
  idempotency_key: string;
  request_hash: string;
  method: 'card' | 'bnpl';
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
}

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
  now: number;
}

export function paymentStatements(db: Database) {
  const byUid = 'SELECT * FROM payments WHERE uid = ?';
  return {
    insert: db.prepare<[ReturnType<typeof fromNewPayment>]>(
      `INSERT INTO payments (id, uid, idempotency_key, request_hash, method, status, amount_fils, vat_fils, vat_percentage, currency,
         recurring, product_code, product_name, msisdn, email, instalments_json, created_at, updated_at)
       VALUES (@id, @uid, @key, @hash, @method, 'pending', @amount, @vat, @vatPercentage, 'AED',
         @recurring, @productCode, @productName, @msisdn, @email, @instalments, @now, @now)`,
    ),
    byKey: db.prepare<[string, string], PaymentRow>('SELECT * FROM payments WHERE uid = ? AND idempotency_key = ?'),
    byId: db.prepare<[string, string], PaymentRow>('SELECT * FROM payments WHERE uid = ? AND id = ?'),
    captured: db.prepare<[string], PaymentRow>(`${byUid} AND status = 'captured'`),
    open: db.prepare<[string], PaymentRow>(`${byUid} AND status IN ('pending', 'requires_action')`),
    // COALESCE: a move that does not name the reference, brand or last four keeps them.
    update: db.prepare<[PaymentUpdateRow]>(
      `UPDATE payments SET status = @status, provider_ref = COALESCE(@providerRef, provider_ref),
         action_url = @actionUrl, card_brand = COALESCE(@brand, card_brand), card_last4 = COALESCE(@last4, card_last4),
         decline_code = @declineCode, updated_at = @now
       WHERE uid = @uid AND id = @id AND status <> 'captured'`,
    ),
    capture: db.prepare<[{ uid: string; id: string; providerRef: string; brand: CardBrand | null; last4: string | null; reference: string; now: number }]>(
      `UPDATE payments SET status = 'captured', provider_ref = @providerRef, action_url = NULL,
         card_brand = COALESCE(@brand, card_brand), card_last4 = COALESCE(@last4, card_last4),
         decline_code = NULL, receipt_reference = @reference, captured_at = @now, updated_at = @now
       WHERE uid = @uid AND id = @id AND status <> 'captured'`,
    ),
    setPlanPaid: db.prepare<[string]>('UPDATE users SET plan_paid = 1 WHERE uid = ?'),
    // The bought number stays the buyer's (not swept back into the pool) until activation takes
    // it over; a live or lapsed hold still in the buyer's name is kept, another holder's never.
    keepPaidHold: db.prepare<[{ uid: string; msisdn: string; until: number }]>(
      `UPDATE numbers SET held_until = MAX(held_until, @until), committed = 1
       WHERE holder = @uid AND (msisdn = @msisdn OR transfer_msisdn = @msisdn)`,
    ),
  };
}
