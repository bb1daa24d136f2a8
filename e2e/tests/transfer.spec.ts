import { expect, test, type Page } from '@playwright/test';
import { ShellPage } from './pages/shell';
import { PlanStepPage } from './pages/plan-step';
import { NumberStepPage } from './pages/number-step';
import { apiAsVisitor } from './pages/api-as-visitor';

/** Fixed external subscribers of the sandbox (api/README.md). */
const EXTERNAL = {
  active: { number: '050 123 4567', operator: 'e& (Etisalat)' },
  inTransfer: { number: '052 111 1111', operator: 'du' },
  notActivated: { number: '056 111 1111', operator: 'Virgin Mobile UAE' },
};

async function startTransfer(page: Page) {
  const shell = new ShellPage(page);
  await page.goto('/');
  await new PlanStepPage(page).choose(0);
  await new NumberStepPage(page).expectOffer();
  await page.getByRole('button', { name: 'Keep my number' }).click();
  await shell.expectStep('/number/transfer', 'Switch to us and keep your number');
  return shell;
}

async function check(page: Page, number: string, operator: string) {
  await page.getByLabel('Your current UAE mobile number').fill(number);
  await page.getByLabel('Its current operator').selectOption({ label: operator });
  await page.getByRole('button', { name: 'Check my number' }).click();
}

test('a full transfer: check, terms with consent, temporary number, then reset', async ({ page, request }) => {
  const shell = await startTransfer(page);
  await shell.expectHeadingFocused();
  await shell.expectAccessible('transfer form');
  await page.getByRole('button', { name: 'Check my number' }).click();
  await expect(page.getByLabel('Your current UAE mobile number')).toHaveAccessibleDescription(/Required field/);

  await check(page, EXTERNAL.active.number, EXTERNAL.active.operator);
  await shell.expectStep('/number/transfer-terms', 'Transfer terms');
  await shell.expectAccessible('transfer terms');
  await page.getByRole('button', { name: 'Transfer my number' }).click();
  await expect(page.getByRole('alert')).toHaveText('Required field');
  await page.getByLabel('I agree to the transfer terms').check();
  await page.getByRole('button', { name: 'Transfer my number' }).click();

  await shell.expectStep('/number', 'Choose your number');
  await expect(page.getByRole('heading', { name: 'Your temporary number' })).toBeVisible();
  await expect(page.getByText('Stands in for 0501234567')).toBeVisible();
  const temporary = (await page.locator('.number-held .number-display').textContent())!.trim();
  expect(temporary).toMatch(/^058\d{7}$/);
  const visitor = await apiAsVisitor(page, request);
  const held = await visitor.get<{ numbers: { MSISDN: string; InTransferTo: string }[] }>('/numbers');
  expect(held.numbers).toEqual([expect.objectContaining({ MSISDN: '971501234567', InTransferTo: `971${temporary.slice(1)}` })]);
  expect((await visitor.get<{ flow_status_flags: { is_number_selected: boolean } }>('/me/flow_status')).flow_status_flags.is_number_selected).toBe(true);
  await shell.cartButton().click();
  await expect(shell.dialog('Your selection')).toContainText(temporary);
  await shell.dialog('Your selection').getByRole('button', { name: 'Close', exact: true }).first().click();

  await page.getByRole('button', { name: 'Cancel the transfer' }).click();
  await new NumberStepPage(page).expectOffer();
  expect((await visitor.get<{ numbers: unknown[] }>('/numbers')).numbers).toEqual([]);
});

for (const [name, c, code] of [
  ['a number already in transfer', EXTERNAL.inTransfer, '-405'],
  ['a number that is not activated', EXTERNAL.notActivated, '-434'],
  ['the wrong operator', { number: EXTERNAL.active.number, operator: 'du' }, '-440'],
] as const) {
  test(`transfer refused: ${name} (${code})`, async ({ page }) => {
    const shell = await startTransfer(page);
    await check(page, c.number, c.operator);
    const popup = page.getByRole('alertdialog');
    await expect(popup).toContainText(code);
    await shell.expectAccessible(`transfer error ${code}`);
    await popup.getByRole('button').first().click();
    await expect(page).toHaveURL(/#\/number/);
  });
}
