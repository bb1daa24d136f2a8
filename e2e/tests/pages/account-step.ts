import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { PlanStepPage } from './plan-step';
import { NumberStepPage } from './number-step';
import { ShellPage } from './shell';
import { apiHeaders } from './api-as-visitor';

/** The account step (/login): e-mail, password, code, new password, Google. */
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

  async submitEmail(email: string) {
    await this.email().fill(email);
    await this.button('Continue').click();
  }

  async enterCode(code: string) {
    await this.code().fill(code);
    await this.button('Verify').click();
  }
}

/** The seeded account with a password (api/README.md "Accounts"). */
export const SEEDED_ACCOUNT = { email: 'amira@example.com', password: 'Welcome2026' } as const;

/** Plan, number, then the password login of `who`: the visitor is logged in, and the host moves on. */
export async function reachLoginAndLogIn(page: Page, who: { email: string; password: string } = SEEDED_ACCOUNT, plan = 0): Promise<void> {
  const account = new AccountStepPage(page);
  await reachLogin(page, plan);
  await account.submitEmail(who.email);
  await account.password().fill(who.password);
  await account.button('Log in').click();
}

/** A fresh, unique e-mail per call (the suite runs against one database). */
export const uniqueEmail = (tag: string) => `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  /** ISO 8601. */
  received_at: string;
}

/** The newest message to `to` in the development outbox (the mail sink behind the API's SMTP). */
export async function latestMail(request: APIRequestContext, to: string, after = 0): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
        if (!res.ok()) return `outbox answered ${res.status()}`;
        const messages = (await res.json()) as OutboxMessage[];
        found = messages.find((m) => Date.parse(m.received_at) > after);
        return found ? 'found' : 'none yet';
      },
      { message: `a mail to ${to}`, timeout: 10_000 },
    )
    .toBe('found');
  return found!;
}

/** The six digits of the newest code mail to `to`. */
export async function latestCode(request: APIRequestContext, to: string, after = 0): Promise<string> {
  const mail = await latestMail(request, to, after);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in the mail "${mail.subject}"`);
  return code;
}

/** Plan -> random number -> confirm: the visitor arrives at /login. */
export async function reachLogin(page: Page, plan = 0): Promise<void> {
  const shell = new ShellPage(page);
  await page.goto('/');
  await new PlanStepPage(page).choose(plan);
  await shell.expectStep('/number', 'Choose your number');
  const numbers = new NumberStepPage(page);
  await numbers.expectOffer();
  await numbers.take();
  await shell.expectStep('/number/confirmation', 'Confirm your number');
  await page.getByRole('button', { name: 'Confirm this number' }).click();
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
