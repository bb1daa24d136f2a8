import { API_ERROR_CODES, bus, isApiError, refreshFlowStatus, ROUTES, updateSession } from '@join/shared';
import { accountApi, type LoginMethod } from '@join/shared/account';
import { accountErrorExtras } from './account-errors';
import { go } from './navigation';

/**
 * A login has happened (password, code then password, or Google): keep the new session (the
 * server revoked the old one), read the flags the login set (is_logged_in_via_email,
 * has_password), then announce it. The host routes on by the flow contract; where to go next is
 * never this step's call.
 */
export async function finishLogin(method: LoginMethod, sessionId?: string): Promise<void> {
  if (sessionId) updateSession({ sessionId });
  await refreshFlowStatus();
  bus.emit('account:logged-in', { method });
}

/**
 * The e-mail belongs to a terminated account (SPEC 2 /login/terminated), as the server says once
 * the e-mail is proven (the code's validation, or a Google login) and never before. The server
 * has recorded it as the flow context's terminated_email; the flow status brings it to the
 * host's guard and to the page, then the page is shown.
 */
export async function showTerminated(): Promise<void> {
  await refreshFlowStatus();
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
