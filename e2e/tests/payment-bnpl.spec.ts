import { expect, test, type Page } from '@playwright/test';
import { latestMail, uniqueEmail } from './pages/account-step';
import { reachPayment } from './pages/payment-step';
import { TOURIST_DEAREST } from './pages/prepared';
import { SANDBOX_PORTS } from '../playwright.config';

/**
 * Buy now, pay later in Chromium: the instalment plan, the consent, the provider's
 * checkout page on the BNPL sandbox's own origin (sign-in code, approve or decline), and the way
 * back through /spotii-success or /spotii-fail, which the API confirms with the provider
 * server-to-server before it captures. The dearest tourist plan is within the provider's limits.
 */

const BNPL_ORIGIN = `http://127.0.0.1:${SANDBOX_PORTS.bnpl}`;

async function startInstalments(page: Page) {
  await page.getByRole('radio', { name: /^Pay in 4 payments with Spotii/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/#\/payment\/installments/);
  await expect(page.getByText('Your payments')).toBeVisible();
  // The consent is required, and says so.
  await page.getByRole('button', { name: 'Continue to Spotii' }).click();
  await expect(page.getByText('Tick the box to share your details with Spotii, or choose another way to pay.')).toBeVisible();
  await page.getByRole('checkbox', { name: /shared with Spotii/ }).check();
  await page.getByRole('button', { name: 'Continue to Spotii' }).click();
  await expect(page).toHaveURL(new RegExp(`^${BNPL_ORIGIN}/checkout/`), { timeout: 30_000 });
}

/** The sandbox's sign-in step: it shows its code (a real provider texts it). */
async function signInAtProvider(page: Page) {
  const code = /(\d{6})/.exec((await page.getByText(/Sandbox: your code is/).textContent()) ?? '')?.[1];
  expect(code).toBeTruthy();
  await page.getByLabel('Verification code').fill(code!);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('decline at the provider, back to choose again; then approve: paid in instalments, receipt and e-mail', async ({ page }) => {
  const email = uniqueEmail('bnpl');
  const shell = await reachPayment(page, { email, product: TOURIST_DEAREST });
  await expect(page.getByRole('radio', { name: /^Pay in 4 payments with Spotii/ })).toBeVisible();
  await startInstalments(page);
  await signInAtProvider(page);
  // Back at the product on /spotii-fail, which asks the API, which asks the provider: rejected,
  // spotii_error. The page then shows the pop-up and goes back to /payment at once, so the
  // address is /spotii-fail only for a moment: the walk checks the answer, not that moment.
  const confirmed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/payment/bnpl/confirm', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Decline' }).click();
  expect((await confirmed).status()).toBe(402);
  const popup = page.getByRole('alertdialog');
  await expect(popup).toContainText("Paying in instalments didn't work this time");
  await shell.expectAccessible('payment: instalments declined');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/#\/payment(\?|$)/, { timeout: 30_000 });

  // A new attempt, approved this time.
  await startInstalments(page);
  await shell.expectAccessible('BNPL provider: checkout');
  await signInAtProvider(page);
  await page.getByRole('button', { name: /^Approve and pay/ }).click();
  await expect(page).toHaveURL(/#\/(spotii-success|payment\/confirmation)/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Your receipt' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Spotii, in instalments')).toBeVisible();
  // What was paid today (the first instalment) and what is still to pay, not the order total as "Amount paid".
  const receipt = page.getByRole('region', { name: 'Your receipt' });
  await expect(receipt.getByRole('term')).toContainText(['Paid today', 'Still to pay in instalments', 'Order total']);
  await expect(receipt).not.toContainText('Amount paid');
  await shell.expectAccessible('payment: confirmation (instalments)');
  const mail = await latestMail(page.request, email);
  expect(mail.subject).toMatch(/receipt|payment/i);
  expect(mail.text).toMatch(/Paid today: AED [\d.,]+/);
  expect(mail.text).not.toContain('Amount paid');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/#\/thank-you(\?|$)/, { timeout: 30_000 });
});
