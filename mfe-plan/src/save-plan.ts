import {
  api as defaultApi,
  bus,
  delay as defaultDelay,
  FLOW_STATUS_KEYS,
  flowFlagsAtom,
  SAVED_PLAN_FETCH_DELAY_MS,
  savedPlanAtom,
  store,
  type Endpoints,
  type Product,
} from '@join/shared';

/**
 * The plan save sequence of SPEC 4: save plan, save product, flow status 13, fetch saved
 * plans after 500 ms, then go next (the host moves on when it hears plan:saved).
 * Prices are the server's: we send only which plans and which product.
 */
export async function savePlanSequence(
  product: Product,
  deps: { api?: Endpoints; delay?: (ms: number) => Promise<void> } = {},
): Promise<void> {
  const api = deps.api ?? defaultApi;
  const delay = deps.delay ?? defaultDelay;
  await api.savePlan({ planIds: product.AvailablePlans.map((p) => p.ID), productCode: product.ProductCode });
  await api.saveProduct(product.ProductCode);
  const { flow_status_flags } = await api.postFlowStatus(FLOW_STATUS_KEYS.planSaved);
  store.set(flowFlagsAtom, flow_status_flags);
  await delay(SAVED_PLAN_FETCH_DELAY_MS);
  const saved = await api.getSavedPlans();
  store.set(savedPlanAtom, saved.save_plans[0] ?? null);
  bus.emit('plan:saved', { productCode: product.ProductCode });
}
