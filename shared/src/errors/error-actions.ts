import type { ErrorButton, ErrorObject } from '../schemas/entities';
import type { ErrorAction } from './catalogue';

/**
 * How an error pop-up's buttons reach the step that raised the error.
 *
 * Two kinds of action:
 * - acknowledgements (SPEC 4: ok_clear_error_redirect, ok_clear_error_get_status, ok_clear_error,
 *   max_sims_redirect, redirect_to_app_chat, redirect_to_info_page, clear_and_redirect, reload)
 *   mean the same on every step: the host's pop-up runs them itself;
 * - step actions (retry, change card, retry payment, continue payment, reset transfer, resend
 *   code) mean "do again / differently what just failed": only the step that raised the error
 *   knows what that is, so it registers a handler with the error when it reports it.
 *
 * The registry is keyed by the error object itself (the one the bus carries to the pop-up), so
 * a handler can never act on another error, and a WeakMap lets a forgotten error take its
 * handlers with it. It lives in the kernel: one instance per page, like the bus.
 */
export const STEP_ACTIONS = ['retry', 'change_card', 'retry_payment', 'continue_payment', 'reset_transfer', 'resend_code'] as const satisfies readonly ErrorAction[];
export type StepAction = (typeof STEP_ACTIONS)[number];

export type StepActionHandler = () => void | Promise<void>;
export type StepActions = Partial<Record<StepAction, StepActionHandler>>;

export function isStepAction(action: string): action is StepAction {
  return (STEP_ACTIONS as readonly string[]).includes(action);
}

const registry = new WeakMap<ErrorObject, StepActions>();

/**
 * Attaches the raising step's handlers to an error before it is shown. Returns a withdraw
 * function: a step that goes away (unmounts) withdraws them, so a later click cannot act on a
 * screen that no longer exists (the button then just closes the pop-up).
 */
export function registerErrorActions(error: ErrorObject, actions: StepActions): () => void {
  registry.set(error, actions);
  return () => {
    if (registry.get(error) === actions) registry.delete(error);
  };
}

/** The handler the raising step registered for this action of this error, if any. */
export function errorActionHandler(error: ErrorObject, action: string): StepActionHandler | undefined {
  return isStepAction(action) ? registry.get(error)?.[action] : undefined;
}

/** An action is live when the pop-up runs it itself or a step registered a handler for it. */
export function isLiveAction(error: ErrorObject, action: string): boolean {
  return !isStepAction(action) || errorActionHandler(error, action) !== undefined;
}

/** When every button of an error is a step action nobody handles: a plain OK that closes. */
const CLOSE_ONLY_BUTTON: ErrorButton = { label: 'OK', action: 'ok_clear_error' };
/** SPEC 8: a pop-up with no buttons falls back to OK and redirect... */
const REDIRECT_BUTTON: ErrorButton = { label: 'OK', action: 'ok_clear_error_redirect' };
/** ...except the fatal error, which has its own reload screen. */
const NO_FALLBACK_TYPES: readonly string[] = ['fatal_config'];

/**
 * The buttons the pop-up offers for an error: at most two, none dead. A step action with no
 * registered handler (a Retry nobody would perform) is left out; when that leaves none, the
 * pop-up offers OK that just closes it: the visitor stays where they are, as the step that
 * raised the error is still on screen. The SPEC 8 fallback "OK and redirect" stays for errors
 * that came with no buttons at all.
 */
export function liveButtons(error: ErrorObject): ErrorButton[] {
  if (error.buttons.length === 0) return NO_FALLBACK_TYPES.includes(error.type) ? [] : [REDIRECT_BUTTON];
  const live = error.buttons.filter((b) => isLiveAction(error, b.action)).slice(0, 2);
  return live.length > 0 ? live : [CLOSE_ONLY_BUTTON];
}
