import { useAtomValue } from 'jotai';
import { EMPTY_FLOW_FLAGS, buildFlowContext, flowFlagsAtom, serverFlowContextAtom, startParamsAtom, type FlowContext } from '@join/shared';

/**
 * The flow context the contract's pure functions read: the server's flags and non-flag
 * inputs (resident type, location, delivery form, terminated e-mail, retail) from the store,
 * plus what only the browser knows. Built by the same function the API's step guard uses.
 */
export function useFlowContext(navigatingInApp: boolean): FlowContext {
  const flags = useAtomValue(flowFlagsAtom) ?? EMPTY_FLOW_FLAGS;
  const server = useAtomValue(serverFlowContextAtom);
  const params = useAtomValue(startParamsAtom);
  return buildFlowContext(flags, server, {
    navigatingInApp,
    vipFilter: params.vip !== undefined,
    searchActive: params.search !== undefined,
  });
}
