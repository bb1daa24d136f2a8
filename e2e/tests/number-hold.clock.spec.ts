import { expect, test } from '@playwright/test';
import { DEFAULT_NUMBER_HOLD_SECONDS, NUMBER_HOLD_WARNING_SECONDS } from '../../shared/src/domains/numbers/constants';
import { ShellPage } from './pages/shell';
import { PlanStepPage } from './pages/plan-step';
import { NumberStepPage } from './pages/number-step';
import { advanceTime, seconds } from './pages/clock';

/**
 * The number hold of the product as configured (15 minutes, the warning two minutes before the
 * end), on the clock project's server: the test moves the API's clock and the page's clock on
 * together instead of waiting (pages/clock.ts).
 */
test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

test('warns two minutes before the hold ends, extends it, and on expiry says so and offers a new number', async ({ page }) => {
  const shell = new ShellPage(page);
  const numbers = new NumberStepPage(page);
  await page.goto('/');
  await new PlanStepPage(page).choose(0);
  const offered = await numbers.expectOffer();
  await numbers.take();
  await shell.expectStep('/number/confirmation', 'Confirm your number');
  expect(seconds(await numbers.countdown().textContent())).toBeGreaterThan(DEFAULT_NUMBER_HOLD_SECONDS - 60);

  // Just inside the last two minutes: the warning comes with a way to keep the number (WCAG 2.2.1).
  const warning = page.getByRole('alert').filter({ hasText: 'Need more time?' });
  await expect(warning).toBeHidden();
  await advanceTime(page, (DEFAULT_NUMBER_HOLD_SECONDS - NUMBER_HOLD_WARNING_SECONDS + 5) * 1000);
  await expect(warning).toBeVisible();
  const before = seconds(await numbers.countdown().textContent());
  expect(before).toBeLessThanOrEqual(NUMBER_HOLD_WARNING_SECONDS);
  await shell.expectAccessible('hold warning');
  await warning.getByRole('button', { name: 'Keep this number longer' }).click();
  await expect(warning).toBeHidden();
  await expect.poll(async () => seconds(await numbers.countdown().textContent())).toBeGreaterThan(NUMBER_HOLD_WARNING_SECONDS);

  // Then let it run out. SPEC 4: the number flag falling saves the current product and reloads
  // the saved plans.
  const productSaved = page.waitForRequest((r) => /\/api\/products\/current\?save=true$/.test(r.url()));
  const plansReloaded = page.waitForResponse((r) => r.url().endsWith('/api/plans/saved_plans') && r.request().method() === 'GET');
  const left = seconds(await numbers.countdown().textContent());
  await advanceTime(page, (left + 5) * 1000);
  const popup = page.getByRole('alertdialog');
  await expect(popup).toBeVisible();
  await productSaved;
  expect((await plansReloaded).ok()).toBe(true);
  await expect(popup).toContainText('-2010');
  await shell.expectAccessible('number expired pop-up');
  await popup.getByRole('button').first().click();
  await shell.expectStep('/number', 'Choose your number');
  const fresh = await numbers.expectOffer();
  expect(fresh).toMatch(/^058\d{7}$/);
  expect(offered).toMatch(/^058/);
});
