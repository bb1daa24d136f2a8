import { expect, test, type Page } from '@playwright/test';
import { ShellPage } from './pages/shell';
import { PlanStepPage } from './pages/plan-step';
import { OPS_TOKEN } from '../playwright.config';

/**
 * The operations page (issue 28) against the real API: a visitor who accepts analytics walks to
 * the number step; an operator opens /#/ops on a page of their own (no consent panel: operators
 * are not visitors), signs in with the suite servers' operator credential and finds that visit in
 * the funnel. The credential: the suite servers' JOIN_OPS_TOKEN (playwright.config.ts).
 */

// The visitor starts with no consent answered (the suite's default answers "Necessary only").
test.use({ storageState: { cookies: [], origins: [] } });

/** The visitors the funnel table gives a step (after "Show" asks the server again). */
async function visitorsAt(ops: Page, step: string): Promise<number> {
  await ops.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(ops.getByRole('status')).toHaveText(/^From /);
  const row = ops.getByRole('table', { name: 'Visitors per step' }).getByRole('row', { name: new RegExp(`^${step}\\b`) });
  return Number((await row.getByRole('cell').first().textContent())?.replace(/\D/g, '') || '0');
}

test('an accepting visitor who reached the number step is in the funnel the operator sees', async ({ page, browser, baseURL }) => {
  // The visitor: asked on the first screen, accepts, walks a step; leaving the page sends what is measured.
  const shell = new ShellPage(page);
  await page.goto('/');
  await page.getByRole('region', { name: 'Your privacy choices' }).getByRole('button', { name: 'Accept all' }).click();
  await new PlanStepPage(page).choose(0);
  await shell.expectStep('/number', 'Choose your number');
  await page.goto('about:blank');

  // The operator: a browser of their own with nothing stored.
  const context = await browser.newContext({ baseURL: baseURL! });
  const ops = await context.newPage();
  try {
    await ops.goto('/#/ops');
    await expect(ops.getByRole('heading', { level: 1, name: 'Operations' })).toBeVisible();
    await expect(ops).toHaveTitle(/^Operations \|/);
    // Not a visitor's page: no stepper, and no consent panel (it would ask once the page is idle).
    await expect(ops.getByRole('region', { name: 'Your progress' })).toHaveCount(0);

    // A wrong credential is refused and announced.
    await ops.getByLabel('Operator credential').fill('not-the-operator-token');
    await ops.getByRole('button', { name: 'Sign in' }).click();
    await expect(ops.getByRole('alert')).toHaveText('This credential was refused. Check it and sign in again.');

    await ops.getByLabel('Operator credential').fill(OPS_TOKEN);
    await ops.getByRole('button', { name: 'Sign in' }).click();
    await expect(ops.getByRole('heading', { name: 'Visitors per step' })).toBeVisible();
    await expect(ops.locator('.ops-chart canvas').first()).toBeVisible();
    // The collector may store a beacon a moment after it answered: ask again until it is counted.
    await expect.poll(() => visitorsAt(ops, 'Number'), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await visitorsAt(ops, 'Plan')).toBeGreaterThan(0);
    await expect(ops.getByRole('region', { name: 'Your privacy choices' })).toHaveCount(0);
    await new ShellPage(ops).expectAccessible('operations page');

    // Signing out forgets the credential in this tab.
    await ops.getByRole('button', { name: 'Sign out' }).click();
    await expect(ops.getByLabel('Operator credential')).toBeVisible();
    expect(await ops.evaluate(() => sessionStorage.length)).toBe(0);
  } finally {
    await context.close();
  }
});
