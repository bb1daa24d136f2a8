import { API_ERROR_CODES, bus, isApiError, ROUTES } from '@join/shared';
import { accountApi, type LoginMethod } from '@join/shared/account';
import { accountErrorExtras } from './account-errors';
import { go } from './navigation';

/**
 * A login has happened (password, code then password, or Google): announce it. The login's own
 * call already kept the new session and brought the flags it set (is_logged_in_via_email,
 * has_password): the account endpoints open a session and change the flow. The host routes on
 * by the flow contract; where to go next is never this step's call.
 */
export function finishLogin(method: LoginMethod): void {
  bus.emit('account:logged-in', { method });
}

/**
 * The e-mail belongs to a terminated account (SPEC 2 /login/terminated), as the server says once
 * the e-mail is proven (the code's validation, or a Google login) and never before. The server
 * has recorded it as the flow context's terminated_email, which the refused call brought to the
 * store (a refusal of a flow-changing call reads the flow status too): the page is shown.
 */
export function showTerminated(): void {
  go(ROUTES.terminated);
}

/** Seconds to wait before another code, when the server gave no figure (its RESEND_AFTER_S). */
export const DEFAULT_RESEND_AFTER_S = 30;

/**
 * E-mails a code. A 429 means a code went out moments ago (or the hourly budget is spent): the
 * visitor goes on to enter the code they have, and the resend waits as long as the server says.
 */
export async function requestCode(email: string): Promise<{ sent: boolean; resendAfterS: number }> {
  try {
    const r = await accountApi.sendCode(email);
    return { sent: true, resendAfterS: r.resend_after_s };
  } catch (err) {
    if (isApiError(err) && err.code === API_ERROR_CODES.rateLimited) {
      return { sent: false, resendAfterS: accountErrorExtras(err).retry_after_s ?? DEFAULT_RESEND_AFTER_S };
    }
    throw err;
  }
}
