import type { AccountRepository } from '../repository';
import type { FlowRepository } from '../../flow/repository';
import type { IdentityRepository } from '../../identity/repository';
import type { SessionRepository } from '../../../platform/sessions/repository';
import { NOW, type RepositoryImplementation, describeRepositoryContract } from '../../../testing/repository-contract';

/** What the suite runs against: the account repository, and what its tests set up and observe through. */
export type AccountContractSubject = AccountRepository & SessionRepository & IdentityRepository & FlowRepository;

/** The behaviour every AccountRepository must have, whatever database implements it. */
export function describeAccountRepositoryContract(name: string, impl: RepositoryImplementation<AccountContractSubject>): void {
  describeRepositoryContract('AccountRepository', name, impl, (repos, { newUser }) => {
    describe('accounts', () => {
      it('has the seeded accounts and terminated line', async () => {
        const amira = await repos.findAccountByEmail('amira@example.com');
        expect(amira?.passwordHash).toMatch(/^scrypt\$32768\$8\$3\$/);
        expect(await repos.findAccountByEmail('noor@example.com')).toMatchObject({ passwordHash: null });
        expect(await repos.findAccountByEmail('former@example.com')).toBeNull();
        expect(await repos.listTerminatedNumbers('former@example.com')).toEqual([{ msisdn: '971585550147', terminatedAt: expect.any(Number) }]);
        expect(await repos.listTerminatedNumbers('amira@example.com')).toEqual([]);
      });

      it('creates an account for a proven e-mail once, and sets its password only once', async () => {
        const a = await repos.findOrCreateVerifiedAccount('new.one@example.com', 'acc-new-1', NOW);
        expect(a).toEqual({ id: 'acc-new-1', email: 'new.one@example.com', passwordHash: null, emailVerifiedAt: NOW, createdAt: NOW });
        expect(await repos.findOrCreateVerifiedAccount('new.one@example.com', 'acc-new-2', NOW + 1)).toEqual(a);
        expect(await repos.findAccountById('acc-new-1')).toEqual(a);
        expect(await repos.setPasswordIfNone(a.id, 'scrypt$32768$8$1$c2FsdA==$a2V5')).toBe(true);
        expect(await repos.setPasswordIfNone(a.id, 'scrypt$32768$8$1$b3RoZXI=$a2V5')).toBe(false);
        expect((await repos.findAccountById(a.id))?.passwordHash).toBe('scrypt$32768$8$1$c2FsdA==$a2V5');
      });

      it('upgrades a session in one step: the old token is gone, the new one carries the account, the user is linked; logout unlinks', async () => {
        const user = await newUser();
        const account = await repos.findOrCreateVerifiedAccount(`${user.uid}@example.com`, `acc-${user.uid}`, NOW);
        await repos.createSession(`old-${user.uid}`, user, NOW);
        expect(await repos.upgradeSession(`old-${user.uid}`, `new-${user.uid}`, user, account.id, 'code', NOW + 1)).toBe(true);
        expect(await repos.findSession(`old-${user.uid}`)).toBeNull();
        expect(await repos.findSession(`new-${user.uid}`)).toMatchObject({ uid: user.uid, accountId: account.id, loginMethod: 'code' });
        // The same old token cannot be upgraded twice (a parallel login lost).
        expect(await repos.upgradeSession(`old-${user.uid}`, `again-${user.uid}`, user, account.id, 'code', NOW + 2)).toBe(false);
        expect(await repos.findSession(`again-${user.uid}`)).toBeNull();
        await repos.endSession(`new-${user.uid}`);
        expect(await repos.findSession(`new-${user.uid}`)).toBeNull();
      });

      it('retires the device with a logout: every session of its user ends, the device id finds a new user', async () => {
        const user = await newUser();
        await repos.createSession(`one-${user.uid}`, user, NOW);
        await repos.createSession(`two-${user.uid}`, user, NOW);
        await repos.endSession(`one-${user.uid}`);
        expect(await repos.findSession(`two-${user.uid}`)).toBeNull();
        const again = await repos.findOrCreateUser(user.deviceId, `${user.uid}-next`, NOW + 1);
        expect(again).toEqual({ uid: `${user.uid}-next`, deviceId: user.deviceId });
        // The retired user's state stays (its order, its payment), reachable by no device id.
        expect(await repos.getFlowState(user.uid, NOW)).toBeDefined();
      });

      it('drops a check another account left half done when a new account logs in on the device', async () => {
        const user = await newUser();
        const a = await repos.findOrCreateVerifiedAccount(`${user.uid}.a@example.com`, `acc-a-${user.uid}`, NOW);
        const b = await repos.findOrCreateVerifiedAccount(`${user.uid}.b@example.com`, `acc-b-${user.uid}`, NOW);
        await repos.createSession(`s1-${user.uid}`, user, NOW);
        await repos.upgradeSession(`s1-${user.uid}`, `s2-${user.uid}`, user, a.id, 'code', NOW);
        await repos.saveDocumentSide(user.uid, a.id, 'passport', { side: 'data_page', image: Buffer.from('page'), source: 'upload', document: null, faceFound: true }, null, NOW, 30 * 60_000);
        // The same account again keeps it; another drops it.
        await repos.createSession(`s3-${user.uid}`, user, NOW);
        await repos.upgradeSession(`s3-${user.uid}`, `s4-${user.uid}`, user, a.id, 'code', NOW);
        expect(await repos.getIdentityCheck(user.uid, NOW)).not.toBeNull();
        await repos.createSession(`s5-${user.uid}`, user, NOW);
        await repos.upgradeSession(`s5-${user.uid}`, `s6-${user.uid}`, user, b.id, 'password', NOW);
        expect(await repos.getIdentityCheck(user.uid, NOW)).toBeNull();
      });

      it('keeps a social nonce for one use, until it expires', async () => {
        const user = await newUser();
        await repos.createSession(`nonce-${user.uid}`, user, NOW);
        await repos.setSocialNonce(`nonce-${user.uid}`, 'h1', NOW + 1000);
        expect(await repos.takeSocialNonce(`nonce-${user.uid}`, NOW)).toBe('h1');
        expect(await repos.takeSocialNonce(`nonce-${user.uid}`, NOW)).toBeNull();
        await repos.setSocialNonce(`nonce-${user.uid}`, 'h2', NOW + 1000);
        expect(await repos.takeSocialNonce(`nonce-${user.uid}`, NOW + 1000)).toBeNull();
      });

      it('links a social identity: known, to the account of its e-mail, or to a new account', async () => {
        const issuer = 'https://issuer.example';
        const noor = await repos.findAccountByEmail('noor@example.com');
        const linked = await repos.findOrLinkSocialAccount({ issuer, subject: 's-noor', email: 'noor@example.com' }, 'unused', NOW);
        expect(linked).toEqual({ kind: 'linked', account: expect.objectContaining({ id: noor?.id }) });
        const known = await repos.findOrLinkSocialAccount({ issuer, subject: 's-noor', email: 'changed@example.com' }, 'unused', NOW);
        expect(known).toEqual({ kind: 'known', account: expect.objectContaining({ id: noor?.id, email: 'noor@example.com' }) });
        const created = await repos.findOrLinkSocialAccount({ issuer, subject: 's-new', email: 'social.new@example.com' }, 'acc-social', NOW);
        expect(created).toEqual({ kind: 'created', account: expect.objectContaining({ id: 'acc-social', passwordHash: null, emailVerifiedAt: NOW }) });
      });

      it('reads, decides and writes a code row in one step, and keeps login failures per key', async () => {
        const row = { email: 'c@example.com', codeHash: 'h', salt: 's', expiresAt: NOW + 1, attempts: 0, sentAt: NOW, windowStartedAt: NOW, sendsInWindow: 1 };
        expect(await repos.updateVerificationCode('c@example.com', (current) => ({ next: row, result: current }))).toBeNull();
        expect(await repos.updateVerificationCode('c@example.com', (current) => ({ next: undefined, result: current }))).toEqual(row);
        const failure = (key: string) => ({ key, count: 1, firstAt: NOW, lastAt: NOW, lockedUntil: null });
        await repos.recordLoginFailures(['email:x', 'addr:1.2.3.4'], (prev, key) => (prev ? { ...prev, count: prev.count + 1 } : failure(key)));
        await repos.recordLoginFailures(['email:x'], (prev, key) => (prev ? { ...prev, count: prev.count + 1 } : failure(key)));
        expect((await repos.getLoginFailures(['email:x', 'addr:1.2.3.4', 'email:y'])).map((f) => [f.key, f.count])).toEqual([
          ['email:x', 2],
          ['addr:1.2.3.4', 1],
        ]);
        await repos.clearLoginFailures('email:x');
        expect(await repos.getLoginFailures(['email:x'])).toEqual([]);
        // Housekeeping keeps what still counts and removes what no longer does.
        expect(await repos.pruneAccountRecords(NOW, NOW)).toBe(0);
        expect(await repos.pruneAccountRecords(NOW + 2, NOW + 1)).toBe(2);
        expect(await repos.getLoginFailures(['addr:1.2.3.4'])).toEqual([]);
        expect(await repos.updateVerificationCode('c@example.com', (current) => ({ next: undefined, result: current }))).toBeNull();
      });
    });

    // Steps that read and then write, called at once: on a database with several connections
    // (PostgreSQL's pool) they really run side by side, and each must still do what it does alone.
    describe('concurrent steps', () => {
      const together = <T>(n: number, step: (i: number) => Promise<T>): Promise<T[]> => Promise.all(Array.from({ length: n }, (_, i) => step(i)));

      it('creates one account for concurrent proofs of one e-mail', async () => {
        const accounts = await together(6, (i) => repos.findOrCreateVerifiedAccount('race.proof@example.com', `acc-race-proof-${i}`, NOW));
        expect(new Set(accounts.map((a) => a.id)).size).toBe(1);
        for (const a of accounts) expect(a).toEqual({ ...accounts[0], emailVerifiedAt: NOW });
        expect(await repos.findAccountByEmail('race.proof@example.com')).toEqual(accounts[0]);
      });

      it('links a social identity once when its first logins come at once', async () => {
        const identity = { issuer: 'https://issuer.example', subject: 's-race', email: 'social.race@example.com' };
        const results = await together(6, (i) => repos.findOrLinkSocialAccount(identity, `acc-social-race-${i}`, NOW));
        expect(results.map((r) => r.kind).sort()).toEqual(['created', 'known', 'known', 'known', 'known', 'known']);
        expect(new Set(results.map((r) => r.account.id)).size).toBe(1);
        // Two identities of one new e-mail: one account, created by one and linked by the other.
        const two = await together(2, (i) => repos.findOrLinkSocialAccount({ ...identity, subject: `s-race-${i}`, email: 'social.race2@example.com' }, `acc-social-race2-${i}`, NOW));
        expect(two.map((r) => r.kind).sort()).toEqual(['created', 'linked']);
        expect(new Set(two.map((r) => r.account.id)).size).toBe(1);
      });

      it('hands a social nonce to one of concurrent takes', async () => {
        const user = await newUser();
        await repos.createSession(`race-nonce-${user.uid}`, user, NOW);
        await repos.setSocialNonce(`race-nonce-${user.uid}`, 'h-race', NOW + 1000);
        const taken = await together(6, () => repos.takeSocialNonce(`race-nonce-${user.uid}`, NOW));
        expect(taken.filter((t) => t !== null)).toEqual(['h-race']);
      });

      it('counts every one of concurrent login failures and code updates', async () => {
        const keys = ['race:a', 'race:b'];
        await together(10, (i) =>
          repos.recordLoginFailures(i % 2 === 0 ? keys : [...keys].reverse(), (prev, key) => ({
            key,
            count: (prev?.count ?? 0) + 1,
            firstAt: prev?.firstAt ?? NOW,
            lastAt: NOW + i,
            lockedUntil: null,
          })),
        );
        expect((await repos.getLoginFailures(keys)).map((f) => [f.key, f.count])).toEqual([
          ['race:a', 10],
          ['race:b', 10],
        ]);
        const row = { email: 'race.code@example.com', codeHash: 'h', salt: 's', expiresAt: NOW + 1, attempts: 0, sentAt: NOW, windowStartedAt: NOW, sendsInWindow: 1 };
        await together(10, () => repos.updateVerificationCode(row.email, (current) => ({ next: current ? { ...current, attempts: current.attempts + 1 } : row, result: null })));
        expect(await repos.updateVerificationCode(row.email, (current) => ({ next: undefined, result: current?.attempts }))).toBe(9);
      });
    });
  });
}
