import { atom } from 'jotai';
import { API_ERROR_CODES, ApiError, isApiError, store } from '@join/shared';
import type { Api } from '../api/endpoints';

/**
 * Many visitors share one address (airport, hotel, carrier NAT). Past the
 * address's threshold the API answers 428 captcha_required instead of a refusal; the step then
 * asks for a proof-of-work challenge, solves it here (a fraction of a second) and sends the same
 * call again with the solution. While it does, `checkingConnectionAtom` is true and the page
 * says "Checking your connection…" in a status region (ConnectionCheck).
 */
export const checkingConnectionAtom = atom(false);

/** `call` once; if the API asks for the challenge, solve it and `call` again with the solution. */
export async function withAddressChallenge<T>(api: Pick<Api, 'numberChallenge'>, call: (captcha?: string) => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(isApiError(err) && err.code === API_ERROR_CODES.captchaRequired)) throw err;
  }
  store.set(checkingConnectionAtom, true);
  try {
    const [{ challenge }, { solve }] = await Promise.all([api.numberChallenge(), import(/* webpackChunkName: "address-challenge" */ './solve')]);
    const solution = await solve(challenge);
    // No solution in time (a very slow device): SPEC 8's captcha_error, and its Retry starts again.
    if (!solution) throw new ApiError('Captcha invalid', { code: 'captcha_error', status: null });
    return await call(solution);
  } finally {
    store.set(checkingConnectionAtom, false);
  }
}
