import type { AuditEntry } from '@join/shared/contract';
import type { PgDatabase } from '../../../platform/db/postgres/pg-database';
import { pgSessionSteps } from '../../../platform/sessions/postgres/pg-session-repository';
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
import { DEAD_KEPT_MS, toAuditEntry, type AuditRow } from '../retail-rows';
import { RETAIL_SQL as SQL } from './retail-statements';

/**
 * The PostgreSQL implementation of RetailRepository (the SQLite one's statements, $n
 * placeholders). Most steps are one statement whose row count answers; the two that read and
 * then write lock what they read (see consumeAuthorization, createStaffCredential).
 */
export class PgRetailRepository implements RetailRepository {
  private readonly sessions: ReturnType<typeof pgSessionSteps>;

  constructor(private readonly db: PgDatabase) {
    this.sessions = pgSessionSteps(db);
  }

  async upsertShop(shop: ShopRecord): Promise<void> {
    await this.db.run(SQL.upsertShop, [shop.id, shop.name, shop.nameAr, shop.terminalId]);
  }

  async findShop(id: string): Promise<ShopRecord | null> {
    return (await this.db.maybe<ShopRecord>(SQL.shop, [id])) ?? null;
  }

  async putStaff(staff: NewStaff): Promise<void> {
    await this.db.run(SQL.putStaff, [staff.staffId, staff.shopId, staff.name, staff.role, staff.pinHash, staff.createdAt]);
  }

  async findStaff(staffId: string): Promise<StaffRecord | null> {
    return (await this.db.maybe<StaffRecord>(SQL.staff, [staffId])) ?? null;
  }

  async setStaffFailures(staffId: string, failedCount: number, lockedUntil: number | null): Promise<void> {
    await this.db.run(SQL.staffFailures, [failedCount, lockedUntil, staffId]);
  }

  async createAuthorization(a: NewAuthorization): Promise<boolean> {
    // One transaction: expired waiting codes go, then the insert. What protects it: the partial
    // unique index on a waiting user code (and the device code's key); a clash inserts nothing
    // (ON CONFLICT DO NOTHING, waiting for a concurrent insert of the same code to commit or not),
    // and the row count answers.
    return this.db.transaction(async () => {
      await this.db.run(SQL.dropExpiredPending, [a.createdAt]);
      return (await this.db.run(SQL.insertAuthorization, [a.deviceCodeHash, a.userCode, a.createdAt, a.expiresAt, a.intervalS])) === 1;
    });
  }

  async findAuthorization(deviceCodeHash: string): Promise<AuthorizationRecord | null> {
    return (await this.db.maybe<AuthorizationRecord>(SQL.authorization, [deviceCodeHash])) ?? null;
  }

  async recordPoll(deviceCodeHash: string, now: number, intervalS: number): Promise<void> {
    await this.db.run(SQL.poll, [now, intervalS, deviceCodeHash]);
  }

  async decideAuthorization(d: Decision): Promise<boolean> {
    // One conditional UPDATE: of two decisions at once the second waits for the first's row lock,
    // finds the code no longer pending and changes nothing.
    const status = d.decision === 'approve' ? 'approved' : 'denied';
    return (await this.db.run(SQL.decide, [status, d.shopId, d.deviceId, d.staffId, d.now, d.userCode])) === 1;
  }

  async consumeAuthorization(deviceCodeHash: string, secretHash: string, now: number): Promise<DeviceRecord | null> {
    // One transaction. What protects it: the authorization's row is locked as it is read (FOR
    // UPDATE), so two exchanges of one device code run one after the other and the second finds
    // it consumed; the conditional UPDATE's row count confirms it.
    return this.db.transaction(async () => {
      const found = await this.db.maybe<AuthorizationRecord>(SQL.authorizationForUpdate, [deviceCodeHash]);
      if (!found || found.status !== 'approved' || !found.deviceId || !found.shopId || !found.approvedBy) return null;
      if ((await this.db.run(SQL.consume, [deviceCodeHash])) !== 1) return null;
      await this.db.run(SQL.insertDevice, [found.deviceId, found.shopId, secretHash, found.approvedBy, now]);
      return (await this.db.maybe<DeviceRecord>(SQL.deviceById, [found.deviceId])) ?? null;
    });
  }

  async findDeviceBySecret(secretHash: string): Promise<DeviceRecord | null> {
    return (await this.db.maybe<DeviceRecord>(SQL.deviceBySecret, [secretHash])) ?? null;
  }

  async setDeviceFailures(deviceId: string, failedCount: number, lockedUntil: number | null): Promise<void> {
    await this.db.run(SQL.deviceFailures, [failedCount, lockedUntil, deviceId]);
  }

  async createStaffCredential(c: Omit<StaffCredentialRecord, 'endedAt'>): Promise<void> {
    // One transaction. What protects it: the device's row lock (FOR NO KEY UPDATE), so two
    // sign-ins on one device run one after the other and the second ends the first: one open
    // staff sign-in per device, as SQLite's one writer kept it.
    await this.db.transaction(async () => {
      await this.db.query(SQL.lockDevice, [c.deviceId]);
      await this.db.run(SQL.endStaffCredentials, [c.createdAt, c.deviceId]);
      await this.db.run(SQL.insertStaffCredential, [c.tokenHash, c.deviceId, c.staffId, c.createdAt, c.expiresAt]);
    });
  }

  async findStaffCredential(tokenHash: string): Promise<StaffCredentialRecord | null> {
    return (await this.db.maybe<StaffCredentialRecord>(SQL.staffCredential, [tokenHash])) ?? null;
  }

  async endStaffCredentials(deviceId: string, now: number): Promise<number> {
    return this.db.run(SQL.endStaffCredentials, [now, deviceId]);
  }

  async createManagerCredential(c: Omit<ManagerCredentialRecord, 'endedAt' | 'approveFailures'>): Promise<void> {
    await this.db.run(SQL.insertManagerCredential, [c.tokenHash, c.staffId, c.createdAt, c.expiresAt]);
  }

  async findManagerCredential(tokenHash: string): Promise<ManagerCredentialRecord | null> {
    return (await this.db.maybe<ManagerCredentialRecord>(SQL.managerCredential, [tokenHash])) ?? null;
  }

  async addApproveFailure(tokenHash: string, limit: number, now: number): Promise<number> {
    return (await this.db.maybe<{ approveFailures: number }>(SQL.approveFailure, [tokenHash, limit, now]))?.approveFailures ?? 0;
  }

  async deviceIdUsed(deviceId: string): Promise<boolean> {
    return (await this.db.maybe(SQL.deviceIdUsed, [deviceId])) !== undefined;
  }

  async recordCustomerSession(s: Omit<CustomerSessionRecord, 'endedAt'>): Promise<void> {
    await this.db.run(SQL.insertCustomerSession, [s.sessionHash, s.uid, s.shopId, s.deviceId, s.staffId, s.startedAt]);
  }

  async findCustomerSession(sessionHash: string): Promise<CustomerSessionRecord | null> {
    return (await this.db.maybe<CustomerSessionRecord>(SQL.customerSession, [sessionHash])) ?? null;
  }

  async latestCustomerSessionOf(uid: string): Promise<CustomerSessionRecord | null> {
    return (await this.db.maybe<CustomerSessionRecord>(SQL.latestCustomerSession, [uid])) ?? null;
  }

  async openCustomerSessionsOf(deviceId: string): Promise<CustomerSessionRecord[]> {
    return this.db.many<CustomerSessionRecord>(SQL.openCustomerSessions, [deviceId]);
  }

  async openCustomerSessionFor(sessionHash: string, uid: string): Promise<CustomerSessionRecord | null> {
    const own = await this.findCustomerSession(sessionHash);
    if (own) return own.endedAt === null && own.uid === uid ? own : null;
    return (await this.db.maybe<CustomerSessionRecord>(SQL.latestOpenCustomerSession, [uid])) ?? null;
  }

  async deleteSessionsOf(uid: string): Promise<number> {
    return this.sessions.deleteSessionsOf(uid);
  }

  async endCustomerSession(sessionHash: string, now: number, reason: string): Promise<boolean> {
    // One conditional UPDATE: of two ends at once, the second finds it ended and answers false.
    return (await this.db.run(SQL.endCustomerSession, [now, reason, sessionHash])) === 1;
  }

  async appendAudit(e: NewAuditEntry): Promise<void> {
    await this.db.run(SQL.appendAudit, [e.at, e.action, e.shopId, e.deviceId, e.staffId, e.ref]);
  }

  async listAudit(shopId: string, from: number, to: number, limit: number): Promise<AuditEntry[]> {
    const rows = await this.db.many<AuditRow>(SQL.listAudit, [shopId, from, to, limit]);
    return rows.map(toAuditEntry);
  }

  async pruneRetail(auditBefore: number, now: number): Promise<number> {
    // One transaction, for the sweep to be whole or nothing; each DELETE stands on its own.
    return this.db.transaction(async () => {
      const dead = now - DEAD_KEPT_MS;
      await this.db.run(SQL.pruneAuthorizations, [dead]);
      await this.db.run(SQL.pruneStaffCredentials, [dead]);
      await this.db.run(SQL.pruneManagerCredentials, [dead]);
      return this.db.run(SQL.pruneAudit, [auditBefore]);
    });
  }
}
