import { expect, test } from '@playwright/test';
import { AccountStepPage, createAccount, latestMail, uniqueEmail } from './pages/account-step';
import { expectArabicScreen } from './pages/arabic';
import { NumberStepPage } from './pages/number-step';
import { PlanStepPage } from './pages/plan-step';
import { ShellPage } from './pages/shell';

/**
 * /contract-request (SPEC 2: an exception route reachable at any time): a visitor with a
 * commitment plan gets its contract by e-mail (the mail sink's outbox); before logging in the page
 * says to log in first.
 */
test('a commitment plan’s contract by e-mail, in English and in Arabic', async ({ page }) => {
  const shell = new ShellPage(page);
  const email = uniqueEmail('contract');
  await createAccount(page.request, email, 'Welcome2026');
  await page.goto('/?plantype=commitment');
  await shell.expectStep('/plan-selection', 'Choose your plan');
  const plans = new PlanStepPage(page);
  await plans.card(112).getByRole('button', { name: /^Choose this plan/ }).click();
  await plans.continue();
  await shell.expectStep('/number', 'Choose your number');

  // Before a login: the page asks for one (an exception route renders whatever the flags).
  await page.goto('/#/contract-request');
  await shell.expectStep('/contract-request', 'Get your contract by e-mail');
  await expect(page.getByText('Log in to get your contract: we send it to the e-mail of your account.')).toBeVisible();

  await page.goto('/#/number');
  const numbers = new NumberStepPage(page);
  await numbers.expectOffer();
  await numbers.take();
  await page.getByRole('button', { name: 'Confirm this number' }).click();
  await shell.expectStep('/login', 'Log in or create an account');
  const account = new AccountStepPage(page);
  await account.submitEmail(email);
  await account.password().fill('Welcome2026');
  await account.button('Log in').click();
  await expect(page).toHaveURL(/#\/location_check/, { timeout: 30_000 });

  await page.goto('/#/contract-request');
  await shell.expectStep('/contract-request', 'Get your contract by e-mail');
  await shell.expectAccessible('contract request');
  await page.getByRole('button', { name: 'Send my contract' }).click();
  await expect(page.getByText(`Sent to ${email}.`)).toBeVisible({ timeout: 20_000 });
  const mail = await latestMail(page.request, email);
  expect(mail.text).toMatch(/12/);

  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectArabicScreen(page, 'contract request');
});
