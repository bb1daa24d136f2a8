/**
 * The flow contract of SPEC section 2 as pure functions over a FlowContext: which routes
 * may render, where a disallowed route sends the user, the recommended route, skip flags and
 * next. The back rules are in ./back-rules, the shell's (header, cart, legacy paths, retail idle)
 * in ./shell-rules. The host's guards and every module call these; nothing re-implements them.
 *
 * Contracts and decisions where the spec is silent:
 * - The number step is allowed when not paid and not done. The spec gives it no rule; it
 *   can come before the plan (the vip / search start), so it needs no other flag.
 * - location_check is allowed when properly logged in and not in retail mode (the spec
 *   removes it from the retail flow). A retail device stands in a store in the UAE, so in
 *   retail mode "inside the UAE" holds without a check; otherwise activation would be
 *   unreachable in retail.
 * - /login/terminated has its own rule (terminated email, no password login) in place of
 *   the login rule. /payment/confirmation is also allowed once paid and properly logged in:
 *   it is the screen the user sees right after paying, when /payment itself no longer is.
 * - location_check is also skipped once the plan is paid: it only gates activation, which
 *   is skipped once paid, so a paid user must not be stopped there on the way to delivery.
 * - "Logged in" in the delivery rule means properly logged in (SPEC section 6: only an
 *   email login reaches payment, activation and delivery).
 * - /delivery-closed (delivery is closed for the user's area) has its own rule: a selected
 *   plan and number, a proper login, not done. It does not inherit the delivery page's
 *   resident-with-delivery-form rule: whoever reaches delivery, resident or not, can be told
 *   their area is closed, and it is shown before any delivery form exists.
 * - The two identity paths (the table in mfe-identity/README.md): /activation_method
 *   asks residency and the SIM type for everyone. A resident verifies there (Emirates ID scan or
 *   upload, then the face); a non-resident verifies at the id check (passport, then the face).
 *   The decision sets is_resident_done for a resident with a physical SIM (SPEC 2: payment is
 *   then skipped; the SIM is paid on delivery, and the delivery form opens), else is_id_verified
 *   (the eSIM and every non-resident pay online: SPEC 1's pay-and-collect path). So:
 *   activation_method is also skipped once the identity check has passed, or for a
 *   non-resident once the SIM type is chosen (their check is the id check); the id check is
 *   skipped once passed. The id check is the activation's identity check, so it also needs what
 *   the activation routes need (SPEC 2: a proper login and being inside the UAE; SPEC 6: only an
 *   e-mail login reaches activation).
 * - Payment needs the identity check passed for the account (is_id_verified, which the
 *   server derives for the logged-in account only). Every online payment buys a SIM the visitor
 *   can only receive with a verified identity (an eSIM is activated at once; a paid physical SIM
 *   is handed over against the verified document), so a payment without it is a refund waiting to
 *   happen. A resident with a physical SIM (is_resident_done) does not pay online.
 * - Store pickup (/submit_delivery/store) has its own rule: properly logged in, not
 *   done, and either the delivery step's rule (a resident with a delivery form may collect in
 *   store instead) or a paid physical SIM (SPEC 1: non-residents take the pay-and-collect path;
 *   SPEC 2's delivery rule, a resident with a delivery form, keeps /submit_delivery itself for
 *   residents). Choosing a store places the order, which sets is_delivery_in_progress: done.
 * - The root never renders: it always redirects, so isRouteAllowed('/') is false.
 * - No redirect can loop: resolveRoute sends a disallowed route to an allowed route or to
 *   the recommended route, and it renders the recommended route even in the one state where
 *   no step is allowed at all (paid, not done, no email login, plan or number flag missing).
 *   There the recommended route is /login, the only way out of that state.
 */
import type { FlowStatusFlags } from '../schemas/entities';
import { FLOW_FLAG_NAMES } from '../schemas/entities';
import type { StepDefinition, StepName } from './steps';
import { ROUTES, STEPS, isExceptionPath, isKnownPath, normalizePath, stepByName, stepForPath } from './steps';

export type ResidentType = 'resident' | 'non_resident';

export interface FlowContext {
  flags: FlowStatusFlags;
  residentType?: ResidentType | null;
  /** The activation method chosen: an instant eSIM or a physical SIM; null while not chosen. */
  simType?: 'esim' | 'physical' | null;
  hasDeliveryForm?: boolean;
  /** Set when the email the user entered belongs to a terminated account. */
  terminatedEmail?: string | null;
  /** Result of the location check; null or undefined while unknown. */
  insideUae?: boolean | null;
  retail?: boolean;
  /** The flow started with a vip filter (query parameter vip). */
  vipFilter?: boolean;
  /** The flow started with a search (query parameter search). */
  searchActive?: boolean;
  /** True once the user moves inside the app, false on a fresh load or deep link. */
  navigatingInApp?: boolean;
}

/**
 * The start path of the flow. SPEC's "the root" in the recommended-route list means this:
 * '/' itself redirects to the recommended route, so it cannot be a destination.
 */
export const START_ROUTE = ROUTES.planSelection;

/** Delivery in progress, SIM delivered and SIM activated each count as done (SPEC section 4). */
export function isDone(flags: FlowStatusFlags): boolean {
  return flags.is_delivery_in_progress || flags.is_sim_delivered || flags.is_sim_activated;
}

/** A proper login is an email login; a device-id (tourist) session is not one. */
export function isProperlyLoggedIn(flags: FlowStatusFlags): boolean {
  return flags.is_logged_in_via_email;
}

/** Logged in via email with a password: the state in which /login needs no selection. */
export function hasPasswordLogin(flags: FlowStatusFlags): boolean {
  return flags.is_logged_in_via_email && flags.has_password;
}

/** Inside the UAE for the flow: a retail shop is, or the location check said so. */
export function isInsideUae(ctx: FlowContext): boolean {
  return ctx.retail === true || ctx.insideUae === true;
}

/** The identity check has passed, on either path (is_resident_done or is_id_verified). */
export function isIdentityChecked(flags: FlowStatusFlags): boolean {
  return flags.is_resident_done || flags.is_id_verified;
}

function notPaidNotDone(flags: FlowStatusFlags): boolean {
  return !flags.is_plan_paid && !isDone(flags);
}

function planAndNumber(flags: FlowStatusFlags): boolean {
  return flags.is_plan_selected && flags.is_number_selected;
}

function paidAndLoggedIn(flags: FlowStatusFlags): boolean {
  return flags.is_plan_paid && isProperlyLoggedIn(flags);
}

/** SPEC section 2 "Access rules", one predicate per step. */
const STEP_RULES: Readonly<Record<StepName, (ctx: FlowContext) => boolean>> = {
  plan: ({ flags }) => notPaidNotDone(flags),
  number: ({ flags }) => notPaidNotDone(flags),
  account: ({ flags }) => planAndNumber(flags) || hasPasswordLogin(flags),
  location_check: (ctx) => isProperlyLoggedIn(ctx.flags) && ctx.retail !== true,
  activation_method: (ctx) => ctx.flags.is_number_selected && isProperlyLoggedIn(ctx.flags) && isInsideUae(ctx),
  id_check: (ctx) =>
    planAndNumber(ctx.flags) &&
    notPaidNotDone(ctx.flags) &&
    ctx.residentType !== 'resident' &&
    isProperlyLoggedIn(ctx.flags) &&
    isInsideUae(ctx),
  payment: ({ flags }) => planAndNumber(flags) && isProperlyLoggedIn(flags) && flags.is_id_verified && notPaidNotDone(flags),
  submit_delivery: (ctx) =>
    ctx.residentType === 'resident' && ctx.hasDeliveryForm === true && !isDone(ctx.flags) && isProperlyLoggedIn(ctx.flags),
  thank_you: ({ flags }) => isDone(flags) || paidAndLoggedIn(flags),
};

/** Routes whose rule differs from their step's rule. */
const ROUTE_RULES: ReadonlyMap<string, (ctx: FlowContext) => boolean> = new Map([
  [ROUTES.terminated, (ctx: FlowContext) => Boolean(ctx.terminatedEmail) && !hasPasswordLogin(ctx.flags)],
  [ROUTES.paymentConfirmation, (ctx: FlowContext) => isStepAllowed('payment', ctx) || paidAndLoggedIn(ctx.flags)],
  [ROUTES.deliveryClosed, (ctx: FlowContext) => planAndNumber(ctx.flags) && isProperlyLoggedIn(ctx.flags) && !isDone(ctx.flags)],
  [ROUTES.storePickup, (ctx: FlowContext) => isStepAllowed('submit_delivery', ctx) || isPickupPending(ctx)],
]);

/**
 * A paid physical SIM of a visitor who is not a resident with a delivery form, with no order
 * yet: the SIM is collected in store (SPEC 1's pay-and-collect path), and the store is still to
 * be chosen.
 */
export function isPickupPending(ctx: FlowContext): boolean {
  const { flags } = ctx;
  return (
    flags.is_plan_paid &&
    ctx.simType === 'physical' &&
    !(ctx.residentType === 'resident' && ctx.hasDeliveryForm === true) &&
    !isDone(flags) &&
    isProperlyLoggedIn(flags)
  );
}

export function isStepAllowed(step: StepName, ctx: FlowContext): boolean {
  return STEP_RULES[step](ctx);
}

/** Per step: true when the flow passes over it (SPEC section 2 step table). */
export function skipFlags(ctx: FlowContext): Record<StepName, boolean> {
  const { flags } = ctx;
  return {
    plan: flags.is_plan_selected,
    number: flags.is_number_selected,
    account: isProperlyLoggedIn(flags),
    location_check: ctx.retail === true || ctx.insideUae === true || flags.is_plan_paid,
    activation_method: flags.is_plan_paid || isIdentityChecked(flags) || (ctx.residentType === 'non_resident' && ctx.simType != null),
    id_check: flags.is_id_verified,
    payment: flags.is_resident_done,
    submit_delivery: false,
    thank_you: false,
  };
}

/** Allowed and not skipped: a step the flow should stop at. */
function isStepActive(step: StepDefinition, ctx: FlowContext, skips: Record<StepName, boolean>): boolean {
  return isStepAllowed(step.name, ctx) && !skips[step.name];
}

/** Whether the path may render now. Exception routes always may; the root and unknown paths never do. */
export function isRouteAllowed(path: string, ctx: FlowContext): boolean {
  const p = normalizePath(path);
  if (isExceptionPath(p)) return true;
  const step = stepForPath(p);
  if (!step) return false;
  const rule = ROUTE_RULES.get(p);
  return rule ? rule(ctx) : isStepAllowed(step.name, ctx);
}

function hasNoFlowFlags(flags: FlowStatusFlags): boolean {
  return FLOW_FLAG_NAMES.every((name) => !flags[name]);
}

/**
 * SPEC section 2 "Recommended route". The spec lists the search page (4) after the first
 * active step (3), but 3 finds a step in every state where the search page could apply
 * (the plan step is allowed whenever the number step is), so 4 would never win. A vip or
 * search query parameter is an explicit entry intent, so it is checked before 3. Rule 5
 * (no flags at all) gives the start route; checked after 4 so a vip entry still lands on
 * the search page.
 */
export function recommendedRoute(ctx: FlowContext): string {
  const { flags } = ctx;
  if (isDone(flags)) return ROUTES.thankYou;
  if (flags.is_number_selected && !flags.is_plan_paid && ctx.navigatingInApp !== true) return ROUTES.number;
  if ((ctx.vipFilter === true || ctx.searchActive === true) && !flags.is_number_selected && isStepAllowed('number', ctx)) {
    return ROUTES.numberSearch;
  }
  if (hasNoFlowFlags(flags)) return START_ROUTE;
  // Paid, the steps before are all passed or closed: the store to collect from comes before
  // the thank-you page (which is allowed once paid).
  if (isPickupPending(ctx)) return ROUTES.storePickup;
  const skips = skipFlags(ctx);
  const active = STEPS.find((s) => isStepActive(s, ctx, skips));
  if (active) return active.route;
  // Under these rules some step is active whenever any step is allowed (a test walks every
  // flag combination), so this is reached only when no step is allowed (see the header):
  // logging in is the only way forward.
  return ROUTES.login;
}

/**
 * Where a route of `step` that is not yet allowed goes back to: the first step, from the
 * recommended one on and before `step`, that is allowed and not skipped; the recommended
 * route itself when that is the recommended step, or when there is none. A sub-route first
 * tries its own step's page.
 */
function backToFlowPosition(path: string, step: StepDefinition, ctx: FlowContext, recommended: string): string {
  const skips = skipFlags(ctx);
  const from = stepForPath(recommended);
  const fromOrder = from?.order ?? 0;
  if (path !== step.route && step.order >= fromOrder && isStepActive(step, ctx, skips)) return step.route;
  const first = STEPS.find((s) => s.order >= fromOrder && s.order < step.order && isStepActive(s, ctx, skips));
  return !first || first === from ? recommended : first.route;
}

export type RouteResolution = { kind: 'render' } | { kind: 'redirect'; to: string };

/**
 * What the guard does with a path.
 *
 * SPEC gives two rules for a disallowed route: "a step route that is not yet allowed sends
 * the user back to the previous allowed step", and the recommended route "when a route is
 * disallowed". The recommended route says where the user's flow is; we never send anyone
 * back to a step earlier than that, nor past it to a step they have not reached:
 * - a route later in the flow than the recommended route ("not yet allowed") goes back to the
 *   first step, from the recommended one up to the route asked for, that is allowed and not
 *   skipped: the previous allowed step the flow has reached. The rules allow some steps
 *   out of order (the number step before any plan, the id check before the login), and
 *   "the nearest allowed step" would land a fresh visitor who deep-links to /payment on the
 *   number step before any plan; they land on plan selection, where their flow begins;
 * - any other disallowed route (one the user has left behind, such as the plan after paying,
 *   or any step once the order is done) goes to the recommended route.
 *
 * Contract: following redirects always ends in a render within three hops (unknown -> root
 * -> recommended), because every redirect target is either an allowed route or the
 * recommended route, and the recommended route always renders.
 */
export function resolveRoute(path: string, ctx: FlowContext): RouteResolution {
  const p = normalizePath(path);
  if (!isKnownPath(p)) return { kind: 'redirect', to: ROUTES.root };
  if (p === ROUTES.root) return { kind: 'redirect', to: recommendedRoute(ctx) };
  if (isRouteAllowed(p, ctx)) return { kind: 'render' };
  const recommended = recommendedRoute(ctx);
  if (p === recommended) return { kind: 'render' };
  const step = stepForPath(p);
  const recommendedOrder = stepForPath(recommended)?.order ?? 0;
  if (step && step.order > recommendedOrder) return { kind: 'redirect', to: backToFlowPosition(p, step, ctx, recommended) };
  return { kind: 'redirect', to: recommended };
}

/** Where "continue" goes from a step: the next allowed, non-skipped step, else the recommended route. */
export function nextRoute(from: StepName, ctx: FlowContext): string {
  const { order } = stepByName(from);
  const skips = skipFlags(ctx);
  const next = STEPS.find((s) => s.order > order && isStepActive(s, ctx, skips));
  return next ? next.route : recommendedRoute(ctx);
}
