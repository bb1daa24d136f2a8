/**
 * The flow contract's back rules (SPEC section 2 "Back navigation"): where the in-app back goes
 * from a path, what going back clears, and the retail header's back button. Built on the access
 * rules of ./rules; the host's back button and the server's POST /me/flow_back call these.
 */
import type { FlowContext } from './rules';
import { isStepAllowed, skipFlags } from './rules';
import type { StepDefinition } from './steps';
import { ROUTES, STEPS, normalizePath, stepForPath } from './steps';

/** The nearest step before `step` that is allowed and not skipped: the previous step the flow stops at. */
function activeRouteBefore(step: StepDefinition, ctx: FlowContext): string | null {
  const skips = skipFlags(ctx);
  const earlier = STEPS.filter((s) => s.order < step.order).reverse();
  return earlier.find((s) => isStepAllowed(s.name, ctx) && !skips[s.name])?.route ?? null;
}

/** Data going back from the id check's later screens, or from the first address step, wipes (SPEC section 2 "Back navigation"). */
export type BackClearable = 'residency' | 'deliveryForm' | 'address';

/** A later screen of the id check (step 6): a path under /id_check, not the page itself. */
function isIdCheckLaterScreen(path: string): boolean {
  const p = normalizePath(path);
  return p !== ROUTES.idCheck && stepForPath(p)?.name === 'id_check';
}

/**
 * The context once the residency answers are wiped: residency, SIM type, delivery form, and the
 * resident validation that rested on them (is_resident_done: a resident verified for a physical
 * SIM delivered and paid in cash). The identity check must be passed again for the new answers.
 */
export function withResidencyCleared(ctx: FlowContext): FlowContext {
  return { ...ctx, residentType: null, simType: null, hasDeliveryForm: false, flags: { ...ctx.flags, is_resident_done: false } };
}

/**
 * What going back from a path clears. SPEC: "from the address step the user goes back to the
 * residency check, or to an earlier address sub-step" and "going back from step 6 clears the
 * residency, delivery form and address data and returns to the id check". So:
 * - the id check's later screens (/id_check/..., where the identity module asks residency,
 *   delivery form and address) clear the three and return to the id check;
 * - the first address step (/submit_delivery, the map) goes back to the residency check
 *   (/activation_method, where residency and the SIM type are asked), which means answering
 *   residency again: it clears the same three, and the resident validation with them
 *   (withResidencyCleared). Its later sub-steps (/submit_delivery/details…) go back to an earlier
 *   address sub-step and clear nothing, like every other route.
 * The server does the clearing (POST /me/flow_back, with this same function); the host calls it
 * before going back, and forgets the address draft of the tab (DELIVERY_DRAFT_STORAGE_KEY).
 */
export function clearsOnBack(path: string): readonly BackClearable[] {
  const p = normalizePath(path);
  return isIdCheckLaterScreen(p) || p === ROUTES.submitDelivery ? ['residency', 'deliveryForm', 'address'] : [];
}

/**
 * The in-app back target (non-retail), or null where there is none (the first step, the root,
 * exception routes and unknown paths). A sub-route goes back to its step's page; a step page
 * to the previous allowed, non-skipped step. A later screen of the id check returns to the
 * id check, and the first address step to the residency check, when allowed once the answers
 * are cleared (see clearsOnBack).
 */
export function backRoute(path: string, ctx: FlowContext): string | null {
  const p = normalizePath(path);
  const step = stepForPath(p);
  if (!step) return null;
  if (isIdCheckLaterScreen(p)) {
    const cleared: FlowContext = { ...ctx, residentType: null, hasDeliveryForm: false };
    if (isStepAllowed('id_check', cleared)) return ROUTES.idCheck;
  }
  if (p === ROUTES.submitDelivery && isStepAllowed('submit_delivery', ctx) && !ctx.flags.is_plan_paid) {
    if (isStepAllowed('activation_method', withResidencyCleared(ctx))) return ROUTES.activationMethod;
  }
  if (p !== step.route && isStepAllowed(step.name, ctx)) return step.route;
  return activeRouteBefore(step, ctx);
}

/**
 * SPEC 2's "from scan_face to scan_document", on each identity path: SPEC's routes are the
 * Emirates ID's (a resident), and a visitor's passport has its own face and document screens
 * (mfe-identity's paths: /id_check/face after /id_check), where a tourist in a shop stands.
 */
const FACE_SCAN_TO_DOCUMENT_SCAN: ReadonlyMap<string, string> = new Map([
  [ROUTES.scanFace, ROUTES.scanDocument],
  [`${ROUTES.idCheck}/face`, ROUTES.idCheck],
]);

export type RetailBack = { kind: 'leave-to-retail-start' } | { kind: 'route'; to: string; clearSummary?: boolean };

/**
 * The retail header's back button (SPEC section 2). 'leave-to-retail-start' means: wipe the
 * stored state and send the browser to the retail start page (the caller does both).
 */
export function retailBack(path: string): RetailBack {
  const p = normalizePath(path);
  if (p === ROUTES.planSelection) return { kind: 'leave-to-retail-start' };
  const documentScan = FACE_SCAN_TO_DOCUMENT_SCAN.get(p);
  if (documentScan) return { kind: 'route', to: documentScan };
  return { kind: 'route', to: ROUTES.planSelection, clearSummary: true };
}
