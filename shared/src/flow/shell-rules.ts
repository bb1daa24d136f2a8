/**
 * The flow contract's rules for the shell around the steps (SPEC section 2 "Shell" and section 4):
 * the header variant, the cart and its summary's edit controls, the retail idle time, and the
 * rewrite of the real paths that BNPL providers and e-mails link to into the app's hash routes.
 */
import { RETAIL_IDLE_MS_LONG, RETAIL_IDLE_MS_SHORT } from '../constants';
import type { FlowStatusFlags } from '../schemas/entities';
import type { FlowContext } from './rules';
import { isStepAllowed } from './rules';
import type { StepName } from './steps';
import { ROUTES, normalizePath, stepByName, stepForPath } from './steps';

export type HeaderVariant = 'retail' | 'plain' | 'slanted';

const PLAIN_HEADER_STEPS: readonly StepName[] = ['plan', 'payment'];
const PLAIN_HEADER_ROUTES: readonly string[] = [ROUTES.paymentInstallments, ROUTES.instalments];

/** Plain on steps 1 (plan) and 7 (payment) and on installments; slanted elsewhere; retail in retail mode. */
export function headerVariant(path: string, retail: boolean): HeaderVariant {
  if (retail) return 'retail';
  const p = normalizePath(path);
  if (PLAIN_HEADER_ROUTES.includes(p)) return 'plain';
  const step = stepForPath(p);
  return step && PLAIN_HEADER_STEPS.includes(step.name) ? 'plain' : 'slanted';
}

const LEGACY_SEGMENTS: readonly string[] = [ROUTES.spotiiSuccess, ROUTES.spotiiFail, ROUTES.contractRequest].map((r) =>
  r.slice(1),
);

/**
 * BNPL providers and contract e-mails link to real paths (/join/spotii-success?...), but the
 * app routes by hash. Returns the hash route to open (for example '/spotii-success?order=1'),
 * or null when the path needs no rewrite (not under the join base, or not one of the three).
 * The caller navigates to `${joinBase}#${route}`; see legacyRedirectUrl.
 */
export function rewriteLegacyPath(pathname: string, search: string, joinBase = '/'): string | null {
  const base = joinBase.endsWith('/') ? joinBase : `${joinBase}/`;
  if (!pathname.startsWith(base)) return null;
  const segments = pathname.slice(base.length).split('/');
  const target = segments.find((s) => LEGACY_SEGMENTS.includes(s));
  if (target === undefined) return null;
  const query = search === '' || search === '?' ? '' : search.startsWith('?') ? search : `?${search}`;
  return `/${target}${query}`;
}

/** The full URL to replace a legacy path with, or null. */
export function legacyRedirectUrl(pathname: string, search: string, joinBase = '/'): string | null {
  const route = rewriteLegacyPath(pathname, search, joinBase);
  if (route === null) return null;
  const base = joinBase.endsWith('/') ? joinBase : `${joinBase}/`;
  return `${base}#${route}`;
}

/** The cart icon shows on the steps before payment (SPEC section 2 "Shell"). */
export function cartVisible(path: string): boolean {
  const step = stepForPath(path);
  return step !== null && step.order < stepByName('payment').order;
}

/** Clicking the cart opens the summary only once a plan or a number is selected. */
export function cartOpensSummary(flags: FlowStatusFlags): boolean {
  return flags.is_plan_selected || flags.is_number_selected;
}

/** The summary's plan edit control: the plan step must be allowed, and VIP numbers fix their plan. */
export function canEditPlan(ctx: FlowContext): boolean {
  return !ctx.flags.has_vip && isStepAllowed('plan', ctx);
}

/** A summary item's edit control goes back to its step only when that step is allowed. */
export function canEditStep(step: StepName, ctx: FlowContext): boolean {
  return step === 'plan' ? canEditPlan(ctx) : isStepAllowed(step, ctx);
}

/** Retail idle time before the popup: longer on the plan-selection and login screens (SPEC section 4). */
export function retailIdleMs(path: string): number {
  const step = stepForPath(path);
  return step?.name === 'plan' || step?.name === 'account' ? RETAIL_IDLE_MS_LONG : RETAIL_IDLE_MS_SHORT;
}
