import { expect, test, type Page } from '@playwright/test';
import { ShellPage } from './pages/shell';
import { PlanStepPage } from './pages/plan-step';
import { NumberStepPage } from './pages/number-step';
import { apiAsVisitor } from './pages/api-as-visitor';
import { PORTS } from '../playwright.config';

type Price = { NetPrice: number; PlanNetPrice: number; VATAmount: number; ExtraCharges: { Name: string; Amount: number }[]; Discounts: { Name: string; Amount: number }[] };
type SavedPlans = {
  save_plans: { product: { ProductCode: number; CommitmentDuration: number }; Plans: { ID: number; Type: string }[]; PackagePrice: Price; PromotionKeys: string[]; Boosters: { ID: number }[]; PromoCode: string | null }[];
};

const aed = (n: number) => `AED ${n.toFixed(2)}`;

async function savedPlan(page: Page, request: Parameters<typeof apiAsVisitor>[1]) {
  const visitor = await apiAsVisitor(page, request);
  const { save_plans } = await visitor.get<SavedPlans>('/plans/saved_plans');
  expect(save_plans).toHaveLength(1);
  return { plan: save_plans[0]!, visitor };
}

test('plan selection shows every category with its offers, savings and facts', async ({ page }) => {
  const shell = new ShellPage(page);
  const plans = new PlanStepPage(page);
  await page.goto('/');
  await shell.expectStep('/plan-selection', 'Choose your plan');
  for (const fact of ['3-day money-back guarantee', 'Delivery within 60 minutes', 'Refer a friend and get up to AED 150.00']) {
    await expect(page.locator('.plan-facts')).toContainText(fact);
  }

  // Tourist: the seven codes by plan net price, each promotion category shown on its plan
  await expect(plans.tab('Tourist')).toHaveAttribute('aria-selected', 'true');
  await plans.expectPlans(7);
  expect(await plans.codes()).toEqual([187, 196, 188, 206, 199, 208, 207]);
  await expect(plans.card(188)).toContainText('Bonus +5 GB Data');
  await expect(plans.card(206)).toContainText('25% off');
  await expect(plans.card(206).locator('.price__amount')).toHaveText(aed(101.59)); // (129 - 32.25) + 5 % VAT
  await expect(plans.card(199)).toContainText('AED 20.00 off');
  await expect(plans.card(208)).toContainText('AED 30.00 cashback');
  await expect(plans.card(208)).toContainText('Local minutes: 900 min (10 min a day)'); // daily minutes x 90 days
  await expect(plans.card(207)).toContainText('Data: Unlimited (10 GB a day)');
  // sub-plans in the order DATA, VOICE-LCL, VOICE-INT
  await expect(plans.card(187).locator('.plan-specs li')).toHaveText([/^Data: 2 GB/, /^Local minutes: 30 min/, /^International minutes: 10 min/]);
  await shell.expectAccessible('plan selection, tourist');

  // Keyboard: arrows move along the tabs and select
  await plans.tab('Tourist').focus();
  await page.keyboard.press('ArrowRight');
  await expect(plans.tab('Pay as you go')).toBeFocused();
  await expect(plans.tab('Pay as you go')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('Pay as you go from AED 50.00 a month');
  await plans.expectPlans(2);
  expect(await plans.codes()).toEqual([100, 101]);
  await expect(plans.card(100)).toContainText('Refer a friend: AED 50.00 each, up to AED 150.00');
  await expect(plans.card(100).locator('.price__amount')).toHaveText(aed(52.5));

  await page.keyboard.press('ArrowRight');
  await expect(plans.tab('Commitment')).toHaveAttribute('aria-selected', 'true');
  await plans.expectPlans(3);
  expect(await plans.codes()).toEqual([103, 106, 112]);
  await expect(page.getByRole('tabpanel')).toContainText('A 6-month commitment saves 30% and a 12-month commitment saves 50%.');
  await expect(plans.card(103)).not.toContainText('Save');
  await expect(plans.card(106)).toContainText('Save 30%');
  await expect(plans.card(112)).toContainText('Save 50%');
  // the default product: the third commitment product by duration
  await expect(page.locator('.plan-card', { hasText: 'Recommended' })).toHaveAttribute('data-product-code', '112');
  expect(await plans.prices()).toEqual([105, 73.5, 52.5]);
  await expect(plans.card(112)).toContainText('+1 GB Data every month for 12 months');
  await shell.expectAccessible('plan selection, commitment');

  await page.keyboard.press('End');
  await expect(plans.tab('VIP')).toBeFocused();
  await plans.expectPlans(8);
  await expect(page.getByRole('tabpanel')).toContainText('VIP plans last 12 months');
  // free international calling from a net price of 2600 (SPEC 9)
  expect(await page.locator('.plan-card:has(.plan-card__free)').evaluateAll((els) => els.map((e) => e.getAttribute('data-product-code')))).toEqual([
    '242',
    '251',
    '252',
  ]);
  await shell.expectAccessible('plan selection, VIP');
  await plans.card(212).getByRole('button', { name: /^Find a Gold number/ }).click();
  await shell.expectStep('/number/search', 'Search for a number');
  await expect(page.getByRole('checkbox', { name: 'Gold' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Basic' })).not.toBeChecked();
});

test('plantype=commitment opens the commitment plans; the price saved is the price the server quoted', async ({ page, request }) => {
  const shell = new ShellPage(page);
  const plans = new PlanStepPage(page);
  await page.goto('/?plantype=commitment');
  await shell.expectStep('/plan-selection', 'Choose your plan');
  await expect(plans.tab('Commitment')).toHaveAttribute('aria-selected', 'true');
  await plans.expectPlans(3);
  await plans.card(112).getByRole('button', { name: /^Choose this plan/ }).click();
  await expect(plans.reviewHeading()).toBeFocused();
  expect(await plans.total()).toBe(52.5);
  await expect(page.locator('.price-breakdown')).toContainText('VAT 5%');
  await expect(page.getByLabel('Promo code')).toHaveCount(0); // off by configuration
  await shell.expectAccessible('plan review');
  await plans.continue();
  await shell.expectStep('/number', 'Choose your number');
  const { plan } = await savedPlan(page, request);
  expect(plan.product.ProductCode).toBe(112);
  expect(plan.PackagePrice).toMatchObject({ PlanNetPrice: 50, NetPrice: 50, VATAmount: 2.5 });
});

test('custom plan: options from the server, a live server price, saved as built', async ({ page, request }) => {
  const shell = new ShellPage(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Build your own plan' }).click();
  await shell.expectStep('/plan-selection/custom-plan', 'Build your own plan');
  await shell.expectHeadingFocused();
  const plans = new PlanStepPage(page);
  // starts from the cheapest data and local minutes: 30 + 10, plus VAT
  expect(await plans.total()).toBe(42);
  await expect(page.getByRole('group', { name: 'Data' })).toContainText('AED 45.00 a month');
  await page.getByRole('group', { name: 'Data' }).getByLabel(/^25 GB/).check();
  await page.getByRole('group', { name: 'Local minutes' }).getByLabel(/^Unlimited/).check();
  await page.getByRole('group', { name: 'International minutes' }).getByLabel(/^100 min/).check();
  expect(await plans.total()).toBe(136.5); // 70 + 35 + 25 = 130, plus 5 % VAT
  await expect(page.getByLabel(/music streaming, free/)).toHaveCount(0); // 130 is under AED 150
  await page.getByRole('group', { name: 'Data' }).getByLabel(/^Unlimited/).check();
  await page.getByRole('group', { name: 'International minutes' }).getByLabel('None').check();
  expect(await plans.total()).toBe(162.75); // 120 + 35 = 155
  await expect(page.getByLabel('Add 3 months of music streaming, free')).toBeVisible(); // 155 reaches AED 150
  await shell.expectAccessible('custom plan');
  await plans.continue();
  await shell.expectStep('/number', 'Choose your number');
  const { plan } = await savedPlan(page, request);
  expect(plan.product.ProductCode).toBe(300);
  expect(plan.Plans.map((p) => p.Type)).toEqual(['DATA', 'VOICE-LCL']);
  expect(plan.PackagePrice).toMatchObject({ PlanNetPrice: 155, VATAmount: 7.75 });
  await shell.cartButton().click();
  await expect(shell.dialog('Your selection')).toContainText('Custom plan');
  await expect(shell.dialog('Your selection')).toContainText(aed(162.75));
});

test('annual offer from the plantype start parameter: yearly prices with the 12-month saving', async ({ page, request }) => {
  const shell = new ShellPage(page);
  const plans = new PlanStepPage(page);
  await page.goto('/?plantype=annual');
  await shell.expectStep('/plan-selection/annual-offer', 'Annual offer');
  await expect(page.getByText('you save 50% against paying month by month')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Data' })).toContainText('a year');
  expect(await plans.total()).toBe(252); // (360 + 120) x 50 % = 240, plus VAT
  await shell.expectAccessible('annual offer');
  await plans.continue();
  await shell.expectStep('/number', 'Choose your number');
  const { plan } = await savedPlan(page, request);
  expect(plan.product).toMatchObject({ ProductCode: 312, CommitmentDuration: 12 });
  expect(plan.PackagePrice.PlanNetPrice).toBe(240);
});

test('preset start: the custom plan opens with the named options picked, also in Arabic', async ({ page }) => {
  const shell = new ShellPage(page);
  const plans = new PlanStepPage(page);
  await page.goto('/?preset=30003,30007,30009');
  await shell.expectStep('/plan-selection/custom-plan', 'Build your own plan');
  await expect(page.getByRole('group', { name: 'Data' }).getByLabel(/^25 GB/)).toBeChecked();
  await expect(page.getByRole('group', { name: 'Local minutes' }).getByLabel(/^Unlimited/)).toBeChecked();
  await expect(page.getByRole('group', { name: 'International minutes' }).getByLabel(/^100 min/)).toBeChecked();
  expect(await plans.total()).toBe(136.5);
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(shell.heading()).toHaveText('صمّم باقتك');
  await shell.expectAccessible('custom plan (Arabic)');
  // back on the list the start parameters are spent: the plain list, not the builder again
  await page.getByRole('button', { name: 'العودة إلى كل الباقات' }).click();
  await expect(page.getByRole('tab', { name: 'السياح' })).toHaveAttribute('aria-selected', 'true');
  await shell.expectAccessible('plan selection (Arabic)');
});

test('product_code start: the streaming offer needs the partner consent; a top-up is an extra charge', async ({ page, request }) => {
  const shell = new ShellPage(page);
  const plans = new PlanStepPage(page);
  await page.goto('/?product_code=207');
  await expect(plans.reviewHeading()).toHaveText('Your plan: Tourist Unlimited 28 days');
  await expect(plans.reviewHeading()).toBeFocused();
  expect(await plans.total()).toBe(313.95);
  await expect(page.getByText('Plans of AED 79.00 or more can use the card offers shown at payment.')).toBeVisible();

  await page.getByRole('group', { name: 'Starting credit' }).getByLabel('AED 25.00').check();
  expect(await plans.total()).toBe(340.2); // (299 + 25) x 1.05
  await expect(page.locator('.price-breakdown')).toContainText('Starting credit+ AED 25.00');

  await page.getByLabel('Add 3 months of music streaming, free').check();
  const consent = page.getByLabel(/shared with the music streaming partner/);
  await plans.continue();
  await expect(page.getByRole('alert').filter({ hasText: 'Required field' })).toBeVisible();
  await expect(consent).toBeFocused();
  await expect(consent).toHaveAttribute('aria-invalid', 'true');
  await shell.expectAccessible('streaming consent error');
  await expect(page).toHaveURL(/#\/plan-selection/);
  await consent.check();
  await plans.continue();
  await shell.expectStep('/number', 'Choose your number');

  const { plan, visitor } = await savedPlan(page, request);
  expect(plan.product.ProductCode).toBe(207);
  expect(plan.PromotionKeys).toContain('streaming_music_3m');
  expect(plan.PackagePrice.ExtraCharges).toEqual([{ Name: 'RechargeAmount', Amount: 25 }]);
  const prefs = await visitor.get<{ preferences: { PreferenceID: number; Value: boolean }[] }>('/me/preferences');
  expect(prefs.preferences).toContainEqual({ PreferenceID: 4, Value: true });
});

test('editing the plan from later: back to plan selection, boosters for the held number, the cart updated', async ({ page, request }) => {
  const shell = new ShellPage(page);
  const plans = new PlanStepPage(page);
  const numbers = new NumberStepPage(page);
  await page.goto('/');
  await plans.review(0);
  await expect(page.getByText(/can use the card offers shown at payment/)).toHaveCount(0); // AED 36.75 is under 79
  await plans.total();
  await plans.continue();
  await shell.expectStep('/number', 'Choose your number');
  const offered = await numbers.expectOffer();
  await numbers.take();
  await shell.expectStep('/number/confirmation', 'Confirm your number');
  await page.getByRole('button', { name: 'Confirm this number' }).click();
  await shell.expectStep('/login', 'Log in or create an account');

  await shell.cartButton().click();
  await shell.dialog('Your selection').getByRole('button', { name: 'Edit: Plan' }).click();
  await shell.expectStep('/plan-selection', 'Choose your plan');
  await expect(plans.card(187)).toHaveClass(/plan-card--selected/);
  await plans.card(206).getByRole('button', { name: /^Choose this plan/ }).click();
  const boosters = page.getByRole('group', { name: `Boosters for ${offered}` });
  await expect(boosters.getByRole('checkbox')).not.toHaveCount(0);
  await boosters.getByRole('checkbox', { name: /Data booster 5 GB/ }).check();
  expect(await plans.total()).toBe(127.84); // (129 - 32.25 + 25) x 1.05
  await shell.expectAccessible('plan review with boosters');
  await plans.continue();
  await expect(page).not.toHaveURL(/#\/plan-selection/);
  await shell.cartButton().click();
  const cart = shell.dialog('Your selection');
  await expect(cart).toContainText('Tourist Data 28 days');
  await expect(cart).toContainText('Data booster 5 GB');
  await expect(cart).toContainText(aed(127.84));
  await expect(cart).toContainText(offered);

  const { plan, visitor } = await savedPlan(page, request);
  expect(plan.Boosters.map((b) => b.ID)).toEqual([901]);
  // an unlimited-data plan gets no data booster
  const msisdn = `971${offered.slice(1)}`;
  const forUnlimited = await visitor.get<{ boosters: { Type: string }[] }>(`/boosters/${msisdn}?product_code=207`);
  expect(forUnlimited.boosters.length).toBeGreaterThan(0);
  expect(forUnlimited.boosters.map((b) => b.Type)).not.toContain('DATA');
});

test('promo codes, where the configuration turns them on: length, validity, then the discount', async ({ page, request }) => {
  const shell = new ShellPage(page);
  const plans = new PlanStepPage(page);
  await page.goto(`http://127.0.0.1:${PORTS.promo}/`);
  await shell.expectStep('/plan-selection', 'Choose your plan');
  await plans.card(199).getByRole('button', { name: /^Choose this plan/ }).click();
  expect(await plans.total()).toBe(177.45); // (189 - 20) x 1.05
  const field = page.getByLabel('Promo code');
  await expect(page.getByText('4 to 12 letters or digits.')).toBeVisible();
  await field.fill('ab');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong value' })).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill('SPRING5');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This promo code is invalid or has expired.' })).toBeVisible();
  await shell.expectAccessible('promo code error');
  await field.fill('welcome10');
  await field.press('Enter');
  await expect(page.getByText('Promo code WELCOME10 applied')).toBeVisible();
  expect(await plans.total()).toBe(157.61); // 189 - 20 - 18.90 = 150.10, plus 7.51 VAT
  await expect(page.locator('.price-breakdown')).toContainText('Offer: AED 20.00 off');
  await expect(page.locator('.price-breakdown')).toContainText('Promo code: 10% off');
  await plans.continue();
  await shell.expectStep('/number', 'Choose your number');
  const promoVisitor = await apiAsVisitor(page, request, `http://127.0.0.1:${PORTS.promo}`);
  const saved = (await promoVisitor.get<SavedPlans>('/plans/saved_plans')).save_plans[0]!;
  expect(saved.PromoCode).toBe('WELCOME10');
  expect(saved.PackagePrice).toMatchObject({ NetPrice: 150.1, VATAmount: 7.51 });
  expect(saved.PackagePrice.Discounts).toEqual([
    { Name: 'welcome_20', Amount: 20 },
    { Name: 'welcome10', Amount: 18.9 },
  ]);
});
