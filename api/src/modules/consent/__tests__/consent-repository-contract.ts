import { CONSENT_CODE, CONSENT_PURPOSES } from '@join/shared/contract';
import type { ConsentRepository, NewConsent, NewConsentVersion } from '../repository';
import type { UserRecord, SessionRepository } from '../../../platform/sessions/repository';
import { NOW, type RepositoryImplementation, describeRepositoryContract } from '../../../testing/repository-contract';

/** What the suite runs against: the consent repository, and what its tests set up users through. */
export type ConsentContractSubject = ConsentRepository & SessionRepository;

const purposes = (words: string) =>
  CONSENT_PURPOSES.map((id) => ({ id, required: id === 'necessary', title: `${id} ${words}`, description: `${id}: ${words}` }));

/** A version of a code of the test's own (the seeded legalstuff stays as seeded for the other tests). */
const version = (code: string, n: number, at = NOW): NewConsentVersion => ({
  code,
  version: n,
  publishedAt: at,
  texts: {
    en: { title: `Terms ${n}`, summary: `Summary ${n}`, purposes: purposes(`v${n}`) },
    ar: { title: `الشروط ${n}`, summary: `الملخص ${n}`, purposes: purposes(`الإصدار ${n}`) },
  },
});

/** The behaviour every ConsentRepository must have, whatever database implements it. */
export function describeConsentRepositoryContract(name: string, impl: RepositoryImplementation<ConsentContractSubject>): void {
  describeRepositoryContract('ConsentRepository', name, impl, (repos, { newUser }) => {
    let codes = 0;
    const newCode = () => `test-terms-${(codes += 1)}`;
    const choice = (u: UserRecord, code: string, v: number, analytics: boolean, marketing: boolean, at = NOW): NewConsent => ({
      uid: u.uid,
      deviceId: u.deviceId,
      code,
      version: v,
      analytics,
      marketing,
      createdAt: at,
    });
    const refused = (p: Promise<unknown>) => p.then(() => false, () => true);

    describe('texts', () => {
      it('has legalstuff version 1 seeded in English and Arabic, the three purposes in order, necessary alone required', async () => {
        expect(await repos.currentConsentVersion(CONSENT_CODE)).toBe(1);
        for (const language of ['en', 'ar'] as const) {
          const texts = await repos.currentConsentTexts(CONSENT_CODE, language);
          expect(texts).toMatchObject({ code: CONSENT_CODE, version: 1, language });
          expect(texts?.purposes.map((p) => [p.id, p.required])).toEqual([
            ['necessary', true],
            ['analytics', false],
            ['marketing', false],
          ]);
        }
        const [en, ar] = [await repos.currentConsentTexts(CONSENT_CODE, 'en'), await repos.currentConsentTexts(CONSENT_CODE, 'ar')];
        expect(en?.title).not.toEqual(ar?.title);
      });

      it('answers nothing for a code with no texts', async () => {
        expect(await repos.currentConsentVersion('no-such-code')).toBeNull();
        expect(await repos.currentConsentTexts('no-such-code', 'en')).toBeNull();
      });

      it('makes the highest published version the current one, in each language', async () => {
        const code = newCode();
        await repos.publishConsentVersion(version(code, 1));
        await repos.publishConsentVersion(version(code, 2));
        expect(await repos.currentConsentVersion(code)).toBe(2);
        expect(await repos.currentConsentTexts(code, 'en')).toEqual({ code, version: 2, language: 'en', title: 'Terms 2', summary: 'Summary 2', purposes: purposes('v2') });
        expect(await repos.currentConsentTexts(code, 'ar')).toMatchObject({ version: 2, language: 'ar', title: 'الشروط 2' });
      });

      it('refuses to publish a version twice, keeping the first', async () => {
        const code = newCode();
        await repos.publishConsentVersion(version(code, 1));
        expect(await refused(repos.publishConsentVersion({ ...version(code, 1), texts: { ...version(code, 1).texts, en: { title: 'Changed', summary: 'x', purposes: purposes('x') } } }))).toBe(true);
        expect((await repos.currentConsentTexts(code, 'en'))?.title).toBe('Terms 1');
      });

      it('refuses texts without purposes, publishing nothing of that version', async () => {
        const code = newCode();
        const bad = version(code, 1);
        expect(await refused(repos.publishConsentVersion({ ...bad, texts: { ...bad.texts, ar: { ...bad.texts.ar, purposes: [] } } }))).toBe(true);
        expect(await repos.currentConsentVersion(code)).toBeNull();
      });
    });

    describe('choices', () => {
      it('records a choice for the current version with its user, device, version, booleans and time', async () => {
        const user = await newUser();
        const saved = await repos.recordConsent(choice(user, CONSENT_CODE, 1, true, false));
        expect(saved).toEqual({ id: expect.any(Number), ...choice(user, CONSENT_CODE, 1, true, false) });
        expect(await repos.latestConsent(user.uid, CONSENT_CODE)).toEqual(saved);
      });

      it('keeps every choice (a withdrawal is a new row); the latest wins; another visitor sees none of them', async () => {
        const user = await newUser();
        const other = await newUser();
        const first = await repos.recordConsent(choice(user, CONSENT_CODE, 1, true, true, NOW));
        const second = await repos.recordConsent(choice(user, CONSENT_CODE, 1, false, false, NOW + 1));
        expect(await repos.listConsents(user.uid, CONSENT_CODE, 10)).toEqual([second, first]);
        expect(await repos.latestConsent(user.uid, CONSENT_CODE)).toEqual(second);
        expect(await repos.listConsents(user.uid, CONSENT_CODE, 1)).toEqual([second]);
        expect(await repos.latestConsent(other.uid, CONSENT_CODE)).toBeNull();
        expect(await repos.listConsents(other.uid, CONSENT_CODE, 10)).toEqual([]);
      });

      it('stores nothing for a version that is not the current one (older, newer, or of no texts)', async () => {
        const code = newCode();
        const user = await newUser();
        await repos.publishConsentVersion(version(code, 1));
        await repos.publishConsentVersion(version(code, 2));
        expect(await repos.recordConsent(choice(user, code, 1, true, true))).toBeNull();
        expect(await repos.recordConsent(choice(user, code, 3, true, true))).toBeNull();
        expect(await repos.recordConsent(choice(user, newCode(), 1, true, true))).toBeNull();
        expect(await repos.listConsents(user.uid, code, 10)).toEqual([]);
        expect(await repos.recordConsent(choice(user, code, 2, true, false))).toMatchObject({ version: 2 });
      });

      it('answers the latest choice whatever its version: a choice for an old version stays, as proof', async () => {
        const code = newCode();
        const user = await newUser();
        await repos.publishConsentVersion(version(code, 1));
        const old = await repos.recordConsent(choice(user, code, 1, true, true));
        await repos.publishConsentVersion(version(code, 2));
        expect(await repos.latestConsent(user.uid, code)).toEqual(old);
      });

      it('refuses a choice of a visitor that does not exist', async () => {
        expect(await refused(repos.recordConsent({ ...choice(await newUser(), CONSENT_CODE, 1, true, true), uid: 'no-such-user' }))).toBe(true);
      });
    });
  });
}
