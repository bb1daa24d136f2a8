import type { EmirateCode, OpeningPeriod, OrderKind, OrderStatus } from '@join/shared/contract';
import type { DeliveryZoneRecord, NewOrder, OrderRecord, OrderUpdate, StoreLocationRecord } from './repository';

/**
 * The fulfilment module's stored rows and their mapping to and from records, shared by the
 * SQLite (sqlite/) and PostgreSQL (postgres/) repositories: the SQL differs by dialect, what a row
 * means does not.
 */

/** A row of `delivery_zones`. */
export interface ZoneRow {
  id: string;
  name: string;
  emirate: EmirateCode;
  polygon_json: string;
  hours_json: string;
  eta_minutes: number;
}

/** A row of `stores`. */
export interface StoreRow {
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

/** A row of `orders`: a user's one order. */
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

/** The columns of a new order's row. */
export type NewOrderRow = ReturnType<typeof fromNewOrder>;

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

/** The parameters of an order's move (OrderUpdate as columns; null: kept). */
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

export function toOrderUpdateRow(uid: string, id: string, update: OrderUpdate, now: number): OrderUpdateRow {
  return {
    uid,
    id,
    status: update.status ?? null,
    history: update.history ? JSON.stringify(update.history) : null,
    courierJobId: update.courierJobId ?? null,
    setEta: update.eta === undefined ? 0 : 1,
    eta: update.eta ?? null,
    profileId: update.esim?.profileId ?? null,
    smdp: update.esim?.smdpAddress ?? null,
    matchingId: update.esim?.matchingId ?? null,
    refreshedAt: update.refreshedAt ?? null,
    now,
  };
}
