import { z } from 'zod';
import { isApiError } from '@join/shared';
import { ACCOUNT_ERROR_CODES, accountApi, type LoginResponse, type SocialNonceResponse, type SocialProvidersResponse } from '@join/shared/account';

/**
 * Google sign-in in a popup (Google's "popup" mode, OpenID Connect implicit flow with
 * response_mode=web_message): the provider's own page (its own origin) lets the visitor choose an
 * account, then posts `{type:'join-signin', id_token, state}` to this page and closes. The API
 * verifies the token (signature, issuer, audience, expiry, and the nonce it issued to this
 * session); this module only carries it there. Plain functions, no React, so the
 * message-origin and state checks are tested on their own.
 */

export type SignInProvider = SocialProvidersResponse['providers'][number];

/** Why a sign-in ended without a login; each has its text on the e-mail stage. */
export type SignInFailureReason = 'cancelled' | 'blocked' | 'unverified' | 'failed';

export class SignInFailure extends Error {
  override readonly name = 'SignInFailure';
  constructor(readonly reason: SignInFailureReason) {
    super(`sign-in ${reason}`);
  }
}

/** The window the popup is opened from (the page's; tests pass a fake). */
export type SignInWindow = Pick<Window, 'open' | 'addEventListener' | 'removeEventListener'> & { location: { origin: string } };

export const POPUP_NAME = 'join-signin';
const POPUP_FEATURES = 'popup,width=480,height=640';
/** How often the popup is looked at, to notice it was closed without an answer. */
export const POPUP_POLL_MS = 500;
/**
 * The provider's page posts its answer and then closes itself: a message may arrive just after
 * the poll sees the window closed. Wait this long before calling it cancelled.
 */
export const CLOSED_GRACE_MS = 1000;

/** The provider's answer, as its page posts it. Anything else on the channel is ignored. */
const ProviderMessage = z.object({
  type: z.literal(POPUP_NAME),
  state: z.string(),
  id_token: z.string().optional(),
  error: z.string().optional(),
});

/** The authorization request: id_token by web_message to this page's origin, with the session's nonce and state. */
export function authorizationUrl(provider: SignInProvider, { nonce, state }: SocialNonceResponse, redirectOrigin: string, language: 'en' | 'ar'): string {
  const url = new URL(provider.authorization_endpoint);
  const params: Record<string, string> = {
    client_id: provider.client_id,
    redirect_uri: `${redirectOrigin}/`,
    response_type: 'id_token',
    response_mode: 'web_message',
    scope: 'openid email profile',
    nonce,
    state,
    ui_locales: language,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  // URLSearchParams writes spaces as '+'; the scope is written %20 as OpenID Connect's examples do.
  return url.toString().replace(/\+/g, '%20');
}

/**
 * Waits for the provider's answer in `popup`: only a message from the provider's origin, of
 * type join-signin, with this sign-in's state, counts (any other page or an older sign-in's
 * popup could post too). Resolves with the ID token; rejects with `cancelled` when the visitor
 * cancels, the provider reports an error, the popup is closed without an answer, or `signal` aborts.
 */
export function waitForIdToken(popup: Window, env: SignInWindow, providerOrigin: string, state: string, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    let graceTimer: ReturnType<typeof setTimeout> | undefined;
    const cleanup = () => {
      env.removeEventListener('message', onMessage);
      clearInterval(poll);
      clearTimeout(graceTimer);
      signal?.removeEventListener('abort', onAbort);
    };
    const fail = () => {
      cleanup();
      reject(new SignInFailure('cancelled'));
    };
    function onMessage(event: MessageEvent) {
      if (event.origin !== providerOrigin) return;
      const msg = ProviderMessage.safeParse(event.data);
      if (!msg.success || msg.data.state !== state) return;
      cleanup();
      if (msg.data.id_token) resolve(msg.data.id_token);
      else reject(new SignInFailure('cancelled'));
    }
    function onAbort() {
      fail();
      popup.close();
    }
    const poll = setInterval(() => {
      if (popup.closed && graceTimer === undefined) graceTimer = setTimeout(fail, CLOSED_GRACE_MS);
    }, POPUP_POLL_MS);
    env.addEventListener('message', onMessage);
    signal?.addEventListener('abort', onAbort);
  });
}

export interface SignInOptions {
  language: 'en' | 'ar';
  api?: Pick<typeof accountApi, 'socialNonce' | 'socialLogin'>;
  env?: SignInWindow;
  signal?: AbortSignal;
}

/**
 * The whole sign-in: the popup (opened at once), a nonce and state from the API (bound to this
 * session, single use), the provider's chooser in the popup, the token, and the API's login with it. Resolves with the login (a new session);
 * rejects with a SignInFailure the page explains, or with the ApiError of anything else.
 */
export async function signInWithGoogle(provider: SignInProvider, { language, api = accountApi, env = window, signal }: SignInOptions): Promise<LoginResponse> {
  // The popup opens in the click's own task (an empty one): a browser that allows popups only
  // from a user gesture (Safari) would block one opened after the nonce call's await.
  const popup = env.open('about:blank', POPUP_NAME, POPUP_FEATURES);
  if (!popup) throw new SignInFailure('blocked');
  let ns: SocialNonceResponse;
  try {
    ns = await api.socialNonce(provider.id);
  } catch (err) {
    popup.close();
    throw err;
  }
  popup.location.href = authorizationUrl(provider, ns, env.location.origin, language);
  const idToken = await waitForIdToken(popup, env, new URL(provider.authorization_endpoint).origin, ns.state, signal);
  try {
    return await api.socialLogin(provider.id, idToken);
  } catch (err) {
    if (isApiError(err) && err.code === ACCOUNT_ERROR_CODES.emailNotVerified) throw new SignInFailure('unverified');
    // Which check failed is never said (the API logs it): the visitor can only try again.
    if (isApiError(err) && (err.code === ACCOUNT_ERROR_CODES.socialTokenInvalid || err.messageType === 'nonce_error')) throw new SignInFailure('failed');
    throw err;
  }
}
