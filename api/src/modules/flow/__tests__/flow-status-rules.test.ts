import { FLOW_STATUS_KEYS, FlowStatusFlags } from '@join/shared/contract';
import { DEFAULT_PRODUCT_CODE } from '../../catalogue/catalogue';
import { decideFlowKey, deriveFlags, EMPTY_FLOW_STATE, type FlowState } from '../flow-status';

const base: FlowState = { ...EMPTY_FLOW_STATE };

describe('deriveFlags', () => {
  it('is all false for a new user', () => {
    expect(deriveFlags(base)).toEqual(FlowStatusFlags.parse({}));
  });

  it('needs a live hold behind the number flag', () => {
    expect(deriveFlags({ ...base, numberFlag: true }).is_number_selected).toBe(false);
    expect(deriveFlags({ ...base, numberFlag: true, hasActiveHold: true }).is_number_selected).toBe(true);
  });

  it('derives has_vip from the live hold’s vanity level alone', () => {
    expect(deriveFlags({ ...base, hasActiveHold: true, activeHoldVanityLevel: 2 }).has_vip).toBe(false);
    expect(deriveFlags({ ...base, hasActiveHold: true, activeHoldVanityLevel: 3 }).has_vip).toBe(true);
    expect(deriveFlags({ ...base, hasActiveHold: true, activeHoldVanityLevel: 10 }).has_vip).toBe(true);
    expect(deriveFlags({ ...base, hasActiveHold: false, activeHoldVanityLevel: 6 }).has_vip).toBe(false);
  });

  it('needs a saved plan for the current product behind the plan flag', () => {
    const planned = { ...base, planFlag: true, currentProductCode: 187, savedPlanProductCode: 187 };
    expect(deriveFlags(planned).is_plan_selected).toBe(true);
    expect(deriveFlags({ ...planned, currentProductCode: 103 }).is_plan_selected).toBe(false);
    expect(deriveFlags({ ...planned, currentProductCode: null, savedPlanProductCode: DEFAULT_PRODUCT_CODE }).is_plan_selected).toBe(true);
  });
});

describe('decideFlowKey', () => {
  it('accepts 5 and 12 only with a live hold', () => {
    for (const key of [FLOW_STATUS_KEYS.randomNumber, FLOW_STATUS_KEYS.numberChosen]) {
      expect(decideFlowKey(key, base).ok).toBe(false);
      expect(decideFlowKey(key, { ...base, hasActiveHold: true })).toEqual({ ok: true, change: { numberFlag: true } });
    }
  });

  it('accepts 13 only with a saved plan for the current product', () => {
    const key = FLOW_STATUS_KEYS.planSaved;
    expect(decideFlowKey(key, base)).toMatchObject({ ok: false, reason: expect.stringContaining('save a plan first') });
    expect(decideFlowKey(key, { ...base, currentProductCode: 103, savedPlanProductCode: 187 })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('current product 103'),
    });
    expect(decideFlowKey(key, { ...base, currentProductCode: 187, savedPlanProductCode: 187 })).toEqual({
      ok: true,
      change: { planFlag: true },
    });
  });

  it('accepts 115 only when a number is selected, and clears it', () => {
    const key = FLOW_STATUS_KEYS.numberCancelled;
    expect(decideFlowKey(key, base).ok).toBe(false);
    expect(decideFlowKey(key, { ...base, numberFlag: true })).toEqual({ ok: true, change: { numberFlag: false } });
  });
});
