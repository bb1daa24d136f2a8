import type { ContentRepository } from '../repository';
import type { UserRecord, SessionRepository } from '../../../platform/sessions/repository';
import { NOW, type RepositoryImplementation, describeRepositoryContract } from '../../../testing/repository-contract';

/** What the suite runs against: the content repository, and what its tests set up and observe through. */
export type ContentContractSubject = ContentRepository & SessionRepository;

/** The behaviour every ContentRepository must have, whatever database implements it. */
export function describeContentRepositoryContract(name: string, impl: RepositoryImplementation<ContentContractSubject>): void {
  describeRepositoryContract('ContentRepository', name, impl, (repos, { newUser }) => {
    describe('feedback', () => {
      const note = (u: UserRecord, text: string, at: number) => ({
        uid: u.uid,
        deviceId: u.deviceId,
        text,
        route: '/number/search',
        step: 'number',
        language: 'ar' as const,
        createdAt: at,
      });

      it('keeps every note as sent, with its user, device, route, step, language and time; lists a user’s newest first', async () => {
        const user = await newUser();
        const other = await newUser();
        expect(await repos.listFeedback(user.uid, 10)).toEqual([]);
        const first = await repos.addFeedback(note(user, 'شكرًا', NOW));
        expect(first).toEqual({ id: expect.any(Number), ...note(user, 'شكرًا', NOW) });
        const second = await repos.addFeedback({ ...note(user, 'x'.repeat(50), NOW + 1), route: '/', step: null, language: 'en' });
        await repos.addFeedback(note(other, 'not yours', NOW + 2));
        expect(await repos.listFeedback(user.uid, 10)).toEqual([second, first]);
        expect(await repos.listFeedback(user.uid, 1)).toEqual([second]);
        expect((await repos.listFeedback(other.uid, 10)).map((f) => f.text)).toEqual(['not yours']);
      });

      it('refuses a note longer than 50 characters, even past the API (characters, not bytes)', async () => {
        const user = await newUser();
        await expect(repos.addFeedback(note(user, 'ش'.repeat(50), NOW))).resolves.toMatchObject({ text: 'ش'.repeat(50) });
        // Whatever the driver's error class (it may come from another realm under Jest): refused.
        const refused = (p: Promise<unknown>) => p.then(() => false, () => true);
        expect(await refused(repos.addFeedback(note(user, 'x'.repeat(51), NOW)))).toBe(true);
        expect(await refused(repos.addFeedback(note(user, '', NOW)))).toBe(true);
        expect((await repos.listFeedback(user.uid, 10)).map((f) => f.text)).toEqual(['ش'.repeat(50)]);
      });
    });
  });
}
