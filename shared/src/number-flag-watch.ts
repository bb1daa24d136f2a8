import { api as defaultApi, type Endpoints } from './api/endpoints';
import { clockSkewAtom, flowFlagsAtom, numberAtom, setSavedPlan, store as defaultStore, type Store } from './store';

/**
 * SPEC 4: "When the number flag goes from selected to not selected, the current product is
 * saved and the saved plans are reloaded." Implemented once, here, for every way the flag
 * can fall: a cancel, a transfer reset, and a hold that runs out on any screen.
 *
 * - It watches the flags in the store, so whoever writes them (a step's sequence, a flow
 *   status refresh, a pop-up's "get status") triggers it; flags going to null (logout) do not.
 * - A held number's hold is watched too: shortly after it ends (on server time) the flow status
 *   is refreshed, which makes the flag fall when the server has freed the number. This is the
 *   one read for a hold that runs out, on the number step as on any other screen: the step's
 *   countdown only tells the visitor (and drops the number, which keeps this check). The grace
 *   lets the countdown speak first and the server free the number (a countdown rounded to the
 *   second reaches zero up to half a second early); the guard and the summary read the flags,
 *   so a held number left in the store after that is shown nowhere.
 *
 * The host starts it once at start-up; it returns a stop function.
 */
export const HOLD_EXPIRY_GRACE_MS = 2000;

export interface NumberFlagWatchDeps {
  api?: Endpoints;
  /** The store the flags are read from: the one the page's flow status query feeds (linkFlowStatus). */
  store?: Store;
  /**
   * Asks the flow status again (the page's one query: `refreshFlowStatus` of @join/shared/react).
   * Given by the caller, so that this core module knows no query library.
   */
  refreshFlags: () => Promise<unknown>;
  /** Called when the follow-up calls fail (the next flow status refresh tries again). */
  onError?: (err: unknown) => void;
}

export function watchNumberFlag(deps: NumberFlagWatchDeps): () => void {
  const api = deps.api ?? defaultApi;
  const store = deps.store ?? defaultStore;
  const onError = deps.onError ?? ((err: unknown) => console.warn('saving the product after the number was released failed', err));

  let wasSelected = store.get(flowFlagsAtom)?.is_number_selected ?? null;
  const stopFlags = store.sub(flowFlagsAtom, () => {
    const isSelected = store.get(flowFlagsAtom)?.is_number_selected ?? null;
    const fell = wasSelected === true && isSelected === false;
    wasSelected = isSelected;
    if (fell) void saveProductAndReloadPlans(api, store).catch(onError);
  });

  let timer: ReturnType<typeof setTimeout> | undefined;
  const scheduleHoldCheck = () => {
    const held = store.get(numberAtom);
    // A number dropped from the store (the step's countdown reached zero, a release, a logout)
    // keeps its check: its hold still ends on the server, and the check knows whether to ask.
    if (held === null) return;
    clearTimeout(timer);
    if (!held.ExpiryDate) return;
    const serverNow = Date.now() + store.get(clockSkewAtom);
    const wait = Math.max(0, Date.parse(held.ExpiryDate) - serverNow) + HOLD_EXPIRY_GRACE_MS;
    timer = setTimeout(() => void checkHold(held.MSISDN), wait);
  };
  const checkHold = async (msisdn: string) => {
    // Another number is held now (it has its own check), or the flags already say no number is
    // selected (a release wrote them, a logout wiped them): nothing to learn.
    const now = store.get(numberAtom);
    if ((now !== null && now.MSISDN !== msisdn) || store.get(flowFlagsAtom)?.is_number_selected !== true) return;
    // Only the flags are refreshed: a number still in the store stays for the step that shows it
    // to announce the expiry (dropping it here could unmount that step before it does).
    await deps.refreshFlags().then(() => undefined, onError);
  };
  const stopNumber = store.sub(numberAtom, scheduleHoldCheck);
  scheduleHoldCheck();

  return () => {
    stopFlags();
    stopNumber();
    clearTimeout(timer);
  };
}

/** GET /products/current?save=true, then the saved plans into the store. */
async function saveProductAndReloadPlans(api: Endpoints, store: Store): Promise<void> {
  await api.getCurrentProduct(true);
  const saved = await api.getSavedPlans();
  setSavedPlan(saved.save_plans[0] ?? null, store);
}
