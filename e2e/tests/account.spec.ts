import { expect, test, type Page, type Request } from '@playwright/test';
import { ShellPage } from './pages/shell';
import { AccountStepPage, createAccount, latestCode, reachLogin, reachLoginAndLogIn, SEEDED_ACCOUNT as SEEDED, uniqueEmail } from './pages/account-step';
import { apiAsVisitor, apiHeaders } from './pages/api-as-visitor';

/**
 * The account step in Chromium against the real API, its mail sink (the code is
 * read from the development outbox) and the sandbox sign-in provider on its own origin.
 */
const NEXT = { path: '/location_check', heading: 'Check your location' } as const;

async function flags(page: Page, request: Parameters<typeof apiAsVisitor>[1]) {
  const visitor = await apiAsVisitor(page, request);
  return (await visitor.get<{ flow_status_flags: Record<string, boolean> }>('/me/flow_status')).flow_status_flags;
}

test('a new visitor creates an account with an e-mailed code and a password, reloads and stays logged in', async ({ page, request }) => {
  const shell = new ShellPage(page);
  const account = new AccountStepPage(page);
  const email = uniqueEmail('new');
  const gclids: (string | null)[] = [];
  page.on('request', (r: Request) => {
    if (new URL(r.url()).pathname.startsWith('/api/securitymanagement/')) gclids.push(r.headers()['gclid'] ?? null);
  });

  await reachLogin(page);
  await shell.expectAccessible('login: e-mail');
  // SPEC 5: the e-mail is checked once complete
  await account.email().fill('not-an-email');
  await account.button('Continue').click();
  await expect(page.getByText('Required valid email format')).toBeVisible();
  await account.submitEmail(email);
  // the same choice as for any e-mail: nothing says the e-mail is new
  await expect(page.getByRole('region', { name: 'I have a password' })).toBeVisible();
  await shell.expectAccessible('login: password or code');
  const sentAt = Date.now() - 1000;
  await account.askForCode();
  await expect(page.getByText(email).first()).toBeVisible();
  await shell.expectAccessible('login: code');
  const code = await latestCode(request, email, sentAt);

  // a wrong code says how many tries are left
  const wrong = code === '000000' ? '111111' : '000000';
  await account.enterCode(wrong);
  await expect(page.getByText('That code is not right. 4 tries left.')).toBeVisible();
  await account.enterCode(code);

  // a password with a live checklist of the SPEC 5 rules
  await expect(page.getByRole('heading', { name: 'Create a password' })).toBeVisible();
  await shell.expectAccessible('login: new password');
  const checklist = page.getByRole('list', { name: /Your password needs/ });
  await account.newPassword().fill('short');
  await expect(checklist.getByRole('listitem').filter({ hasText: 'At least 8 characters' })).toContainText('not met yet');
  await account.newPassword().fill('Sunshine2026');
  await expect(checklist.getByRole('listitem').filter({ hasText: 'not met yet' })).toHaveCount(0);
  await account.button('Save password and continue').click();

  // the host moves on by the flow contract
  await shell.expectStep(NEXT.path, NEXT.heading);
  await shell.expectHeadingFocused();
  expect(await flags(page, request)).toMatchObject({ is_logged_in_via_email: true, has_password: true });
  const me = await (await apiAsVisitor(page, request)).get<{ email: string; has_password: boolean }>('/securitymanagement/me');
  expect(me).toMatchObject({ email, has_password: true });
  await expect(shell.footerButton('Log out')).toBeVisible();

  // reload keeps the login
  await page.reload();
  await shell.expectStep(NEXT.path, NEXT.heading);
  await expect(shell.footerButton('Log out')).toBeVisible();
  expect(await flags(page, request)).toMatchObject({ is_logged_in_via_email: true });
});

test('a registered visitor logs in with the password; a wrong one says so without saying which part', async ({ page, request }) => {
  const shell = new ShellPage(page);
  const account = new AccountStepPage(page);
  await reachLogin(page);
  await account.submitEmail(SEEDED.email);
  await account.password().fill('NotThePassword1');
  await account.button('Log in').click();
  await expect(page.getByRole('alert').filter({ hasText: /wrong email or password/i })).toBeVisible();
  await shell.expectAccessible('login: wrong password');
  // the password can be shown and hidden
  await account.button('Show password').click();
  await expect(account.password()).toHaveAttribute('type', 'text');
  await account.button('Hide password').click();
  await account.password().fill(SEEDED.password);
  await account.button('Log in').click();
  await shell.expectStep(NEXT.path, NEXT.heading);
  expect(await flags(page, request)).toMatchObject({ is_logged_in_via_email: true, has_password: true });
});

test('wrong passwords lock the e-mail at this address for a while, with a countdown, the button off and the code still open', async ({ page, request }) => {
  const shell = new ShellPage(page);
  const account = new AccountStepPage(page);
  const email = uniqueEmail('locked');
  await createAccount(request, email, 'Harbour2026');
  await reachLogin(page);
  await account.submitEmail(email);
  // five free failures, a sixth, then the lock: the answer never says which part was wrong
  for (let i = 0; i < 6; i += 1) {
    await account.password().fill(`Wrong${i}Guess`);
    await account.button('Log in').click();
    await expect(page.getByText('wrong email or password')).toBeVisible();
  }
  await account.password().fill('Harbour2026');
  await account.button('Log in').click();
  await expect(page.getByRole('timer')).toHaveText(/Too many attempts\. Try again in \d+ seconds?\./);
  await expect(page.locator('form .alert')).toContainText('You can log in with a code by e-mail meanwhile.');
  await expect(account.button('Log in')).toBeDisabled();
  await expect(account.button('E-mail me a code')).toBeEnabled();
  await shell.expectAccessible('login: locked');
  expect(await flags(page, request)).toMatchObject({ is_logged_in_via_email: false });
  // the lock answers with Retry-After too (the page counts down from the body's figure)
  const { session } = await apiAsVisitor(page, request);
  const locked = await request.post('/api/securitymanagement/login', { headers: apiHeaders(session.deviceId, session.sessionId), form: { email, password: 'Harbour2026' } });
  expect(locked.status()).toBe(429);
  expect(Number(locked.headers()['retry-after'])).toBeGreaterThan(0);
});

test('Google sign-in through the provider’s account chooser on its own origin', async ({ page, request }) => {
  const shell = new ShellPage(page);
  await reachLogin(page);
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  expect(new URL(popup.url()).origin).not.toBe(new URL(page.url()).origin);
  await popup.getByRole('button', { name: /Daniel Ortiz/ }).click();
  await shell.expectStep(NEXT.path, NEXT.heading);
  expect(await flags(page, request)).toMatchObject({ is_logged_in_via_email: true, has_password: false });
  const me = await (await apiAsVisitor(page, request)).get<{ email: string; login_method: string }>('/securitymanagement/me');
  expect(me).toMatchObject({ email: 'daniel.ortiz@example.com', login_method: 'google' });
});

test('a terminated e-mail leads to /login/terminated after its code, which offers another e-mail', async ({ page, request }) => {
  const shell = new ShellPage(page);
  const account = new AccountStepPage(page);
  // The only spec that mails former@example.com on this server (a code per e-mail: two tests at once would replace each other's).
  const email = 'former@example.com';
  await reachLogin(page);
  await account.submitEmail(email);
  // before the code, the page tells nothing: the same choice as for any e-mail
  await expect(page.getByText(/closed account|terminated/i)).toHaveCount(0);
  const sentAt = Date.now() - 1000;
  await account.askForCode();
  await account.enterCode(await latestCode(request, email, sentAt));
  await shell.expectStep('/login/terminated', 'This e-mail belongs to a closed account');
  await expect(page.getByText(/\*\*\*/).first()).toBeVisible();
  await shell.expectAccessible('login: terminated');
  await page.getByRole('button', { name: 'Use a different e-mail' }).click();
  await shell.expectStep('/login', 'Log in or create an account');
  await expect(account.email()).toBeVisible();
});

test('logout revokes the session, wipes the device and starts over', async ({ page, request }) => {
  const shell = new ShellPage(page);
  await reachLoginAndLogIn(page);
  await shell.expectStep(NEXT.path, NEXT.heading);
  const before = await apiAsVisitor(page, request);

  await shell.footerButton('Log out').click();
  await shell.dialog('Log out?').getByRole('button', { name: 'Log out' }).click();
  await shell.expectStep('/plan-selection', 'Choose your plan');
  await expect(shell.footerButton('Log out')).toHaveCount(0);
  const after = await apiAsVisitor(page, request);
  expect(after.session.deviceId).not.toBe(before.session.deviceId);
  // the old session id is revoked on the server
  await expect(before.get('/me/flow_status')).rejects.toThrow(/401|-27/);
  // and Back does not bring the logged-in step back: the guards send the new visitor to the start
  await page.goBack();
  await shell.expectStep('/plan-selection', 'Choose your plan');
  await expect(shell.footerButton('Log out')).toHaveCount(0);
});
