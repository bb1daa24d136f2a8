import { EMPTY_FLOW_FLAGS, FLOW_STATUS_KEYS, type FlowStatusFlags, type FlowStatusKey, type OrderKind, type OrderStatus } from '@join/shared/contract';
import { DEFAULT_PRODUCT_CODE } from '../catalogue';
import { isVipLevel } from '../numbers';
import type { FlowFlagChange, FlowState } from './flow-state';

export { EMPTY_FLOW_STATE, type FlowFlagChange, type FlowState } from './flow-state';

export function currentProductOf(state: Pick<FlowState, 'currentProductCode'>): number {
  return state.currentProductCode ?? DEFAULT_PRODUCT_CODE;
}

const isShipment = (kind: OrderKind | null): boolean => kind === 'delivery' || kind === 'pickup';
const isHandedOver = (status: OrderStatus | null): boolean => status === 'delivered' || status === 'collected';

export function deriveFlags(state: FlowState): FlowStatusFlags {
  return {
    ...EMPTY_FLOW_FLAGS,
    is_plan_selected: state.planFlag && state.savedPlanProductCode === currentProductOf(state),
    is_product_selected: state.productSaved,
    is_number_selected: state.numberFlag && state.hasActiveHold,
    // A VIP number is a fact of the hold alone: no client step confirms it.
    has_vip: state.hasActiveHold && isVipLevel(state.activeHoldVanityLevel),
    is_id_verified: state.idVerified,
    is_resident_done: state.residentDone,
    // A fact of the payments table: set by the capture the provider confirmed, never by a client.
    is_plan_paid: state.planPaid,
    // Facts of the orders table (SPEC 4: each counts as done). Placing a delivery or a pickup
    // order puts the delivery in progress; delivered or collected ends it with the SIM
    // delivered; an eSIM is activated once the provisioning service saw it installed.
    is_delivery_in_progress: isShipment(state.orderKind) && !isHandedOver(state.orderStatus),
    is_sim_delivered: isShipment(state.orderKind) && isHandedOver(state.orderStatus),
    is_sim_activated: state.orderKind === 'esim' && state.orderStatus === 'installed',
  };
}

export type FlowKeyDecision = { ok: true; change: FlowFlagChange } | { ok: false; reason: string };

/** Whether a posted key follows from the current state, and which stored flag it moves. */
export function decideFlowKey(key: FlowStatusKey, state: FlowState): FlowKeyDecision {
  switch (key) {
    case FLOW_STATUS_KEYS.randomNumber:
    case FLOW_STATUS_KEYS.numberChosen:
      return state.hasActiveHold
        ? { ok: true, change: { numberFlag: true } }
        : { ok: false, reason: `Key ${key} needs an active number reservation: reserve a number first` };
    case FLOW_STATUS_KEYS.planSaved: {
      const current = currentProductOf(state);
      if (state.savedPlanProductCode === null) {
        return { ok: false, reason: `Key ${key} needs a saved plan: save a plan first` };
      }
      if (state.savedPlanProductCode !== current) {
        return {
          ok: false,
          reason: `Key ${key} needs a saved plan for the current product ${current}, but the saved plan is for product ${state.savedPlanProductCode}`,
        };
      }
      return { ok: true, change: { planFlag: true } };
    }
    case FLOW_STATUS_KEYS.numberCancelled:
      return state.numberFlag
        ? { ok: true, change: { numberFlag: false } }
        : { ok: false, reason: `Key ${key} needs a selected number: there is no number selection to cancel` };
    default: {
      const never: never = key;
      return { ok: false, reason: `Key ${String(never)} is not a flow-status key` };
    }
  }
}
