import type { AuditAction, AuditEntry } from '@join/shared/contract';

/** A shop, with the payment terminal at its counter. */
export interface ShopRecord {
  id: string;
  name: string;
  nameAr: string;
  terminalId: string;
}

export type StaffRole = 'staff' | 'manager';

export interface StaffRecord {
  staffId: string;
  shopId: string;
  name: string;
  role: StaffRole;
  pinHash: string;
  failedCount: number;
  lockedUntil: number | null;
}

export interface NewStaff {
  staffId: string;
  shopId: string;
  name: string;
  role: StaffRole;
  pinHash: string;
  createdAt: number;
}

export interface DeviceRecord {
  id: string;
  shopId: string;
  enrolledBy: string;
  enrolledAt: number;
  revokedAt: number | null;
  failedCount: number;
  lockedUntil: number | null;
}

export type AuthorizationStatus = 'pending' | 'approved' | 'denied' | 'consumed';

/** An RFC 8628 device authorization: the code a device polls with (hashed) and the code a manager types. */
export interface AuthorizationRecord {
  deviceCodeHash: string;
  userCode: string;
  createdAt: number;
  expiresAt: number;
  intervalS: number;
  status: AuthorizationStatus;
  shopId: string | null;
  deviceId: string | null;
  approvedBy: string | null;
  lastPolledAt: number | null;
}

export interface NewAuthorization {
  deviceCodeHash: string;
  userCode: string;
  createdAt: number;
  expiresAt: number;
  intervalS: number;
}

export interface Decision {
  userCode: string;
  decision: 'approve' | 'deny';
  shopId: string;
  /** The device id the approval assigns (null on a denial). */
  deviceId: string | null;
  staffId: string;
  now: number;
}

export interface StaffCredentialRecord {
  tokenHash: string;
  deviceId: string;
  staffId: string;
  createdAt: number;
  expiresAt: number;
  endedAt: number | null;
}

export interface ManagerCredentialRecord {
  tokenHash: string;
  staffId: string;
  createdAt: number;
  expiresAt: number;
  approveFailures: number;
  endedAt: number | null;
}

export interface CustomerSessionRecord {
  sessionHash: string;
  uid: string;
  shopId: string;
  deviceId: string;
  staffId: string;
  startedAt: number;
  endedAt: number | null;
}

export interface NewAuditEntry {
  at: number;
  action: AuditAction;
  shopId: string;
  deviceId: string | null;
  staffId: string | null;
  ref: string | null;
}

/** Shops, staff, shop devices, their credentials, the retail customer sessions and the audit. */
export interface RetailRepository {
  // --- shops and staff (the seed and the retail:add command) ---
  upsertShop(shop: ShopRecord): Promise<void>;
  findShop(id: string): Promise<ShopRecord | null>;
  /** Adds a staff member, or replaces the name, role, shop and PIN of one with that id (the lock is cleared). */
  putStaff(staff: NewStaff): Promise<void>;
  findStaff(staffId: string): Promise<StaffRecord | null>;
  /** The wrong-PIN count and lock of one staff member (the service applies the rules). */
  setStaffFailures(staffId: string, failedCount: number, lockedUntil: number | null): Promise<void>;

  // --- enrolment (RFC 8628) ---
  /** Adds a waiting authorization; false when its user code is already waiting (draw another). Expired ones are dropped first. */
  createAuthorization(authorization: NewAuthorization): Promise<boolean>;
  findAuthorization(deviceCodeHash: string): Promise<AuthorizationRecord | null>;
  /** A poll: its time, and the interval (raised on slow_down). */
  recordPoll(deviceCodeHash: string, now: number, intervalS: number): Promise<void>;
  /** Approves or denies the waiting, unexpired authorization with this user code; false when there is none (unknown, decided, expired). */
  decideAuthorization(decision: Decision): Promise<boolean>;
  /**
   * The approved authorization exchanged for the device, once: the device row is written with
   * its secret's hash and the authorization marked consumed, together. null when it was not
   * (or no longer) approved.
   */
  consumeAuthorization(deviceCodeHash: string, secretHash: string, now: number): Promise<DeviceRecord | null>;
  findDeviceBySecret(secretHash: string): Promise<DeviceRecord | null>;
  setDeviceFailures(deviceId: string, failedCount: number, lockedUntil: number | null): Promise<void>;

  // --- credentials ---
  /** A staff sign-in on a device; any other staff sign-in open on that device ends. */
  createStaffCredential(credential: Omit<StaffCredentialRecord, 'endedAt'>): Promise<void>;
  findStaffCredential(tokenHash: string): Promise<StaffCredentialRecord | null>;
  /** Ends the device's open staff sign-ins; how many. */
  endStaffCredentials(deviceId: string, now: number): Promise<number>;
  createManagerCredential(credential: Omit<ManagerCredentialRecord, 'endedAt' | 'approveFailures'>): Promise<void>;
  findManagerCredential(tokenHash: string): Promise<ManagerCredentialRecord | null>;
  /** Counts a wrong pairing code against the manager's sign-in; ends it at `limit`. The new count. */
  addApproveFailure(tokenHash: string, limit: number, now: number): Promise<number>;

  // --- customer sessions on a shop device ---
  /** Whether any visitor ever used this device id (a shop device starts each customer on a fresh one). */
  deviceIdUsed(deviceId: string): Promise<boolean>;
  recordCustomerSession(session: Omit<CustomerSessionRecord, 'endedAt'>): Promise<void>;
  findCustomerSession(sessionHash: string): Promise<CustomerSessionRecord | null>;
  /** The newest retail customer session of a visitor (ended or not). */
  latestCustomerSessionOf(uid: string): Promise<CustomerSessionRecord | null>;
  openCustomerSessionsOf(deviceId: string): Promise<CustomerSessionRecord[]>;
  /**
   * The open retail customer session a visitor's session belongs to: the one it started, or,
   * after a login replaced the session (a new token), the visitor's newest open one.
   */
  openCustomerSessionFor(sessionHash: string, uid: string): Promise<CustomerSessionRecord | null>;
  /** Deletes every session of a visitor (a wiped customer keeps none, whichever login made it). */
  deleteSessionsOf(uid: string): Promise<number>;
  /** Marks it ended with its reason; false when it already was. */
  endCustomerSession(sessionHash: string, now: number, reason: string): Promise<boolean>;

  // --- audit ---
  appendAudit(entry: NewAuditEntry): Promise<void>;
  /** A shop's entries in [from, to), newest first, with the staff member's name. */
  listAudit(shopId: string, from: number, to: number, limit: number): Promise<AuditEntry[]>;
  /** Housekeeping: audit entries older than `before` (the retention period); and dead authorizations and credentials. */
  pruneRetail(auditBefore: number, now: number): Promise<number>;
}
