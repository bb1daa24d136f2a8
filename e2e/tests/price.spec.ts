import { expect, test, type Locator } from '@playwright/test';
import { ShellPage } from './pages/shell';
import { PlanStepPage } from './pages/plan-step';
import { NumberStepPage } from './pages/number-step';
import { SearchPageObject } from './pages/search-page';
import { apiAsVisitor } from './pages/api-as-visitor';

// Prices read clearly (struck original and saving, commitment total,
// VIP prices before committing) and phone numbers grouped for reading, copied without spaces.

const aed = (n: number) => `AED ${n.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('a discounted plan shows its original struck through and the saving; a commitment its monthly price and total', async ({ page }) => {
  const shell = new ShellPage(page);
  const plans = new PlanStepPage(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await shell.expectStep('/plan-selection', 'Choose your plan');
  await plans.expectPlans(7);

  // Tourist Data 28 days: 129 less 25 % = 96.75 + 5 % VAT = 101.59; 135.45 before the discount.
  const data = plans.card(206);
  await expect(data.locator('.price__amount')).toHaveText(aed(101.59));
  const was = data.locator('s.price__was');
  await expect(was).toBeVisible();
  expect(await was.evaluate((e) => getComputedStyle(e).textDecorationLine)).toContain('line-through');
  await expect(was).toHaveText(/was AED 135\.45\s*AED 135\.45/); // the words for screen readers, then what is seen
  await expect(data.locator('.price__save')).toHaveText(`Save ${aed(33.86)}`);
  await expect(data.locator('.price__save')).toBeVisible();
  // Without a discount: neither
  await expect(plans.card(187).locator('.price__was')).toHaveCount(0);
  // SPEC 9 order by plan net price: Explorer (99) before Data (129), which now reads as intended.
  expect(await plans.planNetPrices()).toEqual([...(await plans.planNetPrices())].sort((a, b) => a - b));

  // The four tabs stay on one row on a phone
  const tops = await page.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => Math.round(t.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  await shell.expectAccessible('plan cards, phone');

  await plans.openTab('Commitment');
  await plans.expectPlans(3);
  const twelve = plans.card(112);
  await expect(twelve.locator('.price__amount')).toHaveText(aed(52.5));
  await expect(twelve).toContainText(`${aed(52.5)} per month incl. VAT`);
  await expect(twelve.locator('.price__total')).toHaveText(`Total ${aed(630)} for 12 months`);
  await expect(twelve.locator('s.price__was')).toContainText(aed(105));
  await expect(plans.card(106).locator('.price__total')).toHaveText(`Total ${aed(441)} for 6 months`);
  await expect(twelve.locator('.plan-card__ribbon')).toHaveText('Recommended');
  // Cards in a row are the same height (1366 wide: three in a row)
  await page.setViewportSize({ width: 1366, height: 900 });
  const heights = await plans.cards().evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().height)));
  expect(new Set(heights).size).toBe(1);
  await shell.expectAccessible('plan cards, commitment');
});

test('the VIP confirmation shows the tier plan prices (total, months, monthly) before the visitor confirms', async ({ page, request }) => {
  const shell = new ShellPage(page);
  const search = new SearchPageObject(page);
  await page.goto('/?vip=gold');
  await shell.expectStep('/number/search', 'Search for a number');
  await search.search({ tiers: ['Gold'] });
  await page.locator('.search-result').first().getByRole('button', { name: /^Choose/ }).click();
  const confirm = page.getByRole('dialog', { name: 'A Gold VIP number' });
  await expect(confirm).toBeVisible();
  const prices = confirm.getByRole('region', { name: 'The VIP plans of this tier' });
  await expect(prices.getByRole('listitem').first()).toBeVisible();

  // The amounts are the catalogue's, for the Gold level (4)
  const visitor = await apiAsVisitor(page, request);
  type P = { ProductCode: number; VanityLevel: number | null; CommitmentDuration: number; PackagesPricingTable: { NetPrice: number; VATAmount: number }[] };
  const { products } = await visitor.get<{ products: P[] }>('/products/available?category=VIP');
  const gold = products.filter((p) => p.VanityLevel === 4);
  expect(gold.length).toBeGreaterThan(0);
  await expect(prices.getByRole('listitem')).toHaveCount(gold.length);
  for (const p of gold) {
    const price = p.PackagesPricingTable[0]!;
    const total = Math.round((price.NetPrice + price.VATAmount) * 100) / 100;
    const row = prices.locator(`li[data-product-code="${p.ProductCode}"]`);
    await expect(row).toContainText(`${aed(total)} for ${p.CommitmentDuration} months incl. VAT`);
    await expect(row).toContainText(`${aed(Math.round((total / p.CommitmentDuration) * 100) / 100)} a month on average`);
  }
  // Stated before the button that commits to it
  const yes = confirm.getByRole('button', { name: 'Yes, take this VIP number' });
  const [listBottom, yesTop] = [await prices.boundingBox(), await yes.boundingBox()];
  expect(listBottom!.y + listBottom!.height).toBeLessThanOrEqual(yesTop!.y);
  await shell.expectAccessible('VIP confirmation with prices');
});

/** The x of each group of a drawn number, in DOM order. */
const groupLefts = (n: Locator) => n.locator('.phone-number__group').evaluateAll((gs) => gs.map((g) => g.getBoundingClientRect().left));

test('numbers are grouped for reading, in order in Arabic, and copied without the spaces', async ({ page, context }) => {
  const numbers = new NumberStepPage(page);
  await page.goto('/');
  await new PlanStepPage(page).choose(0);
  const offered = await numbers.expectOffer(); // text content: the ten digits, no space
  expect(offered).toMatch(/^058\d{7}$/);
  const display = numbers.offeredNumber();
  await expect(display.locator('.phone-number__group')).toHaveText([offered.slice(0, 3), offered.slice(3, 6), offered.slice(6)]);
  // Drawn apart: a visible gap between the groups
  const boxes = await display.locator('.phone-number__group').evaluateAll((gs) => gs.map((g) => g.getBoundingClientRect()).map((r) => [r.left, r.right] as [number, number]));
  expect(boxes[1]![0]).toBeGreaterThan(boxes[0]![1] + 2);
  expect(boxes[2]![0]).toBeGreaterThan(boxes[1]![1] + 2);

  // Copy with the keyboard: select the number, Ctrl+C, and read the clipboard
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await display.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const sel = window.getSelection()!;
    sel.removeAllRanges();
    sel.addRange(range);
  });
  expect(await page.evaluate(() => window.getSelection()!.toString())).toBe(offered);
  await page.keyboard.press('Control+C');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(offered);

  // Arabic: the number stays left to right, its groups in reading order
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const arDisplay = page.locator('.number-display').first();
  await expect(arDisplay).toHaveText(/^05\d{8}$/);
  const lefts = await groupLefts(arDisplay);
  expect(lefts).toEqual([...lefts].sort((a, b) => a - b));
  // ... and still drawn apart, on the correct sides
  const arBoxes = await arDisplay.locator('.phone-number__group').evaluateAll((gs) => gs.map((g) => g.getBoundingClientRect()).map((r) => [r.left, r.right] as [number, number]));
  expect(arBoxes[1]![0]).toBeGreaterThan(arBoxes[0]![1] + 2);
  expect(arBoxes[2]![0]).toBeGreaterThan(arBoxes[1]![1] + 2);
  await new ShellPage(page).expectAccessible('number, Arabic');
});
