import { expect, test } from '@playwright/test';
import { ShellPage } from './pages/shell';
import { PlanStepPage } from './pages/plan-step';
import { NumberStepPage } from './pages/number-step';

/**
 * The error pop-up's Retry really retries what failed. The first random-number
 * request fails at the network; the pop-up's Retry asks again and a number appears.
 */
test('a failed random-number request: Retry in the pop-up brings a number', async ({ page }) => {
  const shell = new ShellPage(page);
  const numbers = new NumberStepPage(page);
  let calls = 0;
  await page.route('**/api/numbers/random', async (route) => {
    calls += 1;
    if (calls === 1) await route.abort('connectionreset');
    else await route.continue();
  });
  await page.goto('/');
  await new PlanStepPage(page).choose(0);
  await shell.expectStep('/number', 'Choose your number');

  const popup = page.getByRole('alertdialog', { name: 'Something went wrong' });
  await expect(popup).toBeVisible();
  await expect(page.getByText('Finding a number for you…')).toBeVisible();
  await shell.expectAccessible('error pop-up with Retry');
  await popup.getByRole('button', { name: 'Retry' }).click();

  await expect(popup).toBeHidden();
  await numbers.expectOffer();
  expect(calls).toBe(2);
});
