import { expect, test } from '@playwright/test';
import { ShellPage } from './pages/shell';
import { PlanStepPage } from './pages/plan-step';
import { SearchPageObject } from './pages/search-page';
import { apiAsVisitor } from './pages/api-as-visitor';

test('search: digits at the end, paging, a tier filter, and a helpful empty state', async ({ page }) => {
  const shell = new ShellPage(page);
  const search = new SearchPageObject(page);
  await page.goto('/');
  await new PlanStepPage(page).choose(0);
  await shell.expectStep('/number', 'Choose your number');
  await page.getByRole('button', { name: 'Search numbers' }).click();
  await shell.expectStep('/number/search', 'Search for a number');
  await shell.expectHeadingFocused();

  await search.search({ digits: '7', match: 'At the end', tiers: ['Basic'] });
  const first = await search.shownNumbers();
  expect(first).toHaveLength(10);
  for (const n of first) expect(n).toMatch(/^058\d{6}7$/);
  await shell.expectAccessible('search results');
  await page.getByRole('navigation', { name: 'Result pages' }).getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2', { exact: true })).toBeVisible();
  const second = await search.shownNumbers();
  expect(second.some((n) => first.includes(n))).toBe(false);
  for (const n of second) expect(n).toMatch(/7$/);

  await search.search({ digits: '', match: 'Anywhere in the number', tiers: ['Gold'] });
  await expect(page.locator('.search-result .tier-badge').first()).toHaveText('Gold');
  const golds = await page.locator('.search-result .tier-badge').allTextContents();
  expect(new Set(golds)).toEqual(new Set(['Gold']));

  // Seven nines are a diamond or red number, never a basic one
  await search.search({ digits: '9999999', match: 'Anywhere in the number', tiers: ['Basic'] });
  await expect(page.locator('.search-empty')).toContainText('No free number matches this search.');
  await shell.expectAccessible('search empty state');
  await page.getByRole('button', { name: 'Clear the search' }).click();
  expect((await search.shownNumbers()).length).toBeGreaterThan(0);
});

test('the vip start parameter opens the search on VIP numbers; a VIP number comes with its plan', async ({ page, request }) => {
  const shell = new ShellPage(page);
  const search = new SearchPageObject(page);
  await page.goto('/?vip=1');
  await shell.expectStep('/number/search', 'Search for a number');
  // Applied, then gone from the address (history replaced, not pushed); the page has its own title.
  expect(page.url()).not.toContain('vip=');
  await expect(page).toHaveTitle('Search for a number | Tourist SIM');
  await expect(page.getByRole('checkbox', { name: 'Basic', exact: true })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Gold', exact: true })).toBeChecked();
  await search.search({ tiers: ['Gold'] });
  const [number] = await search.shownNumbers();
  await page.locator('.search-result').first().getByRole('button', { name: /^Choose/ }).click();
  const confirm = page.getByRole('dialog', { name: 'A Gold VIP number' });
  await expect(confirm).toBeVisible();
  await shell.expectAccessible('VIP confirmation');
  await confirm.getByRole('button', { name: 'Yes, take this VIP number' }).click();

  await shell.expectStep('/number/confirmation', 'Confirm your number');
  await expect(page).toHaveTitle('Confirm your number | Tourist SIM');
  await expect(page.locator('.number-held .tier-badge')).toHaveText('Gold');
  await expect(page.getByRole('heading', { name: 'Choose the VIP plan for this number' })).toBeVisible();
  await shell.expectAccessible('VIP plans');
  const visitor = await apiAsVisitor(page, request);
  expect((await visitor.get<{ flow_status_flags: { has_vip: boolean } }>('/me/flow_status')).flow_status_flags.has_vip).toBe(true);
  await page.locator('.vip-plan').first().getByRole('button', { name: /^Choose this plan/ }).click();
  await shell.expectStep('/login', 'Log in or create an account');

  // The plan of a VIP number cannot be edited afterwards
  await shell.cartButton().click();
  const cart = shell.dialog('Your selection');
  await expect(cart).toContainText(number!);
  await expect(cart.getByRole('button', { name: 'Edit: Number' })).toBeVisible();
  await expect(cart.getByRole('button', { name: 'Edit: Plan' })).toHaveCount(0);
  const saved = await visitor.get<{ save_plans: { product: { ProductCategory: string } }[] }>('/plans/saved_plans');
  expect(saved.save_plans[0]?.product.ProductCategory).toBe('VIP');
});
