import type { SessionRepository } from '../../../platform/sessions/repository';
import type { RetailRepository } from '../repository';
import { NOW, type RepositoryImplementation, describeRepositoryContract } from '../../../testing/repository-contract';

/** What the suite runs against: the retail repository, and the sessions its customer sessions refer to. */
export type RetailContractSubject = RetailRepository & SessionRepository;

const DAY = 24 * 3600_000;
const hash = (label: string) => label.padEnd(64, '0');
/** A distinct pairing code per number: its base-20 digits in the contract's alphabet. */
const codeOf = (n: number) => Array.from({ length: 8 }, (_, i) => 'BCDFGHJKLMNPQRSTVWXZ'[Math.floor(n / 20 ** i) % 20]).join('');
const refused = (p: Promise<unknown>) => p.then(() => false, () => true);

/** The behaviour every RetailRepository must have, whatever database implements it. */
export function describeRetailRepositoryContract(name: string, impl: RepositoryImplementation<RetailContractSubject>): void {
  describeRepositoryContract('RetailRepository', name, impl, (repos, { newSession }) => {
    let codes = 0;
    /** A waiting authorization with a user code of its own. */
    const waiting = async () => {
      codes += 1;
      const userCode = codeOf(codes);
      const deviceCodeHash = hash(`code-${codes}`);
      expect(await repos.createAuthorization({ deviceCodeHash, userCode, createdAt: NOW, expiresAt: NOW + 600_000, intervalS: 5 })).toBe(true);
      return { deviceCodeHash, userCode };
    };
    const enrolled = async (shopId = 'dxb-mall') => {
      const { deviceCodeHash, userCode } = await waiting();
      expect(await repos.decideAuthorization({ userCode, decision: 'approve', shopId, deviceId: `dev-${codes}`, staffId: 'M1001', now: NOW })).toBe(true);
      const device = await repos.consumeAuthorization(deviceCodeHash, hash(`secret-${codes}`), NOW);
      if (!device) throw new Error('not enrolled');
      return device;
    };

    it('has the sandbox shops with their terminals, and their staff with hashed PINs', async () => {
      expect(await repos.findShop('dxb-mall')).toEqual({ id: 'dxb-mall', name: 'Dubai Mall', nameAr: 'دبي مول', terminalId: 'term-dxb-mall' });
      expect(await repos.findShop('auh-marina')).toMatchObject({ terminalId: 'term-auh-marina' });
      const manager = await repos.findStaff('M1001');
      expect(manager).toMatchObject({ shopId: 'dxb-mall', role: 'manager', failedCount: 0, lockedUntil: null });
      expect(manager?.pinHash).toMatch(/^scrypt\$/);
      expect(manager?.pinHash).not.toContain('246810');
    });

    it('puts a staff member, replacing name, role and PIN and clearing a lock', async () => {
      await repos.upsertShop({ id: 'shj-city', name: 'City Centre Sharjah', nameAr: 'سيتي سنتر الشارقة', terminalId: 'term-shj-city' });
      await repos.putStaff({ staffId: 'S3001', shopId: 'shj-city', name: 'A', role: 'staff', pinHash: 'scrypt$x', createdAt: NOW });
      await repos.setStaffFailures('S3001', 5, NOW + 1000);
      await repos.putStaff({ staffId: 'S3001', shopId: 'shj-city', name: 'B', role: 'manager', pinHash: 'scrypt$y', createdAt: NOW });
      expect(await repos.findStaff('S3001')).toMatchObject({ name: 'B', role: 'manager', pinHash: 'scrypt$y', failedCount: 0, lockedUntil: null });
      expect(await refused(repos.putStaff({ staffId: 'S3002', shopId: 'no-such-shop', name: 'C', role: 'staff', pinHash: 'x', createdAt: NOW }))).toBe(true);
    });

    it('decides a waiting code once, and exchanges an approved one for its device once', async () => {
      const { deviceCodeHash, userCode } = await waiting();
      const approve = { userCode, decision: 'approve' as const, shopId: 'dxb-mall', deviceId: 'dev-once', staffId: 'M1001', now: NOW };
      expect(await repos.decideAuthorization(approve)).toBe(true);
      expect(await repos.decideAuthorization({ ...approve, decision: 'deny', deviceId: null })).toBe(false);
      const device = await repos.consumeAuthorization(deviceCodeHash, hash('secret-once'), NOW);
      expect(device).toMatchObject({ id: 'dev-once', shopId: 'dxb-mall', enrolledBy: 'M1001', revokedAt: null });
      expect(await repos.consumeAuthorization(deviceCodeHash, hash('secret-twice'), NOW)).toBeNull();
      expect(await repos.findDeviceBySecret(hash('secret-once'))).toMatchObject({ id: 'dev-once' });
      expect(await repos.findDeviceBySecret(hash('secret-twice'))).toBeNull();
    });

    it('decides no expired code, and keeps a waiting user code unique', async () => {
      const { userCode } = await waiting();
      expect(await repos.decideAuthorization({ userCode, decision: 'approve', shopId: 'dxb-mall', deviceId: 'dev-late', staffId: 'M1001', now: NOW + 600_000 })).toBe(false);
      expect(await repos.createAuthorization({ deviceCodeHash: hash('clash'), userCode, createdAt: NOW, expiresAt: NOW + 600_000, intervalS: 5 })).toBe(false);
      // Once it expired, its user code may be drawn again.
      expect(await repos.createAuthorization({ deviceCodeHash: hash('clash'), userCode, createdAt: NOW + 600_000, expiresAt: NOW + 1_200_000, intervalS: 5 })).toBe(true);
    });

    it('keeps one open staff sign-in per device', async () => {
      const device = await enrolled();
      await repos.createStaffCredential({ tokenHash: hash('staff-a'), deviceId: device.id, staffId: 'S1001', createdAt: NOW, expiresAt: NOW + DAY });
      await repos.createStaffCredential({ tokenHash: hash('staff-b'), deviceId: device.id, staffId: 'S1002', createdAt: NOW + 1, expiresAt: NOW + DAY });
      expect((await repos.findStaffCredential(hash('staff-a')))?.endedAt).toBe(NOW + 1);
      expect((await repos.findStaffCredential(hash('staff-b')))?.endedAt).toBeNull();
      expect(await repos.endStaffCredentials(device.id, NOW + 2)).toBe(1);
    });

    it('ends a manager’s sign-in at the limit of wrong codes', async () => {
      await repos.createManagerCredential({ tokenHash: hash('mgr'), staffId: 'M1001', createdAt: NOW, expiresAt: NOW + 900_000 });
      expect(await repos.addApproveFailure(hash('mgr'), 2, NOW)).toBe(1);
      expect((await repos.findManagerCredential(hash('mgr')))?.endedAt).toBeNull();
      expect(await repos.addApproveFailure(hash('mgr'), 2, NOW + 5)).toBe(2);
      expect((await repos.findManagerCredential(hash('mgr')))?.endedAt).toBe(NOW + 5);
    });

    // Several calls at once: on a database with several connections (PostgreSQL's pool) they run
    // concurrently, and each step must still decide once.
    it('exchanges a device code for one device when exchanges race, and decides a code once when decisions race', async () => {
      const { deviceCodeHash, userCode } = await waiting();
      const decisions = await Promise.all(
        [1, 2, 3, 4].map((i) => repos.decideAuthorization({ userCode, decision: 'approve', shopId: 'dxb-mall', deviceId: `dev-race-${codes}-${i}`, staffId: 'M1001', now: NOW })),
      );
      expect(decisions.filter(Boolean)).toHaveLength(1);
      const decided = await repos.findAuthorization(deviceCodeHash);
      expect(decided?.deviceId).toBe(`dev-race-${codes}-${decisions.indexOf(true) + 1}`);
      const devices = await Promise.all([1, 2, 3, 4].map((i) => repos.consumeAuthorization(deviceCodeHash, hash(`secret-race-${i}`), NOW)));
      expect(devices.filter((d) => d !== null)).toEqual([expect.objectContaining({ id: decided?.deviceId })]);
    });

    it('keeps one open staff sign-in per device when sign-ins race, and counts every wrong code when they race', async () => {
      const device = await enrolled();
      await Promise.all(
        ['S1001', 'S1002', 'S1001', 'S1002'].map((staffId, i) =>
          repos.createStaffCredential({ tokenHash: hash(`staff-race-${codes}-${i}`), deviceId: device.id, staffId, createdAt: NOW + i, expiresAt: NOW + DAY }),
        ),
      );
      expect(await repos.endStaffCredentials(device.id, NOW + 10)).toBe(1);
      await repos.createManagerCredential({ tokenHash: hash('mgr-race'), staffId: 'M1001', createdAt: NOW, expiresAt: NOW + 900_000 });
      const counts = await Promise.all([1, 2, 3, 4, 5].map(() => repos.addApproveFailure(hash('mgr-race'), 5, NOW)));
      expect([...counts].sort()).toEqual([1, 2, 3, 4, 5]);
      expect((await repos.findManagerCredential(hash('mgr-race')))?.endedAt).toBe(NOW);
    });

    it('finds a customer session by its own token, or the visitor’s newest open one; ends it once; deletes all of the visitor’s sessions', async () => {
      const device = await enrolled();
      const { uid, tokenHash } = await newSession();
      expect(await repos.openCustomerSessionFor(tokenHash, uid)).toBeNull();
      await repos.recordCustomerSession({ sessionHash: tokenHash, uid, shopId: 'dxb-mall', deviceId: device.id, staffId: 'S1001', startedAt: NOW });
      expect(await repos.openCustomerSessionFor(tokenHash, uid)).toMatchObject({ sessionHash: tokenHash, deviceId: device.id });
      expect(await repos.openCustomerSessionFor(hash('after-a-login'), uid)).toMatchObject({ sessionHash: tokenHash });
      expect(await repos.openCustomerSessionFor(tokenHash, 'someone-else')).toBeNull();
      expect(await repos.openCustomerSessionsOf(device.id)).toHaveLength(1);
      expect(await repos.deleteSessionsOf(uid)).toBe(1);
      expect(await repos.findSession(tokenHash)).toBeNull();
      expect(await repos.endCustomerSession(tokenHash, NOW + 1, 'idle')).toBe(true);
      expect(await repos.endCustomerSession(tokenHash, NOW + 2, 'idle')).toBe(false);
      expect(await repos.openCustomerSessionFor(tokenHash, uid)).toBeNull();
      expect(await repos.latestCustomerSessionOf(uid)).toMatchObject({ endedAt: NOW + 1 });
    });

    it('keeps the audit append-only: entries listed per shop, newest first, never updated; old ones swept', async () => {
      const device = await enrolled('auh-marina');
      await repos.appendAudit({ at: NOW - 401 * DAY, action: 'staff_signed_in', shopId: 'auh-marina', deviceId: device.id, staffId: 'S2001', ref: null });
      await repos.appendAudit({ at: NOW, action: 'payment_taken', shopId: 'auh-marina', deviceId: device.id, staffId: 'S2001', ref: 'pay_x' });
      await repos.appendAudit({ at: NOW, action: 'payment_taken', shopId: 'dxb-mall', deviceId: null, staffId: 'S1001', ref: 'pay_y' });
      const listed = await repos.listAudit('auh-marina', NOW - 500 * DAY, NOW + 1, 10);
      expect(listed.map((e) => [e.action, e.staff_name, e.ref])).toEqual([
        ['payment_taken', 'Aisha Rahman', 'pay_x'],
        ['staff_signed_in', 'Aisha Rahman', null],
      ]);
      expect(listed[0]?.at).toBe(new Date(NOW).toISOString());
      expect(await repos.pruneRetail(NOW - 400 * DAY, NOW)).toBe(1);
      expect(await repos.listAudit('auh-marina', NOW - 500 * DAY, NOW + 1, 10)).toHaveLength(1);
    });
  });
}
