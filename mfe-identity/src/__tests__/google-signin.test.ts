import { ApiError } from '@join/shared';
import type { LoginResponse } from '@join/shared/account';
import { authorizationUrl, CLOSED_GRACE_MS, POPUP_POLL_MS, signInWithGoogle, SignInFailure, waitForIdToken, type SignInWindow } from '../google-signin';

const provider = { id: 'google' as const, authorization_endpoint: 'http://localhost:8090/authorize', client_id: 'join-web' };
const PROVIDER_ORIGIN = 'http://localhost:8090';
const ns = { nonce: 'n'.repeat(22), state: 's'.repeat(22) };
const login: LoginResponse = { session_id: 'account-session', profile: { uid: 'u1', email: 'amira@example.com', has_password: false, login_method: 'google' } };

/** A page window and its popup: the test posts messages as any origin could. */
function fakeWindow(popupOpens = true) {
  const listeners = new Set<(e: MessageEvent) => void>();
  const popup = { closed: false, location: { href: 'about:blank' }, close: jest.fn(function (this: { closed: boolean }) { this.closed = true; }) };
  const open = jest.fn(() => (popupOpens ? (popup as unknown as Window) : null));
  const env: SignInWindow = {
    open,
    location: { origin: 'http://localhost:8080' },
    addEventListener: ((type: string, l: (e: MessageEvent) => void) => type === 'message' && listeners.add(l)) as SignInWindow['addEventListener'],
    removeEventListener: ((type: string, l: (e: MessageEvent) => void) => type === 'message' && listeners.delete(l)) as SignInWindow['removeEventListener'],
  };
  const post = (data: unknown, origin = PROVIDER_ORIGIN) => listeners.forEach((l) => l(new MessageEvent('message', { data, origin })));
  return { env, open, popup, post, listeners };
}

/** Settles a promise's state without waiting on it: 'pending', or what it settled to. */
async function stateOf<T>(p: Promise<T>): Promise<'pending' | { value: T } | { error: unknown }> {
  const marker = Symbol('pending');
  const r = await Promise.race([p.then((value) => ({ value }), (error: unknown) => ({ error })), Promise.resolve(marker)]);
  return r === marker ? 'pending' : (r as { value: T } | { error: unknown });
}

afterEach(() => jest.useRealTimers());

describe('the authorization request', () => {
  it('asks for an id_token by web_message to this origin, with the nonce, state and page language', () => {
    const url = new URL(authorizationUrl(provider, ns, 'http://localhost:8080', 'ar'));
    expect(url.origin + url.pathname).toBe('http://localhost:8090/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'join-web',
      redirect_uri: 'http://localhost:8080/',
      response_type: 'id_token',
      response_mode: 'web_message',
      scope: 'openid email profile',
      nonce: ns.nonce,
      state: ns.state,
      ui_locales: 'ar',
    });
    expect(authorizationUrl(provider, ns, 'http://localhost:8080', 'en')).toContain('scope=openid%20email%20profile');
  });
});

describe('waiting for the popup', () => {
  it('ignores messages from another origin, of another type or with another state', async () => {
    const w = fakeWindow();
    const token = waitForIdToken(w.popup as unknown as Window, w.env, PROVIDER_ORIGIN, ns.state);
    w.post({ type: 'join-signin', id_token: 'forged', state: ns.state }, 'http://evil.example');
    w.post({ type: 'join-signin', id_token: 'old', state: 'another-sign-in-state' });
    w.post({ type: 'other', id_token: 'x', state: ns.state });
    w.post('join-signin');
    expect(await stateOf(token)).toBe('pending');
    w.post({ type: 'join-signin', id_token: 'the-token', state: ns.state });
    expect(await token).toBe('the-token');
    expect(w.listeners.size).toBe(0);
  });

  it('a cancel in the chooser is a cancelled sign-in', async () => {
    const w = fakeWindow();
    const token = waitForIdToken(w.popup as unknown as Window, w.env, PROVIDER_ORIGIN, ns.state);
    w.post({ type: 'join-signin', error: 'access_denied', state: ns.state });
    await expect(token).rejects.toEqual(new SignInFailure('cancelled'));
  });

  it('a popup closed without an answer is cancelled, after a grace for an answer still on its way', async () => {
    jest.useFakeTimers();
    const w = fakeWindow();
    const token = waitForIdToken(w.popup as unknown as Window, w.env, PROVIDER_ORIGIN, ns.state);
    w.popup.closed = true;
    jest.advanceTimersByTime(POPUP_POLL_MS + CLOSED_GRACE_MS - 1);
    expect(await stateOf(token)).toBe('pending');
    jest.advanceTimersByTime(1);
    await expect(token).rejects.toMatchObject({ reason: 'cancelled' });
  });

  it('an answer posted just before the popup closed itself still counts', async () => {
    jest.useFakeTimers();
    const w = fakeWindow();
    const token = waitForIdToken(w.popup as unknown as Window, w.env, PROVIDER_ORIGIN, ns.state);
    w.popup.closed = true;
    jest.advanceTimersByTime(POPUP_POLL_MS);
    w.post({ type: 'join-signin', id_token: 'late', state: ns.state });
    expect(await token).toBe('late');
  });

  it('leaving the page (abort) closes the popup', async () => {
    const w = fakeWindow();
    const controller = new AbortController();
    const token = waitForIdToken(w.popup as unknown as Window, w.env, PROVIDER_ORIGIN, ns.state, controller.signal);
    controller.abort();
    await expect(token).rejects.toMatchObject({ reason: 'cancelled' });
    expect(w.popup.close).toHaveBeenCalled();
  });
});

describe('signInWithGoogle', () => {
  const api = () => ({ socialNonce: jest.fn().mockResolvedValue(ns), socialLogin: jest.fn().mockResolvedValue(login) });

  it('opens the popup at once (in the click), then takes it to the chooser with the nonce, and logs in with the token', async () => {
    const w = fakeWindow();
    const a = api();
    const done = signInWithGoogle(provider, { language: 'en', api: a, env: w.env });
    // opened before any await: a browser that needs the user's gesture for a popup allows it
    expect(w.open).toHaveBeenCalledWith('about:blank', 'join-signin', 'popup,width=480,height=640');
    await Promise.resolve();
    await Promise.resolve();
    expect(a.socialNonce).toHaveBeenCalledWith('google');
    expect(w.popup.location.href).toMatch(/^http:\/\/localhost:8090\/authorize\?client_id=join-web&/);
    w.post({ type: 'join-signin', id_token: 'the-token', state: ns.state });
    expect(await done).toEqual(login);
    expect(a.socialLogin).toHaveBeenCalledWith('google', 'the-token');
  });

  it('a blocked popup is said as such, and nothing is sent', async () => {
    const w = fakeWindow(false);
    const a = api();
    await expect(signInWithGoogle(provider, { language: 'en', api: a, env: w.env })).rejects.toMatchObject({ reason: 'blocked' });
    expect(a.socialNonce).not.toHaveBeenCalled();
    expect(a.socialLogin).not.toHaveBeenCalled();
  });

  it('closes the popup when the nonce call fails', async () => {
    const w = fakeWindow();
    const a = api();
    a.socialNonce.mockRejectedValue(new ApiError('down', { code: null, status: 503 }));
    await expect(signInWithGoogle(provider, { language: 'en', api: a, env: w.env })).rejects.toBeInstanceOf(ApiError);
    expect(w.popup.close).toHaveBeenCalled();
  });

  it.each([
    ['email_not_verified', 403, 'unverified'],
    ['social_token_invalid', 401, 'failed'],
    ['nonce_error', 401, 'failed'],
  ])('the API refusing the token with %s (%i) is %s', async (code, status, reason) => {
    const w = fakeWindow();
    const a = api();
    a.socialLogin.mockRejectedValue(new ApiError('no', { code, status }));
    const done = signInWithGoogle(provider, { language: 'en', api: a, env: w.env });
    await Promise.resolve();
    await Promise.resolve();
    w.post({ type: 'join-signin', id_token: 't', state: ns.state });
    await expect(done).rejects.toMatchObject({ name: 'SignInFailure', reason });
  });

  it('any other failure stays the API error (the catalogue pop-up shows it)', async () => {
    const w = fakeWindow();
    const a = api();
    const terminated = new ApiError('terminated', { code: 'account_with_terminated_number', status: 409 });
    a.socialLogin.mockRejectedValue(terminated);
    const done = signInWithGoogle(provider, { language: 'en', api: a, env: w.env });
    await Promise.resolve();
    await Promise.resolve();
    w.post({ type: 'join-signin', id_token: 't', state: ns.state });
    await expect(done).rejects.toBe(terminated);
  });
});
