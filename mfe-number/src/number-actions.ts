import {
  api as defaultApi,
  bus,
  FLOW_STATUS_KEYS,
  flowFlagsAtom,
  numberAtom,
  ROUTES,
  savedPlanAtom,
  store,
  type Endpoints,
  type PhoneNumber,
} from '@join/shared';

/**
 * The number sequences of SPEC 4, as plain functions over the shared client and store.
 * The server is the authority on holds; these keep the page in step with it.
 */
type Deps = { api?: Endpoints };

/** Reserve `msisdn`. Picking a new number first cancels the current one (SPEC 4). */
export async function reserveNumber(msisdn: string, deps: Deps = {}): Promise<PhoneNumber> {
  const api = deps.api ?? defaultApi;
  const current = store.get(numberAtom);
  if (current && current.MSISDN !== msisdn) await cancelNumber(current.MSISDN, deps);
  const { number } = await api.reserveNumber(msisdn);
  const { flow_status_flags } = await api.postFlowStatus(FLOW_STATUS_KEYS.randomNumber);
  store.set(numberAtom, number);
  store.set(flowFlagsAtom, flow_status_flags);
  bus.emit('number:reserved', { msisdn: number.MSISDN, expiresAt: number.ExpiryDate });
  return number;
}

/**
 * Cancel the held number: the reservation is deleted (the server resets the product to the
 * 1-month default), flow status 115; then, as the number flag went from selected to not
 * selected, the current product is saved and the saved plans reloaded (SPEC 4).
 */
export async function cancelNumber(msisdn: string, deps: Deps = {}): Promise<void> {
  const api = deps.api ?? defaultApi;
  await api.cancelNumber(msisdn);
  const { flow_status_flags } = await api.postFlowStatus(FLOW_STATUS_KEYS.numberCancelled);
  store.set(numberAtom, null);
  store.set(flowFlagsAtom, flow_status_flags);
  await api.getCurrentProduct(true);
  const saved = await api.getSavedPlans();
  store.set(savedPlanAtom, saved.save_plans[0] ?? null);
  bus.emit('number:cancelled', { msisdn });
}

/** After a number is selected, saved plans are fetched: any -> /login, else the next step. */
export async function continueWithNumber(deps: Deps = {}): Promise<void> {
  const api = deps.api ?? defaultApi;
  const saved = await api.getSavedPlans();
  store.set(savedPlanAtom, saved.save_plans[0] ?? null);
  bus.emit('step:done', saved.save_plans.length > 0 ? { step: 'number', to: ROUTES.login } : { step: 'number' });
}

/** A shuffled offer from the default vanity ids (the server picks at random). */
export async function offerRandomNumber(deps: Deps = {}): Promise<PhoneNumber | null> {
  const api = deps.api ?? defaultApi;
  const { numbers } = await api.randomNumbers(1);
  return numbers[0] ?? null;
}
