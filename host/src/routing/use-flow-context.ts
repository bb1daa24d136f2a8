import { useAtomValue } from 'jotai';
import { EMPTY_FLOW_FLAGS, flowFlagsAtom, startParamsAtom, type FlowContext } from '@join/shared';

/** The flow context the contract's pure functions read, from the store. */
export function useFlowContext(navigatingInApp: boolean): FlowContext {
  const flags = useAtomValue(flowFlagsAtom) ?? EMPTY_FLOW_FLAGS;
  const params = useAtomValue(startParamsAtom);
  return {
    flags,
    navigatingInApp,
    vipFilter: params.vip !== undefined,
    searchActive: params.search !== undefined,
  };
}
