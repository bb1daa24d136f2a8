import type { BusinessConfig, PackagePrice, Product, ProductCategory } from '@join/shared/contract';
import type { FlowFlagChange, FlowState } from '../domain/flow-status';

/**
 * The one boundary between the API and its database. Routes call these operations and never
 * write SQL, so a PostgreSQL implementation can replace the embedded SQLite one for
 * multi-instance deployments. Every method is async for that reason, even though SQLite
 * answers synchronously. Each method that changes more than one row is one transaction.
 */
export interface UserRecord {
  uid: string;
  deviceId: string;
}

export interface SessionRecord {
  uid: string;
  deviceId: string;
  createdAt: number;
  lastSeenAt: number;
}

export interface NumberRecord {
  msisdn: string;
  vanityLevel: number;
}

export interface HoldRecord extends NumberRecord {
  reservedAt: number;
  heldUntil: number;
}

export interface SavedPlanRecord {
  id: number;
  productCode: number;
  planIds: number[];
  price: PackagePrice;
}

export interface NewSavedPlan {
  productCode: number;
  planIds: number[];
  price: PackagePrice;
}

export type ReserveResult = { kind: 'reserved'; hold: HoldRecord } | { kind: 'unknown' } | { kind: 'taken' };
/** not_held covers someone else's hold, a free number and an unknown one alike: holds are private. */
export type CancelResult = 'cancelled' | 'expired' | 'not_held';
export type ProductFilter = { codes: readonly number[] } | { category: ProductCategory };

export interface Store {
  // --- users and sessions; session ids are stored only as hashes ---
  findOrCreateUser(deviceId: string, uid: string, now: number): Promise<UserRecord>;
  createSession(tokenHash: string, user: UserRecord, now: number): Promise<void>;
  findSession(tokenHash: string): Promise<SessionRecord | null>;
  touchSession(tokenHash: string, now: number): Promise<void>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Removes sessions idle since before `idleBefore` or created before `createdBefore`. */
  deleteStaleSessions(idleBefore: number, createdBefore: number): Promise<number>;

  // --- flow state of a user (the facts flags are derived from) ---
  getFlowState(uid: string, now: number): Promise<FlowState>;
  updateFlowFlags(uid: string, change: FlowFlagChange): Promise<void>;

  // --- catalogue ---
  listProducts(filter: ProductFilter): Promise<Product[]>;
  getProduct(code: number): Promise<Product | null>;
  /** null when the user never chose a product (the default applies). */
  getCurrentProductCode(uid: string): Promise<number | null>;
  setCurrentProduct(uid: string, code: number, markSaved: boolean): Promise<void>;

  // --- saved plan: one per user; saving replaces it and makes its product current ---
  getSavedPlan(uid: string): Promise<SavedPlanRecord | null>;
  replaceSavedPlan(uid: string, plan: NewSavedPlan, now: number): Promise<SavedPlanRecord>;

  // --- content and configuration ---
  getBusinessConfig(): Promise<BusinessConfig>;
  getTranslations(containerId: string, language: string): Promise<Record<string, string>>;

  // --- numbers: a hold is live while held_until > now; anything else is free ---
  getActiveHold(uid: string, now: number): Promise<HoldRecord | null>;
  /** Releases the user's previous hold and claims `msisdn` until `heldUntil`, all or nothing. */
  reserveNumber(uid: string, msisdn: string, now: number, heldUntil: number): Promise<ReserveResult>;
  /** Releases the user's hold on `msisdn`; a cancel also moves a multi-month product back to `defaultProductCode`. */
  cancelHold(uid: string, msisdn: string, now: number, defaultProductCode: number): Promise<CancelResult>;
  /** Up to `count` distinct free numbers of the given vanity levels, spread at random over the pool. */
  pickFreeNumbers(count: number, vanityLevels: readonly number[], now: number, random: () => number): Promise<NumberRecord[]>;
  /** Housekeeping: clears holds that ended before `before`; reads already treat them as free. */
  releaseExpiredHolds(before: number): Promise<number>;

  close(): Promise<void>;
}
