import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { latestCode, uniqueEmail } from './outbox';
import { openAs, prepareVisitor } from './prepared';
import { apiHeaders } from './api-as-visitor';

/**
 * The account step (/login): e-mail, then for every e-mail the same choice (its password, or
 * "E-mail me a code"), code, new password, Google.
 */
export class AccountStepPage {
  constructor(readonly page: Page) {}

  email() {
    return this.page.getByLabel('E-mail', { exact: true });
  }

  password() {
    return this.page.getByLabel('Password', { exact: true });
  }

  code() {
    return this.page.getByLabel('Verification code');
  }

  newPassword() {
    return this.page.getByLabel('New password');
  }

  button(name: string | RegExp) {
    return this.page.getByRole('button', typeof name === 'string' ? { name, exact: true } : { name });
  }

  /** The e-mail, then the choice that follows for every e-mail (the page cannot tell). */
  async submitEmail(email: string) {
    await this.email().fill(email);
    await this.button('Continue').click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'How would you like to continue?' })).toBeVisible();
  }

  /** "E-mail me a code": the code stage, for a new e-mail, one without a password, or a terminated one. */
  async askForCode() {
    await this.button('E-mail me a code').click();
    await expect(this.page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  }

  async enterCode(code: string) {
    await this.code().fill(code);
    await this.button('Verify').click();
  }

  /** A new account on screen: a fresh e-mail (`prefix`), its e-mailed code, then a password; answers the e-mail. */
  async createByCode(prefix: string, password = 'Sunshine2026'): Promise<string> {
    const email = uniqueEmail(prefix);
    await this.submitEmail(email);
    const sentAt = Date.now() - 1000;
    await this.askForCode();
    await this.enterCode(await latestCode(this.page.request, email, sentAt));
    await this.newPassword().fill(password);
    await this.button('Save password and continue').click();
    return email;
  }
}

/** The seeded account with a password (api/README.md "Accounts"). */
export const SEEDED_ACCOUNT = { email: 'amira@example.com', password: 'Welcome2026' } as const;

/** Plan, number, then the password login of `who`: the visitor is logged in, and the host moves on. */
export async function reachLoginAndLogIn(page: Page, who: { email: string; password: string } = SEEDED_ACCOUNT, product?: number): Promise<void> {
  const account = new AccountStepPage(page);
  await reachLogin(page, product);
  await account.submitEmail(who.email);
  await account.password().fill(who.password);
  await account.button('Log in').click();
}

export { latestCode, latestMail, uniqueEmail } from './outbox';

/**
 * Plan and a random number held and confirmed, through the API (pages/prepared.ts; walk.spec.ts
 * walks those screens): the visitor opens /login. `product` is a tourist product code.
 */
export async function reachLogin(page: Page, product?: number): Promise<void> {
  const visitor = await prepareVisitor(page.request, { stage: 'login', ...(product ? { product } : {}) });
  const shell = await openAs(page, visitor, '/login');
  await shell.expectStep('/login', 'Log in or create an account');
}

/** An account with a password, made through the API as another device would (code from the outbox). */
export async function createAccount(request: APIRequestContext, email: string, password: string): Promise<void> {
  const deviceId = `e2e-${Math.random().toString(36).slice(2, 12)}`;
  const login = await request.post('/api/securitymanagement/login_by_device_id', { headers: apiHeaders(deviceId) });
  const { session_id: anonymous } = (await login.json()) as { session_id: string };
  const since = Date.now() - 1000;
  const sent = await request.post('/api/securitymanagement/send_verification_code', { headers: apiHeaders(deviceId, anonymous), form: { email } });
  expect(sent.status()).toBe(200);
  const code = await latestCode(request, email, since);
  const validated = await request.post('/api/securitymanagement/validate_verification_code', { headers: apiHeaders(deviceId, anonymous), form: { email, code } });
  const { session_id: account } = (await validated.json()) as { session_id: string };
  const set = await request.post('/api/securitymanagement/set_password', { headers: apiHeaders(deviceId, account), form: { password } });
  expect(set.status()).toBe(200);
}
