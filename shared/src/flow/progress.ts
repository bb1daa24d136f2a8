/**
 * The stepper's model: from the FlowContext and the
 * current path, the stages this visitor goes through, each done, current or remaining. Pure
 * and Node-safe, like the rest of the flow contract; the host only draws what this returns.
 *
 * Stages, not the contract's steps. The contract's steps a visitor takes depend on answers
 * given late in the flow: the residency and SIM answers at the id check (step 6) add the
 * delivery (a physical SIM) or drop the id check and the payment (a resident paying cash on
 * delivery); the location check drops the activation (outside the UAE). Counting the steps
 * made the total move under the visitor ("Step 6 of 8" after "Step 1 of 7", "Step 5 of 7"
 * then "Step 6 of 6"). The stepper counts what every path has instead, five stages, so the
 * total promised on the first screen is the one kept to the last:
 *
 *   1 plan · 2 number · 3 account · 4 identity (location check, activation method and its
 *   document and face scans, id check with the residency and SIM answers) · 5 checkout
 *   (payment, then delivery or the store pickup; a resident paying cash on delivery has the
 *   delivery form only)
 *
 * Every path goes through all five: retail has no location check but has the activation; a
 * visitor outside the UAE has no activation but has the location check and the id check; a
 * resident has no id check but the location check. The compact form says the screen's own
 * title beside "Step n of 5", so the visitor still sees each screen within a stage.
 *
 * Within a stage the contract still tells a step's two reasons for a skip apart:
 * - the visitor has completed it (a plan is selected, the login is done, the location was
 *   checked inside the UAE, the plan is paid): it counts as done;
 * - it is not part of this visitor's flow (leftOut below): it does not hold its stage back,
 *   and the stepper draws nothing on its screen (a guard sends the visitor on from there).
 * A stage is done when every step of it this visitor takes is done.
 *
 * Plan and number keep the table's order even when a vip or search start picks the number
 * first: the number is then current with the plan still remaining before it.
 */
import type { FlowContext } from './rules';
import { isDone, isInsideUae, isProperlyLoggedIn } from './rules';
import type { StepName } from './steps';
import { STEPS, stepForPath } from './steps';

export type ProgressMark = 'done' | 'current' | 'remaining';

/** The stepper's stages, in flow order (see the header). */
const PROGRESS_STAGES = [
  { name: 'plan', steps: ['plan'] },
  { name: 'number', steps: ['number'] },
  { name: 'account', steps: ['account'] },
  { name: 'identity', steps: ['location_check', 'activation_method', 'id_check'] },
  { name: 'checkout', steps: ['payment', 'submit_delivery'] },
] as const satisfies ReadonlyArray<{ name: string; steps: readonly StepName[] }>;

const BY_STEP = new Map(STEPS.map((s) => [s.name, s]));

export type ProgressStageName = (typeof PROGRESS_STAGES)[number]['name'];

export interface ProgressStep {
  readonly name: ProgressStageName;
  /**
   * A heading key (STEP_TITLE_*): for the current stage the title of the step on screen (the
   * compact form names it), otherwise the stage's first step's.
   */
  readonly titleKey: string;
  /** The short name shown in the stepper list (progress.step.*). */
  readonly labelKey: string;
  /** The contract's steps in this stage. */
  readonly steps: readonly StepName[];
  readonly mark: ProgressMark;
}

export interface FlowProgress {
  /** The stages in flow order; exactly one is current. The same five on every path. */
  readonly steps: readonly ProgressStep[];
  /** 1-based position of the current stage among `steps` ("Step n of total"). */
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
  if (!here || leftOut(here.name, ctx)) return null;
  const index = PROGRESS_STAGES.findIndex((g) => (g.steps as readonly StepName[]).includes(here.name));
  if (index < 0) return null;
  const paid = ctx.flags.is_plan_paid || isDone(ctx.flags);
  const steps = PROGRESS_STAGES.map<ProgressStep>((g, i) => {
    const taken = g.steps.filter((n) => !leftOut(n, ctx));
    const done = taken.length > 0 ? taken.every((n) => completed(n, ctx) ?? i < index) : i < index || paid;
    return {
      name: g.name,
      titleKey: i === index ? here.titleKey : (BY_STEP.get(g.steps[0]) ?? here).titleKey,
      labelKey: `progress.step.${g.name}`,
      steps: g.steps,
      mark: i === index ? 'current' : done ? 'done' : 'remaining',
    };
  });
  return { steps, position: index + 1, total: steps.length, current: steps[index] as ProgressStep };
}
