import { expect, test } from '@playwright/test';
import { uniqueEmail } from './pages/account-step';
import { PlanStepPage } from './pages/plan-step';
import { reachPayment } from './pages/payment-step';
import { TOURIST_DEAREST } from './pages/prepared';
import { SANDBOX_PORTS } from '../playwright.config';

/**
 * A paid order cannot change: with an instalment checkout open at Spotii, the visitor
 * goes back and picks another plan. The server keeps the plan and number of the open payment
 * (409 payment_open); the pop-up says "Finish or cancel the payment first" and leads to the payment
 * page, which names the open payment and cancels it (voided at the provider). Then the plan may
 * change again. The API tests cover the attack itself (api/src/modules/payment/__tests__/paid-order.test.ts).
 */
const BNPL_ORIGIN = `http://127.0.0.1:${SANDBOX_PORTS.bnpl}`;

test('a plan change while a payment is open: "Finish or cancel the payment first", then cancel it and change', async ({ page }) => {
  const shell = await reachPayment(page, { email: uniqueEmail('open-payment'), product: TOURIST_DEAREST });
  await page.getByRole('radio', { name: /^Pay in 4 payments with Spotii/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('checkbox', { name: /shared with Spotii/ }).check();
  await page.getByRole('button', { name: 'Continue to Spotii' }).click();
  await expect(page).toHaveURL(new RegExp(`^${BNPL_ORIGIN}/checkout/`), { timeout: 30_000 });

  // Back to the shop without finishing, to pick the cheapest plan instead.
  await page.goto('/#/plan-selection');
  const plans = new PlanStepPage(page);
  await shell.expectStep('/plan-selection', 'Choose your plan');
  await plans.choose(0);
  const popup = page.getByRole('alertdialog');
  await expect(popup).toContainText('Finish or cancel the payment first');
  await shell.expectAccessible('plan: a payment is open');
  await popup.getByRole('button', { name: 'Go to payment' }).click();

  await shell.expectStep('/payment', 'Payment');
  const open = page.getByRole('region', { name: 'You have a payment open' });
  await expect(open).toContainText('in instalments with Spotii');
  await expect(open.getByRole('button', { name: 'Finish the payment' })).toBeVisible();
  await shell.expectAccessible('payment: a payment is open');
  await open.getByRole('button', { name: 'Cancel this payment' }).click();
  await expect(page.getByText('Your payment was cancelled. Nothing was taken.')).toBeVisible();
  await expect(page.locator('.payment-open__done')).toBeFocused();
  await expect(page.getByRole('radiogroup', { name: 'How would you like to pay?' })).toBeVisible();

  // The plan may change now.
  await page.goto('/#/plan-selection');
  await shell.expectStep('/plan-selection', 'Choose your plan');
  await plans.choose(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page).not.toHaveURL(/#\/plan-selection/, { timeout: 30_000 });
});
