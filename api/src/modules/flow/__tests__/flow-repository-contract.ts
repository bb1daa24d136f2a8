import { DEFAULT_SHUFFLE_VANITY_IDS, EMPTY_SERVER_FLOW_CONTEXT } from '@join/shared/contract';
import { EMPTY_FLOW_STATE } from '../flow-status';
import type { FlowRepository } from '../repository';
import type { NumbersRepository } from '../../numbers/repository';
import type { SessionRepository } from '../../../platform/sessions/repository';
import type { AccountRepository } from '../../account/repository';
import { HOLD_MS, NOW, POLICY, type RepositoryImplementation, describeRepositoryContract } from '../../../testing/repository-contract';

/** What the suite runs against: the flow repository, and what its tests set up and observe through. */
export type FlowContractSubject = FlowRepository &
  SessionRepository &
  NumbersRepository &
  Pick<AccountRepository, 'findOrCreateVerifiedAccount' | 'setPasswordIfNone' | 'findAccountById' | 'upgradeSession'>;

/** The behaviour every FlowRepository must have, whatever database implements it. */
export function describeFlowRepositoryContract(name: string, impl: RepositoryImplementation<FlowContractSubject>): void {
  describeRepositoryContract('FlowRepository', name, impl, (repos, { newUser, newSession }) => {
    describe('flow state', () => {
      it('starts empty and moves only the stored flags it is told to', async () => {
        const { uid } = await newUser();
        expect(await repos.getFlowState(uid, NOW)).toEqual(EMPTY_FLOW_STATE);
        await repos.updateFlowFlags(uid, { numberFlag: true });
        expect(await repos.getFlowState(uid, NOW)).toMatchObject({ numberFlag: true, planFlag: false });
        await repos.updateFlowFlags(uid, { planFlag: true });
        await repos.updateFlowFlags(uid, { numberFlag: false });
        expect(await repos.getFlowState(uid, NOW)).toMatchObject({ numberFlag: false, planFlag: true });
      });

      it('sees a live hold and its vanity level, and no hold once it has ended', async () => {
        const { uid } = await newUser();
        const [n] = await repos.pickFreeNumbers(1, DEFAULT_SHUFFLE_VANITY_IDS, NOW, Math.random);
        if (!n) throw new Error('no free number');
        await repos.reserveNumber(uid, n.msisdn, NOW, NOW + HOLD_MS, POLICY);
        expect(await repos.getFlowState(uid, NOW + 1)).toMatchObject({ hasActiveHold: true, activeHoldVanityLevel: n.vanityLevel });
        expect(await repos.getFlowState(uid, NOW + HOLD_MS)).toMatchObject({ hasActiveHold: false, activeHoldVanityLevel: null });
      });
    });
    describe('flow context (the access rules inputs that are not flags)', () => {
      it('starts unknown and not retail, and each setter changes its own input of its own user only', async () => {
        const { uid } = await newUser();
        const other = await newUser();
        expect(await repos.getFlowContext(uid)).toEqual(EMPTY_SERVER_FLOW_CONTEXT);
        await repos.setRetail(uid, true);
        await repos.setInsideUae(uid, true);
        await repos.setResidentType(uid, 'resident');
        await repos.setDeliveryForm(uid, true);
        await repos.setTerminatedEmail(uid, 'old@example.ae');
        expect(await repos.getFlowContext(uid)).toEqual({
          resident_type: 'resident',
          sim_type: null,
          inside_uae: true,
          has_delivery_form: true,
          terminated_email: 'old@example.ae',
          retail: true,
        });
        expect(await repos.getFlowContext(other.uid)).toEqual(EMPTY_SERVER_FLOW_CONTEXT);
        await repos.setInsideUae(uid, false);
        expect((await repos.getFlowContext(uid)).inside_uae).toBe(false);
        await repos.setInsideUae(uid, null);
        await repos.setTerminatedEmail(uid, null);
        await repos.setResidentType(uid, 'non_resident');
        expect(await repos.getFlowContext(uid)).toMatchObject({ inside_uae: null, terminated_email: null, resident_type: 'non_resident' });
      });

      it('clears the id check answers (residency, delivery form) and keeps the rest', async () => {
        const { uid } = await newUser();
        await repos.setResidentType(uid, 'resident');
        await repos.setDeliveryForm(uid, true);
        await repos.setInsideUae(uid, true);
        await repos.setRetail(uid, true);
        await repos.clearIdCheckAnswers(uid);
        expect(await repos.getFlowContext(uid)).toEqual({ ...EMPTY_SERVER_FLOW_CONTEXT, inside_uae: true, retail: true });
      });
    });

    describe('the flow status inputs in one read', () => {
      it('are the flow state, the flow context and the account, as the separate reads answer them', async () => {
        const { uid } = await newUser();
        const [n] = await repos.pickFreeNumbers(1, DEFAULT_SHUFFLE_VANITY_IDS, NOW, Math.random);
        if (!n) throw new Error('no free number');
        await repos.reserveNumber(uid, n.msisdn, NOW, NOW + HOLD_MS, POLICY);
        await repos.updateFlowFlags(uid, { numberFlag: true });
        await repos.setInsideUae(uid, true);
        await repos.setResidentType(uid, 'resident');
        const account = await repos.findOrCreateVerifiedAccount(`flow-${uid}@example.ae`, `acc-${uid}`, NOW);
        for (const at of [NOW + 1, NOW + HOLD_MS]) {
          expect(await repos.getFlowStatusInputs(uid, at, account.id)).toEqual({
            state: await repos.getFlowState(uid, at),
            context: await repos.getFlowContext(uid),
            account: { id: account.id, hasPassword: false },
          });
        }
        expect((await repos.getFlowStatusInputs(uid, NOW + 1, null)).account).toBeNull();
      });

      it('by a session: the session as findSession reads it and its user\'s inputs as getFlowStatusInputs reads them', async () => {
        const { uid, tokenHash } = await newSession();
        await repos.updateFlowFlags(uid, { planFlag: true });
        await repos.setRetail(uid, true);
        const session = await repos.findSession(tokenHash);
        expect(await repos.getFlowStatusBySession(tokenHash, NOW + 1)).toEqual({ ...session, flow: await repos.getFlowStatusInputs(uid, NOW + 1, null) });
        // A session a login upgraded: its account, with its method and its login facts.
        const account = await repos.findOrCreateVerifiedAccount(`by-session-${uid}@example.ae`, `acc-s-${uid}`, NOW);
        await repos.setPasswordIfNone(account.id, 'scrypt$test$hash');
        const upgraded = `up-${tokenHash}`.slice(0, 64);
        expect(await repos.upgradeSession(tokenHash, upgraded, { uid, deviceId: session?.deviceId ?? '' }, account.id, 'password', NOW + 2)).toBe(true);
        const read = await repos.getFlowStatusBySession(upgraded, NOW + 3);
        expect(read).toEqual({ ...(await repos.findSession(upgraded)), flow: await repos.getFlowStatusInputs(uid, NOW + 3, account.id) });
        expect(read).toMatchObject({ uid, accountId: account.id, loginMethod: 'password', flow: { account: { id: account.id, hasPassword: true } } });
      });

      it('by a session: none for a token hash no session has (unknown, or ended)', async () => {
        const { tokenHash } = await newSession();
        expect(await repos.getFlowStatusBySession('f'.repeat(64), NOW)).toBeNull();
        await repos.deleteSession(tokenHash);
        expect(await repos.getFlowStatusBySession(tokenHash, NOW)).toBeNull();
      });

      it('tell whether the account has a password, and read none for an account that does not exist', async () => {
        const { uid } = await newUser();
        const account = await repos.findOrCreateVerifiedAccount(`pw-${uid}@example.ae`, `acc-pw-${uid}`, NOW);
        await repos.setPasswordIfNone(account.id, 'scrypt$test$hash');
        expect((await repos.findAccountById(account.id))?.passwordHash).not.toBeNull();
        expect((await repos.getFlowStatusInputs(uid, NOW, account.id)).account).toEqual({ id: account.id, hasPassword: true });
        expect((await repos.getFlowStatusInputs(uid, NOW, 'no-such-account')).account).toBeNull();
        expect(await repos.getFlowStatusInputs(uid, NOW, null)).toEqual({
          state: EMPTY_FLOW_STATE,
          context: EMPTY_SERVER_FLOW_CONTEXT,
          account: null,
        });
      });
    });

    // Sales (orders, captures) are pruned in api/src/__tests__/retention.test.ts, through every module.
    describe('the retention of visitors who bought nothing', () => {
      const DAY = 24 * 3600_000;
      // Visitors of these tests' own, made long before every other test's (made at NOW).
      let made = 0;
      const oldVisitor = async (daysAgo: number) => {
        made += 1;
        return repos.findOrCreateUser(`retention-device-${made}`, `retention-${made}`, NOW - daysAgo * DAY);
      };
      const cutoffs = { saleBefore: NOW - 1827 * DAY, unsoldVisitorBefore: NOW - 90 * DAY };
      const exists = (uid: string) => repos.getFlowContext(uid).then(() => true, () => false);

      it('deletes one whose first visit is past the period, not one still there (a session) nor a newer one; the session gone, it goes too', async () => {
        const gone = await oldVisitor(91);
        const signedIn = await oldVisitor(120);
        const recent = await oldVisitor(89);
        const tokenHash = `retention-${signedIn.uid}`.padEnd(64, '0');
        await repos.createSession(tokenHash, signedIn, NOW - 120 * DAY);
        expect(await repos.pruneVisitors(cutoffs)).toEqual({ sales: 0, unsoldVisitors: 1 });
        expect([await exists(gone.uid), await exists(signedIn.uid), await exists(recent.uid)]).toEqual([false, true, true]);
        expect(await repos.pruneVisitors(cutoffs)).toEqual({ sales: 0, unsoldVisitors: 0 });
        await repos.deleteSession(tokenHash);
        expect(await repos.pruneVisitors(cutoffs)).toEqual({ sales: 0, unsoldVisitors: 1 });
        expect([await exists(signedIn.uid), await exists(recent.uid)]).toEqual([false, true]);
        // The device is a new visitor now.
        expect((await repos.findOrCreateUser(signedIn.deviceId, 'retention-again', NOW)).uid).toBe('retention-again');
      });

      it('keeps one holding a number, even past its end, until the hold is released', async () => {
        const holder = await oldVisitor(100);
        const [n] = await repos.pickFreeNumbers(1, DEFAULT_SHUFFLE_VANITY_IDS, NOW, Math.random);
        if (!n) throw new Error('no free number');
        await repos.reserveNumber(holder.uid, n.msisdn, NOW, NOW + HOLD_MS, POLICY);
        expect(await repos.pruneVisitors(cutoffs)).toEqual({ sales: 0, unsoldVisitors: 0 });
        expect(await exists(holder.uid)).toBe(true);
        // A hold past its end still names its holder until it is released (the sweep releases them first: app.ts).
        await repos.releaseExpiredHolds(NOW + HOLD_MS + 1);
        expect(await repos.pruneVisitors(cutoffs)).toEqual({ sales: 0, unsoldVisitors: 1 });
        expect(await exists(holder.uid)).toBe(false);
      });
    });
  });
}
