import type { Database } from 'better-sqlite3';
import type { EmirateCode, OpeningPeriod, OrderKind, OrderStatus } from '@join/shared/contract';
import type { DeliveryZoneRecord, NewOrder, OrderRecord, StoreLocationRecord } from '../repository';

/** The delivery's SQL (migration 11): zones and stores (reference data) and the users' orders. */
interface ZoneRow {
  id: string;
  name: string;
  emirate: EmirateCode;
  polygon_json: string;
  hours_json: string;
  eta_minutes: number;
}

interface StoreRow {
  id: string;
  name_en: string;
  name_ar: string;
  address_en: string;
  address_ar: string;
  emirate: EmirateCode;
  lat: number;
  lng: number;
  hours_json: string;
}

export interface OrderRow {
  id: string;
  uid: string;
  order_number: string;
  kind: OrderKind;
  status: OrderStatus;
  history_json: string;
  delivery_lat: number | null;
  delivery_lng: number | null;
  delivery_address: string | null;
  delivery_address_2: string | null;
  delivery_instructions: string | null;
  delivery_phone: string | null;
  store_id: string | null;
  courier_job_id: string | null;
  eta: number | null;
  esim_profile_id: string | null;
  smdp_address: string | null;
  matching_id: string | null;
  amount_due_fils: number;
  msisdn: string;
  refreshed_at: number | null;
  created_at: number;
  updated_at: number;
  account_id: string | null;
  identity_decision_id: number | null;
  identity_document_kind: 'emirates_id' | 'passport' | null;
  identity_document_masked: string | null;
  identity_person_ref: string | null;
  identity_holder_name: string | null;
  identity_verified_at: number | null;
}

export const toZoneRecord = (row: ZoneRow): DeliveryZoneRecord => ({
  id: row.id,
  name: row.name,
  emirate: row.emirate,
  polygon: JSON.parse(row.polygon_json) as [number, number][][],
  hours: JSON.parse(row.hours_json) as OpeningPeriod[],
  etaMinutes: row.eta_minutes,
});

export const toStoreLocation = (row: StoreRow): StoreLocationRecord => ({
  id: row.id,
  name: { en: row.name_en, ar: row.name_ar },
  address: { en: row.address_en, ar: row.address_ar },
  emirate: row.emirate,
  lat: row.lat,
  lng: row.lng,
  hours: JSON.parse(row.hours_json) as OpeningPeriod[],
});

export function toOrderRecord(row: OrderRow): OrderRecord {
  return {
    id: row.id,
    uid: row.uid,
    orderNumber: row.order_number,
    kind: row.kind,
    status: row.status,
    history: JSON.parse(row.history_json) as OrderRecord['history'],
    delivery:
      row.delivery_address !== null && row.delivery_lat !== null && row.delivery_lng !== null && row.delivery_phone !== null
        ? {
            lat: row.delivery_lat,
            lng: row.delivery_lng,
            address: row.delivery_address,
            address2: row.delivery_address_2 ?? '',
            instructions: row.delivery_instructions ?? '',
            phone: row.delivery_phone,
          }
        : null,
    storeId: row.store_id,
    courierJobId: row.courier_job_id,
    eta: row.eta,
    esim:
      row.esim_profile_id !== null && row.smdp_address !== null && row.matching_id !== null
        ? { profileId: row.esim_profile_id, smdpAddress: row.smdp_address, matchingId: row.matching_id }
        : null,
    amountDueFils: row.amount_due_fils,
    msisdn: row.msisdn,
    refreshedAt: row.refreshed_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    accountId: row.account_id,
    identity:
      row.identity_document_kind !== null && row.identity_document_masked !== null && row.identity_verified_at !== null
        ? {
            decisionId: row.identity_decision_id ?? 0,
            documentKind: row.identity_document_kind,
            documentNumberMasked: row.identity_document_masked,
            personRef: row.identity_person_ref,
            holderName: row.identity_holder_name,
            verifiedAt: row.identity_verified_at,
          }
        : null,
  };
}

export function fromNewOrder(o: NewOrder) {
  return {
    id: o.id,
    uid: o.uid,
    orderNumber: o.orderNumber,
    kind: o.kind,
    status: o.status,
    history: JSON.stringify([{ status: o.status, at: o.createdAt }]),
    lat: o.delivery?.lat ?? null,
    lng: o.delivery?.lng ?? null,
    address: o.delivery?.address ?? null,
    address2: o.delivery?.address2 ?? null,
    instructions: o.delivery?.instructions ?? null,
    phone: o.delivery?.phone ?? null,
    storeId: o.storeId,
    amountDue: o.amountDueFils,
    msisdn: o.msisdn,
    eta: o.eta,
    now: o.createdAt,
    accountId: o.accountId,
    decisionId: o.identity?.decisionId ?? null,
    documentKind: o.identity?.documentKind ?? null,
    documentMasked: o.identity?.documentNumberMasked ?? null,
    personRef: o.identity?.personRef ?? null,
    holderName: o.identity?.holderName ?? null,
    verifiedAt: o.identity?.verifiedAt ?? null,
  };
}

export interface OrderUpdateRow {
  uid: string;
  id: string;
  status: OrderStatus | null;
  history: string | null;
  courierJobId: string | null;
  /** 1: set eta to @eta (which may be NULL); 0: keep it. */
  setEta: number;
  eta: number | null;
  profileId: string | null;
  smdp: string | null;
  matchingId: string | null;
  refreshedAt: number | null;
  now: number;
}

export function orderStatements(db: Database) {
  return {
    zones: db.prepare<[], ZoneRow>('SELECT * FROM delivery_zones ORDER BY position, id'),
    stores: db.prepare<[], StoreRow>('SELECT * FROM stores ORDER BY id'),
    store: db.prepare<[string], StoreRow>('SELECT * FROM stores WHERE id = ?'),
    insert: db.prepare<[ReturnType<typeof fromNewOrder>]>(
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
