import { api as defaultApi, type Endpoints, type PlanChoice } from './api/endpoints';
import { flowFlagsAtom, numberAtom, savedPlanAtom, store } from './store';
import type { FlowStatusFlags, Product } from './schemas/entities';
import { FLOW_STATUS_KEYS, SAVED_PLAN_FETCH_DELAY_MS } from './constants';
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
export async function refreshFlowStatus(api: Endpoints = defaultApi): Promise<FlowStatusFlags> {
  const { flow_status_flags } = await api.getFlowStatus();
  store.set(flowFlagsAtom, flow_status_flags);
  return flow_status_flags;
}

/** Loads what the visitor has chosen so far (after a reload, or a session recovery). */
export async function refreshSelection(flags: FlowStatusFlags, api: Endpoints = defaultApi): Promise<void> {
  const [saved, numbers] = await Promise.all([
    flags.is_plan_selected ? api.getSavedPlans() : Promise.resolve(null),
    // The number flag is true only while the server holds a number for this user.
    flags.is_number_selected ? api.getNumbers() : Promise.resolve({ numbers: [] }),
  ]);
  store.set(savedPlanAtom, saved?.save_plans[0] ?? null);
  store.set(numberAtom, numbers.numbers[0] ?? null);
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

/**
 * The plan save sequence of SPEC 4: save plan, save product, flow status 13, fetch saved
 * plans after 500 ms, then go next (the host moves on when it hears plan:saved). Prices are
 * the server's: only which plans and which product are sent. The plan step and the VIP
 * choice of the number step both run it.
 */
export async function savePlanSequence(
  product: Product,
  deps: {
    api?: Endpoints;
    delay?: (ms: number) => Promise<void>;
    announce?: boolean;
    /** What else was chosen: the options of a customizable product, boosters, a top-up, opt-in promotions, a promo code. */
    choice?: Omit<PlanChoice, 'productCode'>;
  } = {},
): Promise<void> {
  const api = deps.api ?? defaultApi;
  const wait = deps.delay ?? delay;
  await api.savePlan({
    ...deps.choice,
    planIds: deps.choice?.planIds ?? product.AvailablePlans.map((p) => p.ID),
    productCode: product.ProductCode,
  });
  await api.saveProduct(product.ProductCode);
  const { flow_status_flags } = await api.postFlowStatus(FLOW_STATUS_KEYS.planSaved);
  store.set(flowFlagsAtom, flow_status_flags);
  await wait(SAVED_PLAN_FETCH_DELAY_MS);
  const saved = await api.getSavedPlans();
  store.set(savedPlanAtom, saved.save_plans[0] ?? null);
  if (deps.announce !== false) bus.emit('plan:saved', { productCode: product.ProductCode });
}
