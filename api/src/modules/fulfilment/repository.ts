import type { DocumentKind, EmirateCode, OpeningPeriod, OrderKind, OrderStatus } from '@join/shared/contract';

/** placeOrder: the order's document already has the most SIMs the operator sells to one. */
export class SimLimitReachedError extends Error {
  constructor(readonly sold: number) {
    super('this identity document already has the most SIMs sold to one document');
    this.name = 'SimLimitReachedError';
  }
}

// --- delivery ---

/** A delivery zone (seeded reference data): where a courier comes, and when. */
export interface DeliveryZoneRecord {
  id: string;
  name: string;
  emirate: EmirateCode;
  /** GeoJSON Polygon coordinates: rings of [lng, lat], the outer ring first. */
  polygon: [number, number][][];
  /** Weekly opening hours, local UAE time. */
  hours: OpeningPeriod[];
  /** How long a courier takes once booked. */
  etaMinutes: number;
}

/** A store to collect the SIM from (seeded reference data), named in both languages. */
export interface StoreLocationRecord {
  id: string;
  name: { en: string; ar: string };
  address: { en: string; ar: string };
  emirate: EmirateCode;
  lat: number;
  lng: number;
  hours: OpeningPeriod[];
}

export interface OrderDelivery {
  lat: number;
  lng: number;
  address: string;
  address2: string;
  instructions: string;
  /** International form, digits only (971501234567). */
  phone: string;
}

/** An order as it is placed: one per user (delivery, store pickup, or an instant eSIM). */
export interface NewOrder {
  /** ord_…: our key at the providers (their idempotency keys derive from it). */
  id: string;
  uid: string;
  /** What the visitor and the e-mail see (JN-D-XXXX-XXXX). */
  orderNumber: string;
  kind: OrderKind;
  /** The first status: received (delivery, pickup) or issued (eSIM). */
  status: OrderStatus;
  delivery: OrderDelivery | null;
  storeId: string | null;
  /** What is left to pay (cash on delivery, or at the store), in fils. */
  amountDueFils: number;
  msisdn: string;
  /** A delivery: the expected arrival (ms) as promised when ordered; the courier's own later. */
  eta: number | null;
  createdAt: number;
  /** The account the order is for; null only on orders placed before orders had one. */
  accountId: string | null;
  /** The verified identity the order is bound to; null only on orders placed before. */
  identity: OrderIdentity | null;
}

/**
 * The identity check an order is bound to, as it was when placed: the database refuses
 * an order without a verified decision of its user and account for its kind of SIM.
 */
export interface OrderIdentity {
  decisionId: number;
  documentKind: DocumentKind;
  /** The document number with all but its last three characters masked (••••••123). */
  documentNumberMasked: string;
  /** The authority's reference of the person. */
  personRef: string | null;
  /** The name on the document, for the store desk. */
  holderName: string | null;
  verifiedAt: number;
}

export interface OrderEsimProfile {
  profileId: string;
  smdpAddress: string;
  matchingId: string;
}

export interface OrderRecord extends Omit<NewOrder, 'eta'> {
  /** Each status reached, with when (ms), oldest first. */
  history: { status: OrderStatus; at: number }[];
  /** The courier's job, once booked. */
  courierJobId: string | null;
  /** The courier's expected arrival (ms), while on the way. */
  eta: number | null;
  /** The eSIM profile, once issued. */
  esim: OrderEsimProfile | null;
  /** When the provider was last asked for news (GET /me/order asks at most every few seconds). */
  refreshedAt: number | null;
  updatedAt: number;
}

/** A move of an order; what is absent stays as it is. A final status (delivered, collected, installed) never moves. */
export interface OrderUpdate {
  status?: OrderStatus;
  history?: { status: OrderStatus; at: number }[];
  courierJobId?: string;
  eta?: number | null;
  esim?: OrderEsimProfile;
  refreshedAt?: number;
}

/** Delivery: zones and stores are reference data; orders are per user. */
export interface FulfilmentRepository {
  listDeliveryZones(): Promise<DeliveryZoneRecord[]>;
  listStoreLocations(): Promise<StoreLocationRecord[]>;
  getStoreLocation(id: string): Promise<StoreLocationRecord | null>;
  /**
   * Places the user's one order, in one transaction: when the user has none, inserts it (its
   * first status in the history) and, with keepHold, keeps the user's hold of the order's number
   * for good, as a capture does (a cash-on-delivery SIM is not paid yet, but its number is
   * promised). When the user already has an order (a double click, a second tab, a retry), changes
   * nothing and answers that order (created false). A unique index keeps one order per user
   * even when two processes race. An order of a user with no captured payment (cash on delivery,
   * or paid at the store) is a sale of its own: when its identity's document already has
   * `simsPerDocument` SIMs sold to others (MAX_SIMS_PER_DOCUMENT by default), nothing is written
   * and SimLimitReachedError is thrown.
   */
  placeOrder(order: NewOrder, keepHold: boolean, simsPerDocument?: number): Promise<{ created: boolean; order: OrderRecord }>;
  /** The user's order; null when none. Nobody reads another user's order. */
  getOrder(uid: string): Promise<OrderRecord | null>;
  /** Moves the user's order; null when there is no such order. A final status is kept (the update is ignored). */
  updateOrder(uid: string, id: string, update: OrderUpdate, now: number): Promise<OrderRecord | null>;
  /** Withdraws an order no provider took (no courier job, no eSIM profile); false when it has one or is gone. */
  withdrawOrder(uid: string, id: string): Promise<boolean>;
}
