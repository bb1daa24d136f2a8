/**
 * The stepper's model (issue 9, point 2): from the FlowContext and the current path, the
 * steps this visitor goes through, each done, current or remaining. Pure and Node-safe, like
 * the rest of the flow contract; the host only draws what this returns.
 *
 * The contract skips a step for one of two reasons, and the stepper tells them apart:
 * - the visitor has completed it (a plan is selected, the login is done, the location was
 *   checked inside the UAE, the plan is paid): it stays in the list, marked done, so the
 *   count does not shrink under the visitor as they go;
 * - it is not part of this visitor's flow: it is left out and not counted. That is
 *   - the location check in retail (SPEC 2: "removed in the retail flow"), and once the plan
 *     is paid without it (it only gates activation, which is then skipped too);
 *   - the activation method outside the UAE (its access rule needs "inside the UAE", so it can
 *     never open), and once the plan is paid without the visitor having been inside the UAE;
 *   - the id check for residents (its rule excludes them);
 *   - the payment when resident validation is done and nothing was paid (its skip flag);
 *   - the delivery unless the visitor is a resident with a delivery form (its rule) or has a
 *     physical SIM to collect in store (the store pickup route's rule);
 *   - the thank-you page: it is the end of the flow, not a step to take, so never counted.
 *
 * Plan and number keep the table's order even when a vip or search start picks the number
 * first: the number is then current with the plan still remaining before it.
 */
import type { FlowContext } from './rules';
import { isDone, isInsideUae, isProperlyLoggedIn } from './rules';
import type { RoutePath, StepName } from './steps';
import { STEPS, stepForPath } from './steps';

export type ProgressMark = 'done' | 'current' | 'remaining';

export interface ProgressStep {
  readonly name: StepName;
  /** The step's heading key (STEP_TITLE_*): the compact form names the current step with it. */
  readonly titleKey: string;
  /** The short name shown in the stepper list (progress.step.*). */
  readonly labelKey: string;
  readonly route: RoutePath;
  readonly mark: ProgressMark;
}

export interface FlowProgress {
  /** The visitor's steps in flow order; exactly one is current. */
  readonly steps: readonly ProgressStep[];
  /** 1-based position of the current step among `steps` ("Step n of total"). */
  readonly position: number;
  readonly total: number;
  readonly current: ProgressStep;
}

/** Whether the contract leaves this step out of this visitor's flow (see the header). */
function leftOut(step: StepName, ctx: FlowContext): boolean {
  const { flags } = ctx;
  switch (step) {
    case 'location_check':
      return ctx.retail === true || (flags.is_plan_paid && ctx.insideUae !== true);
    case 'activation_method':
      return (ctx.retail !== true && ctx.insideUae === false) || (flags.is_plan_paid && !isInsideUae(ctx));
    case 'id_check':
      return ctx.residentType === 'resident';
    case 'payment':
      return flags.is_resident_done && !flags.is_plan_paid;
    case 'submit_delivery':
      // A physical SIM is delivered or collected: the step is there; an eSIM has none.
      return !(ctx.residentType === 'resident' && ctx.hasDeliveryForm === true) && ctx.simType !== 'physical';
    case 'thank_you':
      return true;
    default:
      return false;
  }
}

/**
 * Whether the visitor has completed the step: true or false where the flags tell, undefined
 * where no flag records it (the location check before an answer, the activation method, the
 * id check before its details): such a step counts as done once the visitor is past it,
 * since the flow only moves on from it forward.
 */
function completed(step: StepName, ctx: FlowContext): boolean | undefined {
  const { flags } = ctx;
  const paid = flags.is_plan_paid || isDone(flags);
  switch (step) {
    case 'plan':
      return flags.is_plan_selected || paid;
    case 'number':
      return flags.is_number_selected || paid;
    case 'account':
      return isProperlyLoggedIn(flags);
    case 'location_check':
      return ctx.insideUae === true ? true : undefined;
    case 'activation_method':
      return paid ? true : undefined;
    case 'id_check':
      return flags.is_id_verified || ctx.residentType === 'non_resident' || paid ? true : undefined;
    case 'payment':
      return paid;
    default:
      return isDone(flags);
  }
}

/**
 * The visitor-facing progress at `path`, or null where a stepper makes no sense: the root,
 * exception routes (BNPL returns, the contract request), unknown paths, the thank-you page,
 * and a step this visitor's flow leaves out.
 */
export function flowProgress(ctx: FlowContext, path: string): FlowProgress | null {
  const here = stepForPath(path);
  if (!here) return null;
  const visible = STEPS.filter((s) => !leftOut(s.name, ctx));
  const index = visible.findIndex((s) => s.name === here.name);
  if (index < 0) return null;
  const steps = visible.map<ProgressStep>((s, i) => ({
    name: s.name,
    titleKey: s.titleKey,
    labelKey: `progress.step.${s.name}`,
    route: s.route,
    mark: i === index ? 'current' : (completed(s.name, ctx) ?? i < index) ? 'done' : 'remaining',
  }));
  return { steps, position: index + 1, total: steps.length, current: steps[index] as ProgressStep };
}
