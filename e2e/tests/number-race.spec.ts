import { expect, test } from '@playwright/test';
import { ShellPage } from './pages/shell';
import { PlanStepPage } from './pages/plan-step';
import { NumberStepPage } from './pages/number-step';
import { apiHeaders } from './pages/api-as-visitor';

const headers = apiHeaders;

test('when someone else takes the offered number first, the visitor is told and offered another', async ({ page, request }) => {
  const shell = new ShellPage(page);
  const numbers = new NumberStepPage(page);
  await page.goto('/');
  await new PlanStepPage(page).choose(0);
  await shell.expectStep('/number', 'Choose your number');
  const offered = await numbers.expectOffer();

  // Another visitor, on another device, reserves that very number first.
  const other = `other-device-${Date.now()}`;
  const login = await request.post('/api/securitymanagement/login_by_device_id', { headers: headers(other) });
  const { session_id } = (await login.json()) as { session_id: string };
  const taken = await request.post('/api/numbers', {
    headers: headers(other, session_id),
    form: { number: `971${offered.slice(1)}` },
  });
  expect(taken.status()).toBe(200);

  await numbers.take();
  const popup = page.getByRole('alertdialog');
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('-2015');
  await shell.expectAccessible('number already booked pop-up');
  await popup.getByRole('button').first().click();
  await expect(popup).toBeHidden();
  const next = await numbers.expectOffer();
  expect(next).not.toBe(offered);
});
