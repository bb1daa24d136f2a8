import {
  buildFlowContext,
  bus,
  flowFlagsAtom,
  routeAfterActivationMethod,
  routeAfterIdentityVerified,
  routeAfterLocationCheck,
  routeAfterLogin,
  routeAfterPayment,
  routeAfterOrderPlaced,
  routeAfterNumberConfirmed,
  routeAfterPlanSaved,
  routeForVipNumberSearch,
  setError,
  serverFlowContextAtom,
  setStartParams,
  startParamsAtom,
  stepForPath,
  store,
  type FlowContext,
} from '@join/shared';

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
}

export function listenForOutcomes({ context, navigate, warn = console.warn }: OutcomeDeps): () => void {
  // The freshest flags and server context are in the store right after a step's sequence (its
  // refreshFlowStatus), before the shell has rendered them: read them there. The location
  // check's answer (inside_uae) is server context, and it is what opens activation.
  const fresh = (): FlowContext => {
    const ctx = context();
    const flags = store.get(flowFlagsAtom) ?? ctx.flags;
    const server = store.get(serverFlowContextAtom);
    if (!server) return { ...ctx, flags, navigatingInApp: true };
    return buildFlowContext(flags, server, { navigatingInApp: true, vipFilter: ctx.vipFilter, searchActive: ctx.searchActive });
  };
  const offs = [
    bus.on('plan:saved', () => navigate(routeAfterPlanSaved(fresh()))),
    bus.on('plan:vip-number-wanted', ({ tier }) => {
      // The vip start parameter is what the number search reads its tier from (SPEC 2).
      setStartParams({ ...store.get(startParamsAtom), vip: tier ?? 'vip' });
      navigate(routeForVipNumberSearch({ ...fresh(), vipFilter: true }));
    }),
    bus.on('number:confirmed', ({ hasSavedPlan }) => navigate(routeAfterNumberConfirmed(fresh(), hasSavedPlan))),
    bus.on('account:logged-in', () => navigate(routeAfterLogin(fresh()))),
    // Outside the UAE the location page explains it and stays; only an inside answer moves on.
    bus.on('identity:location-checked', ({ inside }) => {
      if (inside) navigate(routeAfterLocationCheck(fresh()));
    }),
    bus.on('identity:method-chosen', () => navigate(routeAfterActivationMethod(fresh()))),
    bus.on('identity:verified', () => navigate(routeAfterIdentityVerified(fresh()))),
    bus.on('payment:completed', () => navigate(routeAfterPayment(fresh()))),
    bus.on('delivery:order-placed', () => navigate(routeAfterOrderPlaced(fresh()))),
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
