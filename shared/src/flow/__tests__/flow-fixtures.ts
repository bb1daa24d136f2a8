import type { FlowStatusFlags } from '../../schemas/entities';
import { EMPTY_FLOW_FLAGS } from '../../schemas/entities';
import type { FlowContext } from '../rules';
import { isStepAllowed } from '../rules';
import type { StepName } from '../steps';
import { STEP_NAMES } from '../steps';

/** Flag sets and contexts shared by the flow rules' tests. */
export function flags(on: Partial<FlowStatusFlags> = {}): FlowStatusFlags {
  return { ...EMPTY_FLOW_FLAGS, ...on };
}
export function ctx(on: Partial<FlowStatusFlags> = {}, extra: Omit<Partial<FlowContext>, 'flags'> = {}): FlowContext {
  return { flags: flags(on), ...extra };
}
export const PICKED = { is_plan_selected: true, is_number_selected: true } as const;
export const PICKED_LOGGED = { ...PICKED, is_logged_in_via_email: true } as const;
/** Plan, number, an e-mail login and the identity check passed for the account: the payment opens. */
export const PAYABLE = { ...PICKED_LOGGED, is_id_verified: true } as const;

export function allowedSteps(c: FlowContext): StepName[] {
  return STEP_NAMES.filter((s) => isStepAllowed(s, c));
}
