/**
 * Where the flow goes after a step announces an outcome on the bus. Step modules never name
 * another step's route: they say what happened, and the host routes with these pure functions
 * (tested with the rest of the flow contract).
 */
import type { FlowContext } from './rules';
import { isPickupPending, isRouteAllowed, isStepAllowed, nextRoute, recommendedRoute } from './rules';
import { ROUTES } from './steps';

/** SPEC 4 plan save sequence: "... then go next". */
export function routeAfterPlanSaved(ctx: FlowContext): string {
  return nextRoute('plan', ctx);
}

/** SPEC 4: "After a number is selected, saved plans are fetched. If they exist the user goes to /login, otherwise to the next step." */
export function routeAfterNumberConfirmed(ctx: FlowContext, hasSavedPlan: boolean): string {
  if (hasSavedPlan && isRouteAllowed(ROUTES.login, ctx)) return ROUTES.login;
  return nextRoute('number', ctx);
}

/** A VIP plan's "find a number of its tier": the number search, where the number step is open. */
export function routeForVipNumberSearch(ctx: FlowContext): string {
  return isStepAllowed('number', ctx) ? ROUTES.numberSearch : recommendedRoute(ctx);
}

/** After a login (SPEC 2: the account step is skipped once properly logged in): the next step. */
export function routeAfterLogin(ctx: FlowContext): string {
  return nextRoute('account', ctx);
}

/** After the location check (SPEC 2: activation needs being inside the UAE): the next step the answer opens. */
export function routeAfterLocationCheck(ctx: FlowContext): string {
  return nextRoute('location_check', ctx);
}

/**
 * After the activation method's answers (residency and SIM type) are stored: a resident scans
 * their Emirates ID on this step; a non-resident goes on to the id check (their passport).
 */
export function routeAfterActivationMethod(ctx: FlowContext): string {
  if (ctx.residentType === 'resident' && isRouteAllowed(ROUTES.scanDocument, ctx)) return ROUTES.scanDocument;
  return nextRoute('activation_method', ctx);
}

/**
 * After the identity check passed (the flow status already carries is_resident_done or
 * is_id_verified): the next step the decision opens: payment, or for a resident with a
 * physical SIM the delivery (payment skipped).
 */
export function routeAfterIdentityVerified(ctx: FlowContext): string {
  return nextRoute('activation_method', ctx);
}

/**
 * After the payment's confirmation (the flow status carries is_plan_paid): the next step the
 * contract opens: the delivery for a resident with a delivery form, else the thank-you page.
 */
export function routeAfterPayment(ctx: FlowContext): string {
  if (isPickupPending(ctx)) return ROUTES.storePickup;
  return nextRoute('payment', ctx);
}

/**
 * After the order is placed (a delivery, a store pickup, or the eSIM issued; the flow status
 * carries is_delivery_in_progress once a SIM is on its way): the thank-you page, where the
 * order's live status is (SPEC 4: a done order always lands there).
 */
export function routeAfterOrderPlaced(ctx: FlowContext): string {
  return isRouteAllowed(ROUTES.thankYou, ctx) ? ROUTES.thankYou : recommendedRoute(ctx);
}
