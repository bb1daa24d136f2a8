import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, ApiError, bus, EMPTY_FLOW_FLAGS, sessionAtom, setFlowFlags, store, updateSession, type BusEvents } from '@join/shared';
import { accountApi, type LoginResponse } from '@join/shared/account';
import { LoginPage } from '../pages/login-page';
import type { Stage } from '../stages/stage';
import { flowWrite, refusedFlowWrite, renderInPage } from '@join/shared/testing';

const EMAIL = 'amira@example.com';
const loginAs = (has_password: boolean, method: 'password' | 'code' = 'password'): LoginResponse => ({
  session_id: 'account-session',
  profile: { uid: 'u1', email: EMAIL, has_password, login_method: method },
});
/** An API failure as the client makes it: the body's whole numbers (tries left, a wait) as details. */
const apiError = (code: number | string, status: number, extras: Record<string, number> = {}) =>
  new ApiError('refused', { code, status, details: extras });

function listen<K extends keyof BusEvents>(event: K) {
  const seen: BusEvents[K][] = [];
  const off = bus.on(event, (e) => seen.push(e));
  return { seen, off };
}

function renderLogin(initial?: Stage) {
  // No provider by default; a test that wants Google says so.
  jest.spyOn(accountApi, 'socialProviders').mockResolvedValue({ providers: [] });
  return renderInPage(<LoginPage {...(initial ? { initial } : {})} />);
}

const flowAfterLogin = () =>
  jest.spyOn(api, 'getFlowStatus').mockResolvedValue({ flow_status_flags: { ...EMPTY_FLOW_FLAGS, is_logged_in_via_email: true, has_password: true } });

beforeEach(() => act(() => updateSession({ sessionId: 'device-session' })));
afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('the e-mail stage', () => {
  it('checks the e-mail (SPEC 5) before asking the server', async () => {
    const check = jest.spyOn(accountApi, 'checkEmail');
    renderLogin();
    const field = await screen.findByLabelText('E-mail');
    expect(field).toHaveAttribute('type', 'email');
    expect(field).toHaveAttribute('autocomplete', 'email');
    await userEvent.type(field, 'amira@example');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Required valid email format');
    expect(field).toHaveFocus();
    expect(check).not.toHaveBeenCalled();
  });

  it('every e-mail goes on to the same choice, a password or a code, its heading focused; nothing is sent yet', async () => {
    jest.spyOn(accountApi, 'checkEmail').mockResolvedValue({ methods: ['password', 'code'] });
    const send = jest.spyOn(accountApi, 'sendCode');
    renderLogin();
    await userEvent.type(await screen.findByLabelText('E-mail'), `  ${EMAIL} `);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(accountApi.checkEmail).toHaveBeenCalledWith(EMAIL);
    expect(await screen.findByRole('heading', { level: 1, name: 'How would you like to continue?' })).toHaveFocus();
    expect(screen.getByText(EMAIL)).toBeInTheDocument();
    // Two sections, each named by its heading: the password, and the code.
    const password = screen.getByRole('region', { name: 'I have a password' });
    expect(within(password).getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(within(password).getByRole('button', { name: 'Log in' })).toBeEnabled();
    const code = screen.getByRole('region', { name: 'New here, or no password?' });
    expect(code).toHaveTextContent('We e-mail you a 6-digit code to log in or to create your account. It also works if you forgot your password.');
    expect(within(code).getByRole('button', { name: 'E-mail me a code' })).toBeEnabled();
    expect(send).not.toHaveBeenCalled();
  });

  it('a new e-mail asks for a code, and the code stage says where it went', async () => {
    jest.spyOn(accountApi, 'checkEmail').mockResolvedValue({ methods: ['password', 'code'] });
    const send = jest.spyOn(accountApi, 'sendCode').mockResolvedValue({ expires_in_s: 600, resend_after_s: 30 });
    renderLogin();
    await userEvent.type(await screen.findByLabelText('E-mail'), 'new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(await screen.findByRole('button', { name: 'E-mail me a code' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toHaveFocus();
    expect(send).toHaveBeenCalledWith('new@example.com');
    expect(screen.getByText(/We sent a 6-digit code to/)).toHaveTextContent('We sent a 6-digit code to new@example.com. It is valid for 10 minutes.');
    expect(screen.getByRole('button', { name: 'Resend code in 30 seconds' })).toBeDisabled();
  });

  it('a code sent moments ago (429) still leads to the code, with the server\'s wait', async () => {
    jest.spyOn(accountApi, 'sendCode').mockRejectedValue(apiError('rate_limited', 429, { retry_after_s: 12 }));
    renderLogin({ name: 'password', email: 'noor@example.com' });
    await userEvent.click(await screen.findByRole('button', { name: 'E-mail me a code' }));
    expect(await screen.findByRole('button', { name: 'Resend code in 12 seconds' })).toBeDisabled();
  });

  it('shows "Continue with Google" only when the API offers it', async () => {
    renderLogin();
    await screen.findByLabelText('E-mail');
    await act(async () => undefined);
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
  });
});

describe('the password stage', () => {
  const atPassword: Stage = { name: 'password', email: EMAIL };

  it('logs in: keeps the new session, reads the flags, then announces the login', async () => {
    jest.spyOn(accountApi, 'login').mockImplementation(() => flowWrite(loginAs(true)));
    const flow = flowAfterLogin();
    const logged = listen('account:logged-in');
    renderLogin(atPassword);
    const field = await screen.findByLabelText('Password');
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveAttribute('autocomplete', 'current-password');
    await userEvent.type(field, 'Welcome2026');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(field).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(logged.seen).toEqual([{ method: 'password' }]));
    expect(accountApi.login).toHaveBeenCalledWith(EMAIL, 'Welcome2026');
    expect(store.get(sessionAtom).sessionId).toBe('account-session');
    expect(flow).toHaveBeenCalled();
    logged.off();
  });

  it('-107 says "wrong email or password" at the field, announced, with focus there', async () => {
    jest.spyOn(accountApi, 'login').mockRejectedValue(apiError(-107, 401));
    const logged = listen('account:logged-in');
    const popups = listen('error:raised');
    renderLogin(atPassword);
    await userEvent.type(await screen.findByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    // In the field's error line, an alert (announced), tied to the input.
    expect((await screen.findByText('wrong email or password')).closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('wrong email or password');
    expect(popups.seen).toEqual([]);
    expect(logged.seen).toEqual([]);
    logged.off();
    popups.off();
  });

  it('a lock (429) counts down live with the button off, then lets the visitor try again', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    jest.spyOn(accountApi, 'login').mockRejectedValue(apiError('rate_limited', 429, { retry_after_s: 3 }));
    renderLogin(atPassword);
    await user.type(await screen.findByLabelText('Password'), 'guess');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('timer')).toHaveTextContent('Too many attempts. Try again in 3 seconds.');
    // Said once, not every second, with the way that stays open.
    expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts. Try again in 3 seconds. You can log in with a code by e-mail meanwhile.');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'E-mail me a code' })).toBeEnabled();
    act(() => jest.advanceTimersByTime(2_000));
    expect(screen.getByRole('timer')).toHaveTextContent('Too many attempts. Try again in 1 second.');
    expect(screen.getByRole('alert')).toHaveTextContent('3 seconds');
    act(() => jest.advanceTimersByTime(1_000));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it('a lock read from the Retry-After header when the body has no figure', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const headers = new Headers({ 'retry-after': '45' });
    jest.spyOn(accountApi, 'login').mockRejectedValue(new ApiError('locked', { code: 'rate_limited', status: 429, details: {}, cause: { response: { headers } } }));
    renderLogin(atPassword);
    await user.type(await screen.findByLabelText('Password'), 'guess');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('timer')).toHaveTextContent('Too many attempts. Try again in 45 seconds.');
  });

  it('"E-mail me a code" (an account with a password too) sends a code and shows the code stage', async () => {
    const send = jest.spyOn(accountApi, 'sendCode').mockResolvedValue({ expires_in_s: 600, resend_after_s: 30 });
    renderLogin(atPassword);
    await userEvent.click(await screen.findByRole('button', { name: 'E-mail me a code' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toHaveFocus();
    expect(send).toHaveBeenCalledWith(EMAIL);
  });

  it('"Change e-mail" goes back to the e-mail, kept for editing', async () => {
    renderLogin(atPassword);
    await userEvent.click(await screen.findByRole('button', { name: 'Change e-mail' }));
    expect(await screen.findByLabelText('E-mail')).toHaveValue(EMAIL);
    expect(screen.getByRole('heading', { name: 'Log in or create an account' })).toHaveFocus();
  });
});

describe('the code stage', () => {
  const atCode: Stage = { name: 'code', email: 'new@example.com', resendAfterS: 0 };

  it("the resend waits the server's seconds, with a visible countdown on the button", async () => {
    jest.useFakeTimers();
    renderLogin({ ...atCode, resendAfterS: 30 });
    expect(await screen.findByRole('button', { name: 'Resend code in 30 seconds' })).toBeDisabled();
    act(() => jest.advanceTimersByTime(29_000));
    expect(screen.getByRole('button', { name: 'Resend code in 1 second' })).toBeDisabled();
    act(() => jest.advanceTimersByTime(1_000));
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
  });

  it('takes six digits only, as a one-time code', async () => {
    renderLogin(atCode);
    const field = await screen.findByLabelText('Verification code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.type(field, '12a34 5678');
    expect(field).toHaveValue('123456');
  });

  it('a wrong code says how many tries are left, at the field', async () => {
    jest.spyOn(accountApi, 'validateCode').mockRejectedValueOnce(apiError('verification_code_invalid', 400, { attempts_left: 2 })).mockRejectedValueOnce(apiError('verification_code_invalid', 400, { attempts_left: 1 }));
    renderLogin(atCode);
    await userEvent.type(await screen.findByLabelText('Verification code'), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right. 2 tries left.');
    expect(screen.getByLabelText('Verification code')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('That code is not right. 1 try left.'));
  });

  it('an expired code offers "Resend code"; the new code is announced and the field emptied', async () => {
    jest.spyOn(accountApi, 'validateCode').mockRejectedValue(apiError('verification_code_expired', 410));
    const send = jest.spyOn(accountApi, 'sendCode').mockResolvedValue({ expires_in_s: 600, resend_after_s: 30 });
    renderLogin(atCode);
    await userEvent.type(await screen.findByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Verification code expired');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    await userEvent.click(within(alert).getByRole('button', { name: 'Resend code' }));
    expect(send).toHaveBeenCalledWith('new@example.com');
    expect(await screen.findByRole('status')).toHaveTextContent('A new code is on its way to new@example.com.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Verification code')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Resend code in 30 seconds' })).toBeDisabled();
  });

  it('too many wrong codes asks for a new one', async () => {
    jest.spyOn(accountApi, 'validateCode').mockRejectedValue(apiError('verification_code_attempts', 410));
    renderLogin(atCode);
    await userEvent.type(await screen.findByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many wrong codes. Ask for a new code.');
    expect(within(alert).getByRole('button', { name: 'Resend code' })).toBeEnabled();
  });

  it('an account that has a password is logged in by the code', async () => {
    jest.spyOn(accountApi, 'validateCode').mockImplementation(() => flowWrite(loginAs(true, 'code')));
    flowAfterLogin();
    const logged = listen('account:logged-in');
    renderLogin(atCode);
    await userEvent.type(await screen.findByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(logged.seen).toEqual([{ method: 'code' }]));
    expect(accountApi.validateCode).toHaveBeenCalledWith('new@example.com', '123456');
    expect(store.get(sessionAtom).sessionId).toBe('account-session');
    logged.off();
  });

  it('the right code of a terminated e-mail reads the flow status, then asks for /login/terminated; no login', async () => {
    jest.spyOn(accountApi, 'validateCode').mockImplementation(() => refusedFlowWrite(apiError('account_with_terminated_number', 409)));
    const flow = jest.spyOn(api, 'getFlowStatus').mockResolvedValue({
      flow_status_flags: { ...EMPTY_FLOW_FLAGS, is_plan_selected: true, is_number_selected: true },
      flow_context: { resident_type: null, sim_type: null, inside_uae: null, has_delivery_form: false, terminated_email: 'former@example.com', retail: false },
    });
    const nav = listen('navigate:request');
    const logged = listen('account:logged-in');
    const popups = listen('error:raised');
    renderLogin({ name: 'code', email: 'former@example.com', resendAfterS: 0 });
    await userEvent.type(await screen.findByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(nav.seen).toEqual([{ from: 'identity', to: '/login/terminated' }]));
    expect(flow).toHaveBeenCalled();
    expect(store.get(sessionAtom).sessionId).toBe('device-session');
    expect(logged.seen).toEqual([]);
    expect(popups.seen).toEqual([]);
    nav.off();
    logged.off();
    popups.off();
  });

  it('a new account keeps the new session, then sets a password', async () => {
    jest.spyOn(accountApi, 'validateCode').mockImplementation(() => flowWrite(loginAs(false, 'code')));
    jest.spyOn(api, 'getFlowStatus').mockResolvedValue({ flow_status_flags: { ...EMPTY_FLOW_FLAGS, is_logged_in_via_email: true } });
    const logged = listen('account:logged-in');
    renderLogin(atCode);
    await userEvent.type(await screen.findByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Create a password' })).toHaveFocus();
    expect(store.get(sessionAtom).sessionId).toBe('account-session');
    // The login is announced once the password is set: the host must not move on before.
    expect(logged.seen).toEqual([]);
    logged.off();
  });
});

describe('the set-password stage', () => {
  const atSet: Stage = { name: 'set-password', email: 'new@example.com' };
  const rule = (name: string) => screen.getByText(name).closest('li') as HTMLElement;

  it('checks the three rules live, in words, and keeps the button off until all are met', async () => {
    jest.spyOn(accountApi, 'setPassword').mockImplementation(() => flowWrite({ has_password: true as const }));
    flowAfterLogin();
    const logged = listen('account:logged-in');
    renderLogin(atSet);
    const field = await screen.findByLabelText('New password');
    expect(field).toHaveAttribute('autocomplete', 'new-password');
    const save = screen.getByRole('button', { name: 'Save password and continue' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription('Meet the three rules above to save your password.');
    expect(rule('At least 8 characters')).toHaveTextContent('not met yet');
    await userEvent.type(field, 'welcome');
    expect(rule('At least 8 characters')).toHaveTextContent('not met yet');
    expect(rule('One digit')).toHaveTextContent('not met yet');
    await userEvent.type(field, '2026');
    expect(rule('At least 8 characters')).toHaveTextContent(/, met$/);
    expect(rule('One digit')).toHaveTextContent(/, met$/);
    expect(rule('One uppercase letter')).toHaveTextContent('not met yet');
    expect(save).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, 'Welcome2026');
    expect(rule('One uppercase letter')).toHaveTextContent(/, met$/);
    expect(save).toBeEnabled();
    await userEvent.click(save);
    await waitFor(() => expect(logged.seen).toEqual([{ method: 'code' }]));
    expect(accountApi.setPassword).toHaveBeenCalledWith('Welcome2026');
    logged.off();
  });

  it('password_already_set: the visitor is logged in, the note says so, Continue goes on', async () => {
    jest.spyOn(accountApi, 'setPassword').mockRejectedValue(apiError('password_already_set', 409));
    flowAfterLogin();
    const logged = listen('account:logged-in');
    renderLogin(atSet);
    await userEvent.type(await screen.findByLabelText('New password'), 'Welcome2026');
    await userEvent.click(screen.getByRole('button', { name: 'Save password and continue' }));
    expect(await screen.findByRole('status')).toHaveTextContent('This account already has a password. You are logged in.');
    expect(logged.seen).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(logged.seen).toEqual([{ method: 'code' }]));
    logged.off();
  });
});

describe('failures the stage does not explain itself', () => {
  it('go to the catalogue pop-up, whose Retry runs the call again', async () => {
    const check = jest.spyOn(accountApi, 'checkEmail').mockRejectedValue(apiError('rate_limited', 429));
    const popups = listen('error:raised');
    renderLogin();
    await userEvent.type(await screen.findByLabelText('E-mail'), EMAIL);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(popups.seen).toHaveLength(1));
    expect(popups.seen[0]).toMatchObject({ source: 'identity', error: { title: 'Please wait a moment' } });
    expect(check).toHaveBeenCalledTimes(1);
    popups.off();
  });
});

describe('a visitor already logged in, back on /login', () => {
  afterEach(() => act(() => setFlowFlags(null)));
  const me = (login_method: 'password' | 'code' | 'google', has_password: boolean) =>
    jest.spyOn(accountApi, 'me').mockResolvedValue({ uid: 'u1', email: EMAIL, has_password, login_method, created_at: 1 });

  it('resumes a code login that has no password yet at the new password', async () => {
    act(() => setFlowFlags({ ...EMPTY_FLOW_FLAGS, is_logged_in_via_email: true }));
    me('code', false);
    renderLogin();
    expect(await screen.findByRole('heading', { name: 'Create a password' })).toBeInTheDocument();
  });

  it('says who is logged in, and Continue moves on like any login', async () => {
    act(() => setFlowFlags({ ...EMPTY_FLOW_FLAGS, is_logged_in_via_email: true, has_password: true }));
    me('password', true);
    flowAfterLogin();
    const logged = listen('account:logged-in');
    renderLogin();
    expect(await screen.findByText(`You are logged in as ${EMAIL}.`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(logged.seen).toEqual([{ method: 'password' }]));
    logged.off();
  });
});
