import {
  api as kernelApi,
  bus,
  delay,
  FLOW_STATUS_KEYS,
  setSavedPlan,
  type Endpoints,
  type Product,
} from '@join/shared';
import { SAVED_PLAN_FETCH_DELAY_MS } from './constants';
import { planApi, type PlanChoice, type PlanEndpoints } from './endpoints';

/** The calls the sequence makes: the plan domain's saves and the kernel's flow status and saved plans. */
export type SavePlanApi = Pick<Endpoints, 'postFlowStatus' | 'getSavedPlans'> & Pick<PlanEndpoints, 'savePlan' | 'saveProduct'>;
const defaultApi: SavePlanApi = { ...kernelApi, ...planApi };

/**
 * The plan save sequence of SPEC 4: save plan, save product, flow status 13, fetch saved
 * plans after 500 ms, then go next (the host moves on when it hears plan:saved). Prices are
 * the server's: only which plans and which product are sent. The plan step and the VIP
 * choice of the number step both run it; both announce plan:added-to-cart (tracking: the
 * saved plan is in the store), the VIP choice without plan:saved (the number step moves on).
 */
export async function savePlanSequence(
  product: Product,
  deps: {
    api?: SavePlanApi;
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
  await api.postFlowStatus(FLOW_STATUS_KEYS.planSaved);
  await wait(SAVED_PLAN_FETCH_DELAY_MS);
  const saved = await api.getSavedPlans();
  setSavedPlan(saved.save_plans[0] ?? null);
  bus.emit('plan:added-to-cart', { productCode: product.ProductCode });
  if (deps.announce !== false) bus.emit('plan:saved', { productCode: product.ProductCode });
}
