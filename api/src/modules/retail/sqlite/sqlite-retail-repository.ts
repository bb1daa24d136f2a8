import type { Database } from 'better-sqlite3';
import type { AuditEntry } from '@join/shared/contract';
import { immediate, isUniqueViolation } from '../../../platform/db/transaction';
import type {
  AuthorizationRecord,
  CustomerSessionRecord,
  Decision,
  DeviceRecord,
  ManagerCredentialRecord,
  NewAuditEntry,
  NewAuthorization,
  NewStaff,
  RetailRepository,
  ShopRecord,
  StaffCredentialRecord,
  StaffRecord,
} from '../repository';
import { DEAD_KEPT_MS, toAuditEntry } from '../retail-rows';
import { retailStatements } from './retail-statements';

/** The embedded SQLite implementation of RetailRepository. */
export class SqliteRetailRepository implements RetailRepository {
  private readonly s: ReturnType<typeof retailStatements>;

  constructor(private readonly db: Database) {
    this.s = retailStatements(db);
  }

  async upsertShop(shop: ShopRecord): Promise<void> {
    this.s.upsertShop.run(shop);
  }

  async findShop(id: string): Promise<ShopRecord | null> {
    return this.s.shop.get(id) ?? null;
  }

  async putStaff(staff: NewStaff): Promise<void> {
    this.s.putStaff.run(staff);
  }

  async findStaff(staffId: string): Promise<StaffRecord | null> {
    return this.s.staff.get(staffId) ?? null;
  }

  async setStaffFailures(staffId: string, failedCount: number, lockedUntil: number | null): Promise<void> {
    this.s.staffFailures.run(failedCount, lockedUntil, staffId);
  }

  async createAuthorization(authorization: NewAuthorization): Promise<boolean> {
    try {
      immediate(this.db, () => {
        this.s.dropExpiredPending.run(authorization.createdAt);
        this.s.insertAuthorization.run(authorization);
      });
      return true;
    } catch (e) {
      if (isUniqueViolation(e)) return false;
      throw e;
    }
  }

  async findAuthorization(deviceCodeHash: string): Promise<AuthorizationRecord | null> {
    return this.s.authorization.get(deviceCodeHash) ?? null;
  }

  async recordPoll(deviceCodeHash: string, now: number, intervalS: number): Promise<void> {
    this.s.poll.run(now, intervalS, deviceCodeHash);
  }

  async decideAuthorization(d: Decision): Promise<boolean> {
    const status = d.decision === 'approve' ? 'approved' : 'denied';
    return this.s.decide.run({ status, shopId: d.shopId, deviceId: d.deviceId, staffId: d.staffId, now: d.now, userCode: d.userCode }).changes === 1;
  }

  async consumeAuthorization(deviceCodeHash: string, secretHash: string, now: number): Promise<DeviceRecord | null> {
    return immediate(this.db, () => {
      const found = this.s.authorization.get(deviceCodeHash);
      if (!found || found.status !== 'approved' || !found.deviceId || !found.shopId || !found.approvedBy) return null;
      if (this.s.consume.run(deviceCodeHash).changes !== 1) return null;
      this.s.insertDevice.run(found.deviceId, found.shopId, secretHash, found.approvedBy, now);
      return this.s.deviceById.get(found.deviceId) ?? null;
    });
  }

  async findDeviceBySecret(secretHash: string): Promise<DeviceRecord | null> {
    return this.s.deviceBySecret.get(secretHash) ?? null;
  }

  async setDeviceFailures(deviceId: string, failedCount: number, lockedUntil: number | null): Promise<void> {
    this.s.deviceFailures.run(failedCount, lockedUntil, deviceId);
  }

  async createStaffCredential(credential: Omit<StaffCredentialRecord, 'endedAt'>): Promise<void> {
    immediate(this.db, () => {
      this.s.endStaffCredentials.run(credential.createdAt, credential.deviceId);
      this.s.insertStaffCredential.run(credential);
    });
  }

  async findStaffCredential(tokenHash: string): Promise<StaffCredentialRecord | null> {
    return this.s.staffCredential.get(tokenHash) ?? null;
  }

  async endStaffCredentials(deviceId: string, now: number): Promise<number> {
    return this.s.endStaffCredentials.run(now, deviceId).changes;
  }

  async createManagerCredential(credential: Omit<ManagerCredentialRecord, 'endedAt' | 'approveFailures'>): Promise<void> {
    this.s.insertManagerCredential.run(credential);
  }

  async findManagerCredential(tokenHash: string): Promise<ManagerCredentialRecord | null> {
    return this.s.managerCredential.get(tokenHash) ?? null;
  }

  async addApproveFailure(tokenHash: string, limit: number, now: number): Promise<number> {
    return this.s.approveFailure.get({ tokenHash, limit, now })?.approveFailures ?? 0;
  }

  async deviceIdUsed(deviceId: string): Promise<boolean> {
    return this.s.deviceIdUsed.get(deviceId) !== undefined;
  }

  async recordCustomerSession(session: Omit<CustomerSessionRecord, 'endedAt'>): Promise<void> {
    this.s.insertCustomerSession.run(session);
  }

  async findCustomerSession(sessionHash: string): Promise<CustomerSessionRecord | null> {
    return this.s.customerSession.get(sessionHash) ?? null;
  }

  async latestCustomerSessionOf(uid: string): Promise<CustomerSessionRecord | null> {
    return this.s.latestCustomerSession.get(uid) ?? null;
  }

  async openCustomerSessionsOf(deviceId: string): Promise<CustomerSessionRecord[]> {
    return this.s.openCustomerSessions.all(deviceId);
  }

  async openCustomerSessionFor(sessionHash: string, uid: string): Promise<CustomerSessionRecord | null> {
    const own = this.s.customerSession.get(sessionHash);
    if (own) return own.endedAt === null && own.uid === uid ? own : null;
    return this.s.latestOpenCustomerSession.get(uid) ?? null;
  }

  async deleteSessionsOf(uid: string): Promise<number> {
    return this.s.deleteSessionsOf.run(uid).changes;
  }

  async endCustomerSession(sessionHash: string, now: number, reason: string): Promise<boolean> {
    return this.s.endCustomerSession.run(now, reason, sessionHash).changes === 1;
  }

  async appendAudit(entry: NewAuditEntry): Promise<void> {
    this.s.appendAudit.run(entry);
  }

  async listAudit(shopId: string, from: number, to: number, limit: number): Promise<AuditEntry[]> {
    return this.s.listAudit.all(shopId, from, to, limit).map(toAuditEntry);
  }

  async pruneRetail(auditBefore: number, now: number): Promise<number> {
    return immediate(this.db, () => {
      const dead = now - DEAD_KEPT_MS;
      this.s.pruneAuthorizations.run(dead);
      this.s.pruneStaffCredentials.run(dead, dead);
      this.s.pruneManagerCredentials.run(dead, dead);
      return this.s.pruneAudit.run(auditBefore).changes;
    });
  }
}
