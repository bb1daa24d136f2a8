import type { SessionRepository } from '../repository';
import { NOW, type RepositoryImplementation, describeRepositoryContract } from '../../../testing/repository-contract';

/** What the suite runs against: the session repository, and what its tests set up and observe through. */
export type SessionContractSubject = SessionRepository;

/** The behaviour every SessionRepository must have, whatever database implements it. */
export function describeSessionRepositoryContract(name: string, impl: RepositoryImplementation<SessionContractSubject>): void {
  describeRepositoryContract('SessionRepository', name, impl, (repos, { newUser }) => {
    describe('users and sessions', () => {
      it('finds the user of a device again, whatever uid a later login proposes', async () => {
        const first = await repos.findOrCreateUser('device-a', 'uid-a', NOW);
        expect(first).toEqual({ uid: 'uid-a', deviceId: 'device-a' });
        expect(await repos.findOrCreateUser('device-a', 'uid-other', NOW + 1)).toEqual(first);
        expect((await repos.findOrCreateUser('device-b', 'uid-b', NOW)).uid).toBe('uid-b');
      });

      it('creates, finds, touches and deletes sessions; sweeps idle and too old ones', async () => {
        const user = await newUser();
        await repos.createSession('hash-1', user, NOW);
        await repos.createSession('hash-2', user, NOW - 10_000);
        await repos.createSession('hash-3', user, NOW);
        expect(await repos.findSession('hash-1')).toEqual({
          uid: user.uid,
          deviceId: user.deviceId,
          createdAt: NOW,
          lastSeenAt: NOW,
          accountId: null,
          loginMethod: null,
        });
        await repos.touchSession('hash-1', NOW + 500);
        expect((await repos.findSession('hash-1'))?.lastSeenAt).toBe(NOW + 500);
        await repos.touchSession('hash-3', NOW + 500);
        // hash-2 is idle since NOW - 10 s; hash-3 was created before NOW + 1 (too old).
        expect(await repos.deleteStaleSessions(NOW - 1, NOW - 1)).toBe(1);
        expect(await repos.findSession('hash-2')).toBeNull();
        expect(await repos.deleteStaleSessions(NOW, NOW + 1)).toBe(2);
        expect(await repos.findSession('hash-3')).toBeNull();
        await repos.createSession('hash-4', user, NOW);
        await repos.deleteSession('hash-4');
        expect(await repos.findSession('hash-4')).toBeNull();
      });
    });
  });
}
