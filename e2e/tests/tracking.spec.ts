import { expect, test, type Page } from '@playwright/test';
import { ShellPage } from './pages/shell';
import { PlanStepPage } from './pages/plan-step';
import { NumberStepPage } from './pages/number-step';
import { AccountStepPage } from './pages/account-step';
import { verifyPageVisitor } from './pages/prepared';
import { cardFrame, fillCard, payButton } from './pages/payment-step';

/**
 * Tracking (issue 28): the checkout as Google Analytics 4 ecommerce events in the tag manager's
 * dataLayer, only after a yes to analytics, never with personal data. A fresh visitor (no stored
 * consent: the banner asks) is watched as a tag manager watches the page: every dataLayer push is
 * recorded as it is made, so a reload (the payment's, the thank-you page's) loses none.
 */
test.use({ storageState: { cookies: [], origins: [] }, geolocation: { latitude: 25.2048, longitude: 55.2708 }, permissions: ['geolocation'] });
// A whole purchase on screen but the identity check (its own specs): ~25 s alone, six times that on a busy machine.
test.setTimeout(150_000);

const CHECKOUT = ['view_item_list', 'select_item', 'add_to_cart', 'begin_checkout', 'add_payment_info', 'add_shipping_info', 'purchase'];

/** Every dataLayer push of the page, across reloads, as the tag manager would read it; and every request off the product's origin. */
async function watch(page: Page) {
  const pushes: Record<string, unknown>[] = [];
  const offOrigin: string[] = [];
  await page.exposeBinding('__recordPush', (_source, entry: string) => void pushes.push(JSON.parse(entry) as Record<string, unknown>));
  await page.addInitScript(() => {
    const w = window as unknown as { dataLayer: unknown[]; __recordPush: (e: string) => void };
    const layer: unknown[] = [];
    const push = layer.push.bind(layer);
    layer.push = (...entries: unknown[]) => {
      for (const e of entries) void w.__recordPush(JSON.stringify(e));
      return push(...entries);
    };
    w.dataLayer = layer;
  });
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && !url.protocol.startsWith('data') && !url.protocol.startsWith('blob')) offOrigin.push(r.url());
  });
  const events = () => pushes.filter((p) => typeof p.event === 'string');
  return { pushes, events, names: () => events().map((p) => p.event as string), offOrigin };
}

test('a visitor who accepts analytics: a whole purchase is the GA4 ecommerce events in order, none with personal data', async ({ page }) => {
  const seen = await watch(page);
  const shell = new ShellPage(page);
  await page.goto('/');
  await page.getByRole('region', { name: 'Your privacy choices' }).getByRole('button', { name: 'Accept all' }).click();

  // The plan: the first list (seen before the answer, pushed with the yes), one opened, saved.
  const plan = await new PlanStepPage(page).choose(0);
  await shell.expectStep('/number', 'Choose your number');
  await expect.poll(seen.names).toEqual(['view_item_list', 'select_item', 'add_to_cart']);

  // A random number held and confirmed.
  const numbers = new NumberStepPage(page);
  const number = await numbers.expectOffer();
  await numbers.take();
  await numbers.expectHeld(number);
  await page.getByRole('button', { name: 'Confirm this number' }).click();

  // A new account by an e-mailed code, then the location shared (in Dubai).
  await shell.expectStep('/login', 'Log in or create an account');
  const email = await new AccountStepPage(page).createByCode('tracking');
  await shell.expectStep('/location_check', /./);
  await page.getByRole('button', { name: 'Share my location' }).click();
  await expect(page).toHaveURL(/#\/activation_method(\?|$)/);

  // The identity check (walked on screen by the identity-* specs) through the API for this page's session; then the payment.
  await verifyPageVisitor(page);
  await page.evaluate(() => {
    history.replaceState(history.state, '', '/#/payment');
    location.reload();
  });
  await shell.expectStep('/payment', 'Payment');
  const card = page.getByRole('radio', { name: /^Credit or debit card/ });
  if (await card.isVisible().catch(() => false)) {
    await card.check();
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await expect(cardFrame(page).getByLabel('Card number')).toBeVisible({ timeout: 20_000 });
  await fillCard(page, { number: '4242424242424242', expiry: '1230', cvv: '739', name: 'Grace Hopper' });
  await payButton(page).click();
  await expect(page.getByRole('heading', { name: 'Your receipt' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Continue' }).click();

  // Thank-you: the eSIM issued, the purchase sent; a reload of the page does not send it again.
  await expect(page).toHaveURL(/#\/thank-you(\?|$)/, { timeout: 30_000 });
  await expect.poll(seen.names, { timeout: 30_000 }).toContain('purchase');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.delivery-order__number')).toBeVisible({ timeout: 30_000 });

  // In order; our own number event between the cart and the checkout.
  expect(seen.names().filter((n) => CHECKOUT.includes(n))).toEqual(CHECKOUT);
  expect(seen.names()).toEqual([...CHECKOUT.slice(0, 3), 'number_reserved', ...CHECKOUT.slice(3)]);
  const events = seen.events();
  const byName = (name: string) => events.find((e) => e.event === name)!.ecommerce as Record<string, unknown>;
  for (const e of events) expect(e.eventTimeout).toBe(3000);
  // Each ecommerce event right after its clearing push.
  for (const [i, p] of seen.pushes.entries()) if (p.ecommerce && typeof p.event === 'string') expect(seen.pushes[i - 1]).toEqual({ ecommerce: null });
  expect(byName('view_item_list')).toMatchObject({ item_list_id: 'plans_tourist', items: expect.arrayContaining([expect.objectContaining({ index: 0, item_name: plan })]) });
  expect(byName('add_to_cart')).toMatchObject({ currency: 'AED', value: expect.any(Number), items: [expect.objectContaining({ item_name: plan, quantity: 1 })] });
  expect(byName('add_payment_info')).toMatchObject({ payment_type: 'card' });
  expect(byName('add_shipping_info')).toMatchObject({ shipping_tier: 'esim' });
  const purchase = byName('purchase');
  const orderNumber = (await page.locator('.delivery-order__number').textContent())!.trim();
  expect(purchase).toMatchObject({ transaction_id: orderNumber, currency: 'AED', value: byName('add_to_cart').value, tax: expect.any(Number) });
  expect(purchase.tax as number).toBeGreaterThan(0);
  expect(purchase.tax as number).toBeLessThan(purchase.value as number);

  // No personal data anywhere: not the number, the e-mail, the card, a name, nor anything like a phone or an e-mail.
  const text = JSON.stringify(seen.pushes);
  for (const secret of [number, number.slice(1), `971${number.slice(1)}`, email, '4242', 'Grace', 'Hopper']) expect(text).not.toContain(secret);
  expect(text).not.toMatch(/[^\s@"]+@[^\s@"]+\.[a-z]{2,}/i);
  expect(text).not.toMatch(/\d(?:[\s.-]?\d){8,}/);
  // No tag manager configured (the default): no script loaded, nothing sent off this machine.
  expect(seen.pushes.some((p) => p.event === 'gtm.js')).toBe(false);
  expect(seen.offOrigin).toEqual([]);
});

test('a visitor who declines: no event in the dataLayer, whatever they do', async ({ page }) => {
  const seen = await watch(page);
  const shell = new ShellPage(page);
  await page.goto('/');
  await page.getByRole('region', { name: 'Your privacy choices' }).getByRole('button', { name: 'Necessary only' }).click();
  await new PlanStepPage(page).choose(1);
  await shell.expectStep('/number', 'Choose your number');
  const numbers = new NumberStepPage(page);
  await numbers.expectOffer();
  await numbers.take();
  await numbers.expectHeld();
  expect(seen.pushes).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { dataLayer: unknown[] }).dataLayer.length)).toBe(0);
});
