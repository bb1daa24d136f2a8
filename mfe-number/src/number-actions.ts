import { bus, FLOW_STATUS_KEYS, numberAtom, ROUTES, setHeldNumber, setSavedPlan, store, type PhoneNumber } from '@join/shared';
import { api as defaultApi, type Api } from './api/endpoints';
import { go } from './navigation';
import { withAddressChallenge } from './captcha/challenge';

/**
 * The number sequences of SPEC 4, as plain functions over the shared client and store.
 * The server is the authority on holds; these keep the page in step with it. The flow-status
 * posts bring the flags with them (the kernel applies every flow write's answer).
 */
type Deps = { api?: Api };

/**
 * Reserve `msisdn`. Picking a new number first cancels the current one (SPEC 4). A number
 * taken from the random offer posts flow status 5, one chosen by search or VIP posts 12.
 */
export async function reserveNumber(msisdn: string, deps: Deps & { via?: 'random' | 'chosen' } = {}): Promise<PhoneNumber> {
  const api = deps.api ?? defaultApi;
  const current = store.get(numberAtom);
  if (current && current.MSISDN !== msisdn) await cancelNumber(current.MSISDN, deps);
  // A shared address past its threshold is asked for a challenge first.
  const { number } = await withAddressChallenge(api, (captcha) => (captcha ? api.reserveNumber(msisdn, captcha) : api.reserveNumber(msisdn)));
  const key = deps.via === 'chosen' ? FLOW_STATUS_KEYS.numberChosen : FLOW_STATUS_KEYS.randomNumber;
  await api.postFlowStatus(key);
  setHeldNumber(number);
  bus.emit('number:reserved', { msisdn: number.MSISDN, expiresAt: number.ExpiryDate });
  return number;
}

/**
 * Cancel the held number: the reservation is deleted (the server resets the product to the
 * 1-month default), flow status 115. The number flag falling then saves the current product
 * and reloads the saved plans (SPEC 4): the kernel's watchNumberFlag does that, for every way
 * the flag falls.
 */
export async function cancelNumber(msisdn: string, deps: Deps = {}): Promise<void> {
  const api = deps.api ?? defaultApi;
  await api.cancelNumber(msisdn);
  await api.postFlowStatus(FLOW_STATUS_KEYS.numberCancelled);
  setHeldNumber(null);
  bus.emit('number:cancelled', { msisdn });
}

/** After a number is selected, saved plans are fetched (SPEC 4); the host decides where that leads. */
export async function continueWithNumber(deps: Deps = {}): Promise<void> {
  const api = deps.api ?? defaultApi;
  const saved = await api.getSavedPlans();
  setSavedPlan(saved.save_plans[0] ?? null);
  bus.emit('number:confirmed', { msisdn: store.get(numberAtom)?.MSISDN ?? '', hasSavedPlan: saved.save_plans.length > 0 });
}

/** A shuffled offer from the default vanity ids (the server picks at random). */
export async function offerRandomNumber(deps: Deps = {}): Promise<PhoneNumber | null> {
  const api = deps.api ?? defaultApi;
  const { numbers } = await api.randomNumbers(1);
  return numbers[0] ?? null;
}

/** Keep the held number longer (WCAG 2.2.1): the server extends the hold, a limited number of times. */
export async function extendHold(deps: Deps = {}): Promise<PhoneNumber> {
  const api = deps.api ?? defaultApi;
  const current = store.get(numberAtom);
  if (!current) throw new Error('no number is held');
  const { number } = await withAddressChallenge(api, (captcha) =>
    captcha ? api.reserveNumber(current.MSISDN, captcha) : api.reserveNumber(current.MSISDN),
  );
  setHeldNumber(number);
  return number;
}

/** The confirmation: the server records the choice (commit), then the flow moves on. */
export async function commitAndContinue(deps: Deps = {}): Promise<void> {
  const api = deps.api ?? defaultApi;
  await api.commitNumber();
  await continueWithNumber(deps);
}

/**
 * The transfer of SPEC 4: (verified and terms accepted before this) cancel the existing
 * number, reserve the MNP number (a temporary number, InTransferTo, stands in for it),
 * flow status 12, back to the number step.
 */
export async function reserveTransfer(externalNumber: string, operator: string, deps: Deps = {}): Promise<PhoneNumber> {
  const api = deps.api ?? defaultApi;
  const current = store.get(numberAtom);
  if (current) await cancelNumber(current.MSISDN, deps);
  const { reservation } = await api.reserveTransfer(externalNumber, operator);
  await api.postFlowStatus(FLOW_STATUS_KEYS.numberChosen);
  setHeldNumber(reservation.number);
  bus.emit('number:reserved', { msisdn: reservation.number.MSISDN, expiresAt: reservation.number.ExpiryDate });
  go(ROUTES.number);
  return reservation.number;
}
