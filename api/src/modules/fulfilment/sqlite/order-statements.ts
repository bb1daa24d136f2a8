import type { Database } from 'better-sqlite3';
import type { NewOrderRow, OrderRow, OrderUpdateRow, StoreRow, ZoneRow } from '../fulfilment-rows';

/** The delivery's SQL (migration 11; its rows: ../fulfilment-rows.ts): zones and stores (reference data) and the users' orders. */
export function orderStatements(db: Database) {
  return {
    zones: db.prepare<[], ZoneRow>('SELECT * FROM delivery_zones ORDER BY position, id'),
    stores: db.prepare<[], StoreRow>('SELECT * FROM stores ORDER BY id'),
    store: db.prepare<[string], StoreRow>('SELECT * FROM stores WHERE id = ?'),
    insert: db.prepare<[NewOrderRow]>(
      `INSERT INTO orders (id, uid, order_number, kind, status, history_json, delivery_lat, delivery_lng, delivery_address,
         delivery_address_2, delivery_instructions, delivery_phone, store_id, amount_due_fils, msisdn, eta, created_at, updated_at,
         account_id, identity_decision_id, identity_document_kind, identity_document_masked, identity_person_ref,
         identity_holder_name, identity_verified_at)
       VALUES (@id, @uid, @orderNumber, @kind, @status, @history, @lat, @lng, @address, @address2, @instructions, @phone,
         @storeId, @amountDue, @msisdn, @eta, @now, @now,
         @accountId, @decisionId, @documentKind, @documentMasked, @personRef, @holderName, @verifiedAt)`,
    ),
    byUid: db.prepare<[string], OrderRow>('SELECT * FROM orders WHERE uid = ?'),
    // A final status is kept: the whole move is skipped (the route reads the order again).
    update: db.prepare<[OrderUpdateRow]>(
      `UPDATE orders SET status = COALESCE(@status, status), history_json = COALESCE(@history, history_json),
         courier_job_id = COALESCE(@courierJobId, courier_job_id), eta = CASE WHEN @setEta = 1 THEN @eta ELSE eta END,
         esim_profile_id = COALESCE(@profileId, esim_profile_id), smdp_address = COALESCE(@smdp, smdp_address),
         matching_id = COALESCE(@matchingId, matching_id), refreshed_at = COALESCE(@refreshedAt, refreshed_at), updated_at = @now
       WHERE uid = @uid AND id = @id AND (status NOT IN ('delivered', 'collected', 'installed') OR @status IS NULL OR @status = status)`,
    ),
    withdraw: db.prepare<[string, string]>(
      'DELETE FROM orders WHERE uid = ? AND id = ? AND courier_job_id IS NULL AND esim_profile_id IS NULL',
    ),
    // The ordered number stays the buyer's, as a paid one does (payment-statements.ts keepPaidHold).
    keepHold: db.prepare<[{ uid: string; msisdn: string; until: number }]>(
      `UPDATE numbers SET held_until = MAX(held_until, @until), committed = 1
       WHERE holder = @uid AND (msisdn = @msisdn OR transfer_msisdn = @msisdn)`,
    ),
  };
}
