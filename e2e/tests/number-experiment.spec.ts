import { expect, test } from '@playwright/test';
import { PORTS } from '../playwright.config';
import { ShellPage } from './pages/shell';
import { PlanStepPage } from './pages/plan-step';
import { NumberStepPage } from './pages/number-step';
import { apiAsVisitor } from './pages/api-as-visitor';

/**
 * SPEC 4: a non-VIP choice goes to /number/confirmation unless an experiment flag is on. The promo
 * server turns it on (JOIN_EXPERIMENT_SKIP_NUMBER_CONFIRMATION, playwright.config.ts): the number
 * taken stays on /number and its Continue confirms it there (the server commits it). The main
 * server, with the experiment off, is walked by numbers.spec.ts and walk.spec.ts.
 */
test('with the experiment on, a number taken skips /number/confirmation: Continue confirms it and moves on', async ({ page, request }) => {
  const origin = `http://127.0.0.1:${PORTS.promo}`;
  const shell = new ShellPage(page);
  const numbers = new NumberStepPage(page);
  const confirmationPages: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame() && f.url().includes('#/number/confirmation')) confirmationPages.push(f.url());
  });
  await page.goto(`${origin}/`);
  await new PlanStepPage(page).choose(0);
  await shell.expectStep('/number', 'Choose your number');
  const offered = await numbers.expectOffer();
  await numbers.take();
  await numbers.expectHeld(offered);
  await expect(page).toHaveURL(/#\/number$/);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  // The plan is saved, so the visitor goes on to log in (SPEC 4), never through the confirmation.
  await shell.expectStep('/login', 'Log in or create an account');
  expect(confirmationPages).toEqual([]);
  const visitor = await apiAsVisitor(page, request, origin);
  const { reservations } = await visitor.get<{ reservations: { committed: boolean; number: { MSISDN: string } }[] }>('/numbers/reservation');
  expect(reservations).toEqual([expect.objectContaining({ committed: true, number: expect.objectContaining({ MSISDN: `971${offered.slice(1)}` }) })]);
});
