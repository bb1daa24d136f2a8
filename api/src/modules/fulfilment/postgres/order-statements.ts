import { fromNewOrder, toOrderUpdateRow } from '../fulfilment-rows';
import type { NewOrder, OrderUpdate } from '../repository';

/**
 * The delivery's SQL on PostgreSQL (the same statements as sqlite/order-statements.ts, $n
 * placeholders): zones and stores (reference data) and the users' orders. Rows are read and
 * written with the module's row types and mappers (../fulfilment-rows.ts): the columns are the
 * same, BIGINT and DOUBLE PRECISION come back as JS numbers.
 */

/** Text keys sort as SQLite sorts them (byte order), whatever the database's collation. */
export const ZONES = 'SELECT * FROM delivery_zones ORDER BY position, id COLLATE "C"';
export const STORES = 'SELECT * FROM stores ORDER BY id COLLATE "C"';
export const STORE = 'SELECT * FROM stores WHERE id = $1';

export const ORDER_BY_UID = 'SELECT * FROM orders WHERE uid = $1';

export const INSERT_ORDER = `INSERT INTO orders (id, uid, order_number, kind, status, history_json, delivery_lat, delivery_lng, delivery_address,
    delivery_address_2, delivery_instructions, delivery_phone, store_id, amount_due_fils, msisdn, eta, created_at, updated_at,
    account_id, identity_decision_id, identity_document_kind, identity_document_masked, identity_person_ref,
    identity_holder_name, identity_verified_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17, $18, $19, $20, $21, $22, $23, $24)`;

/** INSERT_ORDER's $n in order: the columns of fromNewOrder. */
export function insertOrderParams(o: NewOrder): unknown[] {
  const r = fromNewOrder(o);
  return [
    r.id,
    r.uid,
    r.orderNumber,
    r.kind,
    r.status,
    r.history,
    r.lat,
    r.lng,
    r.address,
    r.address2,
    r.instructions,
    r.phone,
    r.storeId,
    r.amountDue,
    r.msisdn,
    r.eta,
    r.now,
    r.accountId,
    r.decisionId,
    r.documentKind,
    r.documentMasked,
    r.personRef,
    r.holderName,
    r.verifiedAt,
  ];
}

/**
 * A move of an order; what the update does not name is kept (COALESCE), eta is set when named
 * ($6), even to NULL. A final status is kept: the whole move is skipped (the caller reads the
 * order again). One statement: PostgreSQL re-checks the WHERE on the row's newest version when a
 * concurrent move got there first, so a final status written meanwhile is never moved.
 */
export const UPDATE_ORDER = `UPDATE orders SET status = COALESCE($3::text, status), history_json = COALESCE($4::text, history_json),
    courier_job_id = COALESCE($5::text, courier_job_id), eta = CASE WHEN $6::boolean THEN $7::bigint ELSE eta END,
    esim_profile_id = COALESCE($8::text, esim_profile_id), smdp_address = COALESCE($9::text, smdp_address),
    matching_id = COALESCE($10::text, matching_id), refreshed_at = COALESCE($11::bigint, refreshed_at), updated_at = $12
  WHERE uid = $1 AND id = $2 AND (status NOT IN ('delivered', 'collected', 'installed') OR $3::text IS NULL OR $3::text = status)`;

/** UPDATE_ORDER's $n in order: the columns of toOrderUpdateRow ($6 a boolean here). */
export function updateOrderParams(uid: string, id: string, update: OrderUpdate, now: number): unknown[] {
  const u = toOrderUpdateRow(uid, id, update, now);
  return [u.uid, u.id, u.status, u.history, u.courierJobId, u.setEta === 1, u.eta, u.profileId, u.smdp, u.matchingId, u.refreshedAt, u.now];
}

export const WITHDRAW_ORDER = 'DELETE FROM orders WHERE uid = $1 AND id = $2 AND courier_job_id IS NULL AND esim_profile_id IS NULL';

/** The ordered number stays the buyer's, as a paid one does (the payment's keepPaidHold): $1 uid, $2 msisdn, $3 until. */
export const KEEP_HOLD = `UPDATE numbers SET held_until = GREATEST(held_until, $3), committed = 1
  WHERE holder = $1 AND (msisdn = $2 OR transfer_msisdn = $2)`;
