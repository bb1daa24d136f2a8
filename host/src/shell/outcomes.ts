import type { QueryClient } from '@tanstack/react-query';
import { buildFlowContext, bus, flowFlagsAtom, routeAfterActivationMethod, routeAfterIdentityVerified, routeAfterLocationCheck, routeAfterLogin, routeAfterPayment, routeAfterOrderPlaced, routeAfterNumberConfirmed, routeAfterPlanSaved, routeForVipNumberSearch, setError, serverFlowContextAtom, setStartParams, startParamsAtom, stepForPath, store, type FlowContext } from '@join/shared';
import { fetchFlowStatus, FLOW_STATUS_QUERY_KEY, queryClient as pageQueryClient } from '@join/shared/react';

/**
 * The host owns navigation. Step modules announce outcomes on the bus; these listeners decide the
 * next route from the flow contract (shared/src/flow/outcomes.ts). A module may show its own
 * pages (navigate:request), never another step's: the module registry says which routes it owns.
 * Returns the unsubscribe.
 */
export interface OutcomeDeps {
  /** The flow context as the guards see it, with the freshest flags from the store. */
  context: () => FlowContext;
  navigate: (to: string) => void;
  warn?: (message: string) => void;
  /** The QueryClient holding the flow status (the page's). */
  queryClient?: QueryClient;
}

export function listenForOutcomes({ context, navigate, warn = console.warn, queryClient = pageQueryClient }: OutcomeDeps): () => void {
  // The freshest flags and server context are in the store as soon as a step's write resolves
  // (the write brought them, query/flow-status.ts of the kernel), before the shell has rendered
  // them: read them there. The location check's answer (inside_uae) is server context, and it is
  // what opens activation.
  const fresh = (): FlowContext => {
    const ctx = context();
    const flags = store.get(flowFlagsAtom) ?? ctx.flags;
    const server = store.get(serverFlowContextAtom);
    if (!server) return { ...ctx, flags, navigatingInApp: true };
    return buildFlowContext(flags, server, { navigatingInApp: true, vipFilter: ctx.vipFilter, searchActive: ctx.searchActive });
  };
  // A read of the flow status still running (a hold that ran out, an order that became final)
  // is waited for, so an outcome is routed by the flags it brings; a write's flags are in before
  // the write resolves, so usually nothing runs and the route is decided at once.
  const onCurrentFlags = (go: () => void): void => {
    if (queryClient.isFetching({ queryKey: FLOW_STATUS_QUERY_KEY, exact: true }) === 0) return go();
    void fetchFlowStatus(queryClient)
      .catch(() => undefined)
      .then(go);
  };
  const offs = [
    bus.on('plan:saved', () => onCurrentFlags(() => navigate(routeAfterPlanSaved(fresh())))),
    bus.on('plan:vip-number-wanted', ({ tier }) => {
      // The vip start parameter is what the number search reads its tier from (SPEC 2).
      setStartParams({ ...store.get(startParamsAtom), vip: tier ?? 'vip' });
      onCurrentFlags(() => navigate(routeForVipNumberSearch({ ...fresh(), vipFilter: true })));
    }),
    bus.on('number:confirmed', ({ hasSavedPlan }) => onCurrentFlags(() => navigate(routeAfterNumberConfirmed(fresh(), hasSavedPlan)))),
    bus.on('account:logged-in', () => onCurrentFlags(() => navigate(routeAfterLogin(fresh())))),
    // Outside the UAE the location page explains it and stays; only an inside answer moves on.
    bus.on('identity:location-checked', ({ inside }) => {
      if (inside) onCurrentFlags(() => navigate(routeAfterLocationCheck(fresh())));
    }),
    bus.on('identity:method-chosen', () => onCurrentFlags(() => navigate(routeAfterActivationMethod(fresh())))),
    bus.on('identity:verified', () => onCurrentFlags(() => navigate(routeAfterIdentityVerified(fresh())))),
    bus.on('payment:completed', () => onCurrentFlags(() => navigate(routeAfterPayment(fresh())))),
    bus.on('delivery:order-placed', () => onCurrentFlags(() => navigate(routeAfterOrderPlaced(fresh())))),
    bus.on('navigate:request', ({ from, to }) => {
      const owner = stepForPath(to)?.remote ?? null;
      if (owner !== from) {
        warn(`[join] the ${from} step asked to show ${to}, which ${owner ? `the ${owner} step owns` : 'no step module owns'}: refused`);
        return;
      }
      navigate(to);
    }),
    bus.on('error:raised', ({ error }) => setError(error)),
  ];
  return () => offs.forEach((off) => off());
}
