import type { AccountRepository } from '../../account/repository';
import type { FlowRepository } from '../../flow/repository';
import type { IdentityRepository } from '../repository';
import type { SessionRepository } from '../../../platform/sessions/repository';
import { NOW, type RepositoryImplementation, describeRepositoryContract } from '../../../testing/repository-contract';
import { passportDecision } from '../../../testing/retention-fixtures';

/** What the suite runs against: the identity repository, and what its tests set up and observe through. */
export type IdentityContractSubject = IdentityRepository & SessionRepository & AccountRepository & FlowRepository;

/** The behaviour every IdentityRepository must have, whatever database implements it. */
export function describeIdentityRepositoryContract(name: string, impl: RepositoryImplementation<IdentityContractSubject>): void {
  describeRepositoryContract('IdentityRepository', name, impl, (repos, { newUser, newSession }) => {
    describe('the identity check', () => {
      const TTL = 30 * 60_000;
      const PASSPORT = {
        kind: 'passport' as const,
        number: 'P1234567',
        id_number: null,
        issuing_country: 'GBR',
        nationality: 'GBR',
        surname: 'DOE',
        given_names: 'JANE',
        birth_date: '1990-01-01',
        expiry_date: '2030-01-01',
        sex: 'F' as const,
      };
      /** The account whose checks these are (a pending check is an account's). */
      const ACCOUNT = 'acct-contract-identity';
      const side = (name: 'front' | 'back' | 'data_page', bytes: string, document: typeof PASSPORT | null = null) => ({
        side: name,
        image: Buffer.from(bytes),
        source: 'upload' as const,
        document,
        faceFound: name !== 'back',
      });
      const decision = (outcome: 'verified' | 'refused', code: number | null) =>
        passportDecision(PASSPORT, NOW, { outcome, code, personRef: outcome === 'verified' ? 'person-1' : null });

      it('stores the activation method in the flow context; a new residency drops the pending check', async () => {
        const { uid } = await newUser();
        expect(await repos.setActivationMethod(uid, 'non_resident', 'esim')).toEqual({ droppedPendingCheck: false });
        expect(await repos.getFlowContext(uid)).toMatchObject({ resident_type: 'non_resident', sim_type: 'esim' });
        await repos.saveDocumentSide(uid, ACCOUNT, 'passport', side('data_page', 'page', PASSPORT), PASSPORT, NOW, TTL);
        // Same residency, other SIM type: the check stays.
        expect(await repos.setActivationMethod(uid, 'non_resident', 'physical')).toEqual({ droppedPendingCheck: false });
        expect(await repos.getIdentityCheck(uid, NOW)).not.toBeNull();
        expect(await repos.setActivationMethod(uid, 'resident', 'physical')).toEqual({ droppedPendingCheck: true });
        expect(await repos.getIdentityCheck(uid, NOW)).toBeNull();
        expect(await repos.getFlowContext(uid)).toMatchObject({ resident_type: 'resident', sim_type: 'physical' });
      });

      it('keeps the sides of a check with their images, details and face match, per user', async () => {
        const { uid } = await newUser();
        const other = await newUser();
        const first = await repos.saveDocumentSide(uid, ACCOUNT, 'emirates_id', side('back', 'back-1'), null, NOW, TTL);
        expect(first).toMatchObject({ kind: 'emirates_id', startedAt: NOW, expiresAt: NOW + TTL, details: null, faceMatchedAt: null });
        await repos.saveDocumentSide(uid, ACCOUNT, 'emirates_id', side('front', 'front-1'), null, NOW + 1, TTL);
        const details = { ...PASSPORT, kind: 'emirates_id' as const, id_number: '784199012345671' };
        const again = await repos.saveDocumentSide(uid, ACCOUNT, 'emirates_id', side('back', 'back-2'), details, NOW + 2, TTL);
        expect(again.sides.map((s) => [s.side, s.image.toString(), s.faceFound, s.receivedAt])).toEqual([
          ['front', 'front-1', true, NOW + 1],
          ['back', 'back-2', false, NOW + 2],
        ]);
        expect(again.details).toEqual(details);
        expect(again.expiresAt).toBe(NOW + TTL);
        expect(await repos.setFaceMatched(uid, 'passed', NOW + 3, 'AUTH-P03')).toBe(true);
        expect(await repos.getIdentityCheck(uid, NOW + 3)).toMatchObject({ faceMatchedAt: NOW + 3, liveness: 'passed', facePersonRef: 'AUTH-P03' });
        // A new side is a new document: the face is compared again.
        await repos.saveDocumentSide(uid, ACCOUNT, 'emirates_id', side('front', 'front-2'), null, NOW + 4, TTL);
        expect(await repos.getIdentityCheck(uid, NOW + 4)).toMatchObject({ faceMatchedAt: null, facePersonRef: null, details });
        // Nobody else's.
        expect(await repos.getIdentityCheck(other.uid, NOW)).toBeNull();
        expect(await repos.setFaceMatched(other.uid, 'passed', NOW, null)).toBe(false);
        await repos.deleteIdentityCheck(other.uid);
        expect(await repos.getIdentityCheck(uid, NOW + 4)).not.toBeNull();
        await repos.deleteIdentityCheck(uid);
        expect(await repos.getIdentityCheck(uid, NOW + 4)).toBeNull();
      });

      it('lets a check expire after its time to live: unread at once, deleted by the sweep, replaced by a new side', async () => {
        const a = await newUser();
        const b = await newUser();
        await repos.saveDocumentSide(a.uid, ACCOUNT, 'passport', side('data_page', 'old', PASSPORT), PASSPORT, NOW, TTL);
        await repos.saveDocumentSide(b.uid, ACCOUNT, 'passport', side('data_page', 'young', PASSPORT), PASSPORT, NOW + 10 * 60_000, TTL);
        expect(await repos.getIdentityCheck(a.uid, NOW + TTL - 1)).not.toBeNull();
        expect(await repos.getIdentityCheck(a.uid, NOW + TTL)).toBeNull();
        expect(await repos.setFaceMatched(a.uid, 'passed', NOW + TTL, null)).toBe(false);
        expect(await repos.deleteExpiredIdentityChecks(NOW + TTL)).toBeGreaterThanOrEqual(1);
        expect(await repos.getIdentityCheck(b.uid, NOW + TTL)).not.toBeNull();
        const fresh = await repos.saveDocumentSide(a.uid, ACCOUNT, 'passport', side('data_page', 'new', PASSPORT), PASSPORT, NOW + TTL + 5, TTL);
        expect(fresh).toMatchObject({ startedAt: NOW + TTL + 5, expiresAt: NOW + 2 * TTL + 5 });
        expect(fresh.sides.map((s) => s.image.toString())).toEqual(['new']);
      });

      it('keeps one face challenge per session: replaced by a new one, taken by any attempt, live until it expires, the session’s own', async () => {
        const { uid, tokenHash } = await newSession();
        const other = await newSession();
        const hash = (c: string) => c.repeat(64);
        const challenge = (nonce: string, at = NOW) => ({ uid, nonceHash: hash(nonce), prompt: 'left' as const, issuedAt: at, expiresAt: at + 60_000 });
        await repos.setFaceChallenge(tokenHash, challenge('a'));
        expect(await repos.takeFaceChallenge(other.tokenHash, hash('a'), NOW)).toBeNull();
        expect(await repos.takeFaceChallenge(tokenHash, hash('a'), NOW + 1)).toEqual({ uid, prompt: 'left', expiresAt: NOW + 60_000 });
        expect(await repos.takeFaceChallenge(tokenHash, hash('a'), NOW + 2)).toBeNull();
        await repos.setFaceChallenge(tokenHash, challenge('b'));
        await repos.setFaceChallenge(tokenHash, challenge('c'));
        expect(await repos.takeFaceChallenge(tokenHash, hash('b'), NOW)).toBeNull();
        // The wrong nonce took it.
        expect(await repos.takeFaceChallenge(tokenHash, hash('c'), NOW)).toBeNull();
        await repos.setFaceChallenge(tokenHash, challenge('d'));
        expect(await repos.takeFaceChallenge(tokenHash, hash('d'), NOW + 60_000)).toBeNull();
        await repos.setFaceChallenge(tokenHash, challenge('e'));
        expect(await repos.deleteExpiredIdentityChecks(NOW + 60_000)).toBeGreaterThanOrEqual(0);
        expect(await repos.takeFaceChallenge(tokenHash, hash('e'), NOW)).toBeNull();
      });

      it('records a pass with its flag and no images left; flags only move forward', async () => {
        const { uid } = await newUser();
        await repos.saveDocumentSide(uid, ACCOUNT, 'passport', side('data_page', 'page', PASSPORT), PASSPORT, NOW, TTL);
        await repos.recordIdentityDecision(uid, decision('verified', null), { kind: 'verified', flag: 'id_verified' });
        expect(await repos.getIdentityCheck(uid, NOW)).toBeNull();
        expect(await repos.getFlowState(uid, NOW)).toMatchObject({ idVerified: true, residentDone: false });
        expect(await repos.getFlowContext(uid)).toMatchObject({ has_delivery_form: false });
        const resident = await newUser();
        await repos.recordIdentityDecision(resident.uid, decision('verified', null), { kind: 'verified', flag: 'resident_done' });
        expect(await repos.getFlowState(resident.uid, NOW)).toMatchObject({ idVerified: false, residentDone: true });
        expect(await repos.getFlowContext(resident.uid)).toMatchObject({ has_delivery_form: true });
        expect(await repos.listIdentityDecisions(uid)).toEqual([{ ...decision('verified', null), id: expect.any(Number) }]);
      });

      it('keeps a pass with the account that made it: the flags count for it, the decision is found by it', async () => {
        const { uid } = await newUser();
        const account = await repos.findOrCreateVerifiedAccount(`${uid}@example.com`, `acc-${uid}`, NOW);
        expect(await repos.getVerifiedDecision(uid, account.id)).toBeNull();
        await repos.recordIdentityDecision(uid, { ...decision('refused', -640), accountId: account.id }, { kind: 'refused', pending: 'keep' });
        expect(await repos.getVerifiedDecision(uid, account.id)).toBeNull();
        await repos.recordIdentityDecision(uid, { ...decision('verified', null), accountId: account.id }, { kind: 'verified', flag: 'id_verified' });
        expect(await repos.getFlowState(uid, NOW)).toMatchObject({ idVerified: true, verifiedAccountId: account.id });
        expect(await repos.getVerifiedDecision(uid, account.id)).toMatchObject({ outcome: 'verified', accountId: account.id, holderName: 'JANE DOE', personRef: 'person-1' });
        expect(await repos.getVerifiedDecision(uid, 'acc-someone-else')).toBeNull();
      });

      // At once: on a database with a pool (PostgreSQL) these calls run on separate connections.
      it('two sides sent at once start one check that keeps both', async () => {
        const { uid } = await newUser();
        await Promise.all([
          repos.saveDocumentSide(uid, ACCOUNT, 'emirates_id', side('front', 'front-1'), null, NOW, TTL),
          repos.saveDocumentSide(uid, ACCOUNT, 'emirates_id', side('back', 'back-1'), null, NOW, TTL),
        ]);
        expect((await repos.getIdentityCheck(uid, NOW))?.sides.map((s) => s.image.toString())).toEqual(['front-1', 'back-1']);
      });

      it('a face challenge answered twice at once serves one attempt', async () => {
        const { uid, tokenHash } = await newSession();
        await repos.setFaceChallenge(tokenHash, { uid, nonceHash: 'f'.repeat(64), prompt: 'closer', issuedAt: NOW, expiresAt: NOW + 60_000 });
        const taken = await Promise.all([1, 2, 3].map(() => repos.takeFaceChallenge(tokenHash, 'f'.repeat(64), NOW + 1)));
        expect(taken.filter((t) => t !== null)).toEqual([{ uid, prompt: 'closer', expiresAt: NOW + 60_000 }]);
      });

      it('starts the check again when another account sends a side', async () => {
        const { uid } = await newUser();
        await repos.saveDocumentSide(uid, 'acct-one', 'emirates_id', side('front', 'front-1'), null, NOW, TTL);
        const other = await repos.saveDocumentSide(uid, 'acct-two', 'emirates_id', side('back', 'back-1'), null, NOW + 1, TTL);
        expect(other.sides.map((s) => s.side)).toEqual(['back']);
      });

      it('records refusals, keeping the check, dropping the face match or dropping it all', async () => {
        const { uid } = await newUser();
        await repos.saveDocumentSide(uid, ACCOUNT, 'passport', side('data_page', 'page', PASSPORT), PASSPORT, NOW, TTL);
        await repos.setFaceMatched(uid, 'passed', NOW, 'AUTH-P01');
        await repos.recordIdentityDecision(uid, decision('refused', -640), { kind: 'refused', pending: 'keep' });
        expect(await repos.getIdentityCheck(uid, NOW)).toMatchObject({ faceMatchedAt: NOW });
        await repos.recordIdentityDecision(uid, decision('refused', -620), { kind: 'refused', pending: 'drop_face' });
        expect(await repos.getIdentityCheck(uid, NOW)).toMatchObject({ faceMatchedAt: null, details: PASSPORT });
        await repos.recordIdentityDecision(uid, decision('refused', -116), { kind: 'refused', pending: 'drop_all' });
        expect(await repos.getIdentityCheck(uid, NOW)).toBeNull();
        expect((await repos.listIdentityDecisions(uid)).map((d) => [d.outcome, d.code, d.personRef])).toEqual([
          ['refused', -640, null],
          ['refused', -620, null],
          ['refused', -116, null],
        ]);
        expect(await repos.getFlowState(uid, NOW)).toMatchObject({ idVerified: false, residentDone: false });
      });
    });
  });
}
