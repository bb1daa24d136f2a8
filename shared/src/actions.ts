import { api as defaultApi, type Endpoints } from './api/endpoints';
import { DELIVERY_DRAFT_STORAGE_KEY } from './constants';
import { setHeldNumber, setSavedPlan } from './store';
import type { FlowStatusFlags } from './schemas/entities';
import { bus } from './bus';
import { isApiError } from './errors/api-error';
import { isLogoutCode, SESSION_RECOVERY_CODE } from './errors/codes';
import { errorObjectFor } from './errors/catalogue';
import { registerErrorActions, type StepActions } from './errors/error-actions';
import { i18n } from './i18n/i18n';

/**
 * Small shared sequences every module needs, so none re-implements them. They keep the
 * store in step with the server, which stays the authority.
 */

/**
 * Going back from a route whose answers going back clears (the flow contract's clearsOnBack:
 * the first address step, a later id check screen): the server clears them (POST /me/flow_back,
 * with the same function; its answer's flags reach the store as every flow write's do), and the
 * tab forgets the delivery step's address draft.
 */
export async function clearAnswersGoingBack(from: string, api: Endpoints = defaultApi): Promise<FlowStatusFlags> {
  const answer = await api.flowBack(from);
  try {
    window.sessionStorage.removeItem(DELIVERY_DRAFT_STORAGE_KEY);
  } catch {
    // Storage refused (private mode): there is no draft to forget.
  }
  return answer.flow_status_flags;
}

/** Loads what the visitor has chosen so far (after a reload, or a session recovery). */
export async function refreshSelection(flags: FlowStatusFlags, api: Endpoints = defaultApi): Promise<void> {
  const [saved, numbers] = await Promise.all([
    flags.is_plan_selected ? api.getSavedPlans() : Promise.resolve(null),
    // The number flag is true only while the server holds a number for this user.
    flags.is_number_selected ? api.getNumbers() : Promise.resolve({ numbers: [] }),
  ]);
  setSavedPlan(saved?.save_plans[0] ?? null);
  setHeldNumber(numbers.numbers[0] ?? null);
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Who reported an error, and what its pop-up's step actions (Retry...) do. See errors/error-actions.ts. */
export interface ReportOptions {
  source?: string;
  actions?: StepActions;
}

/**
 * Turns any failure into the catalogue pop-up, through the bus (the host shows it).
 * Session codes are not shown here: the API client already recovered or ended the session.
 * `actions` are the raising step's handlers for the pop-up's step buttons (a Retry with no
 * handler is not offered). Returns a withdraw function for a step that goes away; calling it
 * is optional. A plain string is the source alone (the older form).
 */
export function reportError(err: unknown, options?: string | ReportOptions): () => void {
  if (isApiError(err) && (err.code === SESSION_RECOVERY_CODE || isLogoutCode(err.code))) return () => undefined;
  const { source, actions } = typeof options === 'string' ? { source: options, actions: undefined } : (options ?? {});
  const type = isApiError(err) ? err.messageType : 'error_general';
  const code = isApiError(err) ? err.code : null;
  const error = errorObjectFor(type, code, translateOr);
  // Registered before the emit: the pop-up may render synchronously on it.
  const withdraw = actions ? registerErrorActions(error, actions) : () => undefined;
  bus.emit('error:raised', { error, ...(source ? { source } : {}) });
  return withdraw;
}

/** Translation when the dictionary has the key, else the catalogue's own English. */
export function translateOr(key: string, fallback: string): string {
  const v = i18n.t(key);
  return v === key ? fallback : v;
}
