import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, ApiError, bus, EMPTY_FLOW_FLAGS, sessionAtom, store } from '@join/shared';
import { accountApi } from '@join/shared/account';
import { GoogleSignIn } from '../components/google-button';
import { flowWrite, renderInPage } from '@join/shared/testing';

const provider = { id: 'google' as const, authorization_endpoint: 'http://localhost:8090/authorize', client_id: 'join-web' };
const ns = { nonce: 'n'.repeat(22), state: 's'.repeat(22) };
const post = (data: unknown, origin = 'http://localhost:8090') => act(() => window.dispatchEvent(new MessageEvent('message', { data, origin })));

function renderButton() {
  return renderInPage(<GoogleSignIn />);
}

beforeEach(() => {
  jest.spyOn(accountApi, 'socialProviders').mockResolvedValue({ providers: [provider] });
  jest.spyOn(accountApi, 'socialNonce').mockResolvedValue(ns);
});
afterEach(() => jest.restoreAllMocks());

describe('Continue with Google', () => {
  it('opens the chooser, and a token from the provider logs the visitor in', async () => {
    const popup = { closed: false, close: jest.fn(), location: { href: 'about:blank' } };
    const open = jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    jest.spyOn(accountApi, 'socialLogin').mockImplementation(() =>
      flowWrite({
        session_id: 'google-session',
        profile: { uid: 'u1', email: 'amira@example.com', has_password: false, login_method: 'google' as const },
      }),
    );
    jest.spyOn(api, 'getFlowStatus').mockResolvedValue({ flow_status_flags: { ...EMPTY_FLOW_FLAGS, is_logged_in_via_email: true } });
    const logged: string[] = [];
    const off = bus.on('account:logged-in', (e) => logged.push(e.method));
    renderButton();
    expect(await screen.findByText('or')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(open).toHaveBeenCalled());
    expect(screen.getByRole('status')).toHaveTextContent('Finish signing in in the Google window.');
    // Another page's message, and an old sign-in's, change nothing.
    post({ type: 'join-signin', id_token: 'forged', state: ns.state }, 'http://evil.example');
    post({ type: 'join-signin', id_token: 'stale', state: 'x'.repeat(22) });
    post({ type: 'join-signin', id_token: 'the-token', state: ns.state });
    await waitFor(() => expect(logged).toEqual(['google']));
    expect(accountApi.socialLogin).toHaveBeenCalledTimes(1);
    expect(accountApi.socialLogin).toHaveBeenCalledWith('google', 'the-token');
    expect(store.get(sessionAtom).sessionId).toBe('google-session');
    off();
  });

  it('says when the popup was blocked, and when the visitor cancelled', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValueOnce(null);
    renderButton();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The sign-in window could not open. Allow pop-ups for this site and try again.');
    open.mockReturnValueOnce({ closed: false, close: jest.fn(), location: { href: 'about:blank' } } as unknown as Window);
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(2));
    post({ type: 'join-signin', error: 'access_denied', state: ns.state });
    expect(await screen.findByText('Google sign-in was cancelled. You can try again or use your e-mail.')).toBeInTheDocument();
  });

  it('explains an unverified Google e-mail', async () => {
    jest.spyOn(window, 'open').mockReturnValue({ closed: false, close: jest.fn(), location: { href: 'about:blank' } } as unknown as Window);
    jest.spyOn(accountApi, 'socialLogin').mockRejectedValue(new ApiError('no', { code: 'email_not_verified', status: 403 }));
    renderButton();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(window.open).toHaveBeenCalled());
    post({ type: 'join-signin', id_token: 't', state: ns.state });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your Google account’s e-mail is not verified. Use your e-mail address instead.');
  });
});
