import { expect, test } from '@playwright/test';
import { uniqueEmail } from './pages/account-step';
import { COURIER_ORIGIN, courierStep, installEsim, mapCanvas, nextPollShows, orderNumberOnPage } from './pages/delivery-step';
import { fillCard, payButton, reachPayment, readQrCode } from './pages/payment-step';
import type { Page } from '@playwright/test';
import type { ShellPage } from './pages/shell';

/**
 * A tourist: SPEC 1's pay-and-collect path for a physical SIM (pay online, then choose
 * the store), and the instant eSIM (pay, then the activation code as a QR and as text). The
 * courier sandbox's store desk hands the SIM over; the eSIM sandbox stands for the phone's download.
 * The courier moves an order only when the test steps it, and the page's clock runs its status poll.
 */
test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

async function payByCard(page: Page, shell: ShellPage) {
  const choose = page.getByRole('radio', { name: /^Credit or debit card/ });
  if (await choose.isVisible().catch(() => false)) {
    await choose.check();
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await fillCard(page, { number: '4242424242424242', expiry: '12/30', cvv: '123', name: 'Grace Hopper' });
  await payButton(page).click();
  await expect(page.getByRole('heading', { name: 'Your receipt' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Continue' }).click();
  void shell;
}

test('pay and collect: paid by card, the store chosen, ready to collect, handed over at the desk, collected', async ({ page }) => {
  const shell = await reachPayment(page, { email: uniqueEmail('collect'), sim: 'physical' });
  await payByCard(page, shell);

  await shell.expectStep('/submit_delivery/store', 'Collect your SIM in store');
  // The pickup is the last of the five stages shown from the first screen ("Step 8 of 8").
  await shell.expectStepCount(5);
  await expect(page.getByText('Your SIM is paid: collect it in store with your passport.')).toBeVisible();
  await mapCanvas(page);
  await shell.expectAccessible('store pickup: paid');
  // A reload keeps the visitor here (the recommended route while the store is to be chosen).
  await page.reload();
  await shell.expectStep('/submit_delivery/store', 'Collect your SIM in store');
  await page.getByRole('button', { name: /^Collect at / }).first().click();

  await expect(page).toHaveURL(/#\/thank-you(\?|$)/, { timeout: 30_000 });
  await expect(page.getByText('Nothing more to pay.')).toBeVisible();
  await expect(page.getByText('Bring your passport to collect your SIM.')).toBeVisible();
  // The courier gets this order ready (stepped by the test), and the page follows at its next poll.
  const orderNumber = await orderNumberOnPage(page);
  expect(await courierStep(page.request, orderNumber)).toBe('preparing');
  expect(await courierStep(page.request, orderNumber)).toBe('ready_for_pickup');
  await nextPollShows(page, 'Now: Ready to collect');
  await expect(page.getByText('Your SIM is ready: collect it at the store.')).toBeVisible();
  await shell.expectAccessible('thank-you: pickup');

  // The store desk hands the SIM over (the courier sandbox's page, its own origin): this order's
  // row, found by the order number the page shows (other tests' pickups are listed too).
  // The desk sees whom the SIM is for (the verified passport's holder, its number masked) and
  // ticks that the presented passport matches before handing over.
  const desk = await page.context().newPage();
  await desk.goto(`${COURIER_ORIGIN}/`);
  const row = desk.getByRole('row', { name: new RegExp(orderNumber) });
  await expect(row).toContainText(/For: .*MORGAN.*, passport \W*\*+\d{3}/);
  await row.getByRole('button', { name: /Hand over/ }).click();
  // Without the tick the browser's own check stops the form; the server refuses it too (unit-tested).
  await expect(desk).toHaveURL(`${COURIER_ORIGIN}/`);
  await row.getByRole('checkbox', { name: /I have seen the customer’s passport/ }).check();
  await row.getByRole('button', { name: /Hand over/ }).click();
  await expect(desk.getByRole('row', { name: new RegExp(orderNumber) })).toContainText('Collected');
  await desk.close();
  await nextPollShows(page, 'Now: Collected');
  // The words follow the state: nothing is still to come once collected.
  await expect(page.getByText(/We let you know when your SIM is ready/)).toHaveCount(0);
  await expect(page.getByText('Bring your passport to collect your SIM.')).toHaveCount(0);
});

test('instant eSIM: paid by card, the QR decodes to the activation code, the phone installs it, the status says so', async ({ page }) => {
  const shell = await reachPayment(page, { email: uniqueEmail('esim') });
  await payByCard(page, shell);

  await expect(page).toHaveURL(/#\/thank-you(\?|$)/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Your eSIM is ready' })).toBeVisible({ timeout: 30_000 });
  const code = (await page.locator('bdi', { hasText: /^LPA:1\$/ }).first().textContent())?.trim() ?? '';
  expect(code).toMatch(/^LPA:1\$[^$]+\$[A-Z0-9-]+$/);
  expect(await readQrCode(page, 'QR code of your eSIM activation code')).toBe(code);
  await expect(page.getByText('On an iPhone')).toBeVisible();
  await expect(page.getByText('On Android')).toBeVisible();
  await shell.expectAccessible('thank-you: eSIM');

  await installEsim(page.request, code);
  await nextPollShows(page, /eSIM installed/);
  // Activated counts as done (SPEC 4): a reload lands here again.
  await page.goto('/#/payment');
  await expect(page).toHaveURL(/#\/thank-you(\?|$)/, { timeout: 30_000 });
});
