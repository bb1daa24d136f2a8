import { DEFAULT_SHUFFLE_VANITY_IDS, EMPTY_SERVER_FLOW_CONTEXT } from '@join/shared/contract';
import { EMPTY_FLOW_STATE } from '../flow-status';
import type { FlowRepository } from '../repository';
import type { NumbersRepository } from '../../numbers/repository';
import type { SessionRepository } from '../../../platform/sessions/repository';
import { HOLD_MS, NOW, POLICY, type RepositoryImplementation, describeRepositoryContract } from '../../../testing/repository-contract';

/** What the suite runs against: the flow repository, and what its tests set up and observe through. */
export type FlowContractSubject = FlowRepository & SessionRepository & NumbersRepository;

/** The behaviour every FlowRepository must have, whatever database implements it. */
export function describeFlowRepositoryContract(name: string, impl: RepositoryImplementation<FlowContractSubject>): void {
  describeRepositoryContract('FlowRepository', name, impl, (store, { newUser }) => {
    describe('flow state', () => {
      it('starts empty and moves only the stored flags it is told to', async () => {
        const { uid } = await newUser();
        expect(await store.getFlowState(uid, NOW)).toEqual(EMPTY_FLOW_STATE);
        await store.updateFlowFlags(uid, { numberFlag: true });
        expect(await store.getFlowState(uid, NOW)).toMatchObject({ numberFlag: true, planFlag: false });
        await store.updateFlowFlags(uid, { planFlag: true });
        await store.updateFlowFlags(uid, { numberFlag: false });
        expect(await store.getFlowState(uid, NOW)).toMatchObject({ numberFlag: false, planFlag: true });
      });

      it('sees a live hold and its vanity level, and no hold once it has ended', async () => {
        const { uid } = await newUser();
        const [n] = await store.pickFreeNumbers(1, DEFAULT_SHUFFLE_VANITY_IDS, NOW, Math.random);
        if (!n) throw new Error('no free number');
        await store.reserveNumber(uid, n.msisdn, NOW, NOW + HOLD_MS, POLICY);
        expect(await store.getFlowState(uid, NOW + 1)).toMatchObject({ hasActiveHold: true, activeHoldVanityLevel: n.vanityLevel });
        expect(await store.getFlowState(uid, NOW + HOLD_MS)).toMatchObject({ hasActiveHold: false, activeHoldVanityLevel: null });
      });
    });
    describe('flow context (the access rules inputs that are not flags)', () => {
      it('starts unknown and not retail, and each setter changes its own input of its own user only', async () => {
        const { uid } = await newUser();
        const other = await newUser();
        expect(await store.getFlowContext(uid)).toEqual(EMPTY_SERVER_FLOW_CONTEXT);
        await store.setRetail(uid, true);
        await store.setInsideUae(uid, true);
        await store.setResidentType(uid, 'resident');
        await store.setDeliveryForm(uid, true);
        await store.setTerminatedEmail(uid, 'old@example.ae');
        expect(await store.getFlowContext(uid)).toEqual({
          resident_type: 'resident',
          sim_type: null,
          inside_uae: true,
          has_delivery_form: true,
          terminated_email: 'old@example.ae',
          retail: true,
        });
        expect(await store.getFlowContext(other.uid)).toEqual(EMPTY_SERVER_FLOW_CONTEXT);
        await store.setInsideUae(uid, false);
        expect((await store.getFlowContext(uid)).inside_uae).toBe(false);
        await store.setInsideUae(uid, null);
        await store.setTerminatedEmail(uid, null);
        await store.setResidentType(uid, 'non_resident');
        expect(await store.getFlowContext(uid)).toMatchObject({ inside_uae: null, terminated_email: null, resident_type: 'non_resident' });
      });

      it('clears the id check answers (residency, delivery form) and keeps the rest', async () => {
        const { uid } = await newUser();
        await store.setResidentType(uid, 'resident');
        await store.setDeliveryForm(uid, true);
        await store.setInsideUae(uid, true);
        await store.setRetail(uid, true);
        await store.clearIdCheckAnswers(uid);
        expect(await store.getFlowContext(uid)).toEqual({ ...EMPTY_SERVER_FLOW_CONTEXT, inside_uae: true, retail: true });
      });
    });
  });
}
