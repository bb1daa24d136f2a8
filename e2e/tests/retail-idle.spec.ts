import { expect, test } from '@playwright/test';
import { expectArabicScreen } from './pages/arabic';
import { checkRoute, openAs } from './pages/prepared';
import { DUBAI_MALL, MARINA_MALL } from './pages/retail';
import {
  callWithOldSession,
  COUNTDOWN_MS,
  expectRetailStart,
  IDLE_MS,
  IDLE_MS_LONG,
  idleFor,
  idlePopUp,
  leaveCustomerTraces,
  readBrowserStores,
  RETAIL_AR,
  RETAIL_EN,
  retailCustomerAt,
} from './pages/retail-customer';

/**
 * A shop device's idle watch and wipe (SPEC 2, 4, 9; DESIGN "Retail"): the pop-up after the idle
 * time, "I'm still here", the countdown's end, "End session", "Start over?" and retail Back, each
 * landing on the retail start with nothing of the customer left on the device. The page's clock
 * is the test's; the staff members are ones no PIN test uses (S2001, S1002), never a wrong PIN.
 */
const MARINA = { shop: MARINA_MALL, staff: MARINA_MALL.staff[0]! };
const DUBAI = { shop: DUBAI_MALL, staff: DUBAI_MALL.staff[1]! };

test('idle with a customer’s data on screen: the pop-up, “I’m still here”, then the countdown ends and nothing of the customer is left', async ({ page, baseURL }) => {
  const { visitor, shell } = await retailCustomerAt(page, baseURL!, { ...MARINA, stage: 'verified', route: '/plan-selection', language: 'ar' });
  // The customer's next screen, as the flow moves on (a history entry of the customer's own).
  await page.evaluate(() => {
    window.location.hash = '#/payment';
  });
  await expect(page.getByText(visitor.number)).toBeVisible();
  await leaveCustomerTraces(page, visitor);

  const popUp = idlePopUp(page, RETAIL_AR.idleTitle);
  await idleFor(page, IDLE_MS - 5_000);
  await expect(popUp).toBeHidden();
  await idleFor(page, 6_000);
  await expect(popUp).toBeVisible();
  // "I'm still here" first, then "End session"; focus inside the pop-up.
  await expect(popUp.getByRole('button')).toHaveText([RETAIL_AR.stillHere, RETAIL_AR.endSession]);
  await expect(popUp.getByRole('button', { name: RETAIL_AR.stillHere })).toBeFocused();
  await shell.expectAccessible('the idle pop-up (Arabic)');

  await popUp.getByRole('button', { name: RETAIL_AR.stillHere }).click();
  await expect(popUp).toBeHidden();
  await idleFor(page, IDLE_MS - 5_000);
  await expect(popUp).toBeHidden();
  await idleFor(page, 6_000);
  await expect(popUp).toBeVisible();
  // The countdown's end wipes and loads the retail start: no frame of this page to wait for.
  await page.clock.fastForward(COUNTDOWN_MS);

  await expectRetailStart(page, MARINA.shop, MARINA.staff);
  const stores = await readBrowserStores(page);
  const kept = JSON.stringify([stores.local, stores.session]);
  for (const trace of [visitor.sessionId, visitor.deviceId, visitor.uid, visitor.email, visitor.number, 'customer.']) expect(kept).not.toContain(trace);
  expect(stores.indexedDb).toEqual([]);
  expect(stores.caches).toEqual([]);

  // Back shows none of the customer's screens: the entry before goes to the retail start.
  await page.goBack();
  await expectRetailStart(page, MARINA.shop, MARINA.staff);
  for (const trace of [visitor.email, visitor.number]) await expect(page.getByText(trace)).toHaveCount(0);

  // The server ended the session: its old ids answer the session code, no login behind the page's back.
  const old = await callWithOldSession(page, visitor);
  expect(old.status, old.body).toBe(401);
  expect(JSON.parse(old.body)).toMatchObject({ code: -27 });
  // The staff member is still signed in on the device for the next customer.
  const device = await page.request.get('/api/retail/device');
  expect(device.status()).toBe(200);
  expect(await device.json()).toMatchObject({ shop: { id: MARINA.shop.id }, staff: { staff_id: MARINA.staff.id } });
});

test('on plan selection the idle time is 180 s: no pop-up at 150 s, the pop-up after 180 s', async ({ page, baseURL }) => {
  await retailCustomerAt(page, baseURL!, { ...DUBAI, stage: 'login', route: '/plan-selection' });
  await idleFor(page, 150_000);
  await expect(idlePopUp(page)).toBeHidden();
  await idleFor(page, IDLE_MS_LONG - 150_000 + 1_000);
  await expect(idlePopUp(page)).toBeVisible();
  await expect(idlePopUp(page).getByRole('timer')).toHaveText(/^Time left: [12]:\d\d$/);
});

test('“End session” in the pop-up wipes at once and lands on the retail start', async ({ page, baseURL }) => {
  const { visitor, shell } = await retailCustomerAt(page, baseURL!, { ...MARINA, stage: 'activation_method', route: '/activation_method' });
  await idleFor(page, IDLE_MS + 1_000);
  await idlePopUp(page).getByRole('button', { name: RETAIL_EN.endSession }).click();
  await expectRetailStart(page, MARINA.shop, MARINA.staff);
  await shell.expectAccessible('the retail start after a wipe');
  expect(JSON.stringify(await readBrowserStores(page))).not.toContain(visitor.sessionId);
  expect((await callWithOldSession(page, visitor)).status).toBe(401);
});

test('Home asks “Start over?”: “Keep going” keeps the customer, “Start over” wipes', async ({ page, baseURL }) => {
  const { visitor, shell } = await retailCustomerAt(page, baseURL!, { ...DUBAI, stage: 'login', route: '/login' });
  const home = page.getByRole('banner').getByRole('button', { name: RETAIL_EN.home });
  const dialog = page.getByRole('alertdialog', { name: RETAIL_EN.startOverTitle });

  await home.click();
  await expect(dialog).toBeVisible();
  await shell.expectAccessible('“Start over?”');
  await dialog.getByRole('button', { name: RETAIL_EN.keepGoing }).click();
  await expect(dialog).toBeHidden();
  await expect(home).toBeFocused();
  await shell.expectStep('/login', /.+/);
  expect((await callWithOldSession(page, visitor)).status).toBe(200);

  await home.click();
  await dialog.getByRole('button', { name: RETAIL_EN.startOver, exact: true }).click();
  await expectRetailStart(page, DUBAI.shop, DUBAI.staff);
  expect((await callWithOldSession(page, visitor)).status).toBe(401);
});

test('retail Back: from the face scan to the document scan, from plan selection out to the retail start (wiped)', async ({ page, baseURL }) => {
  const { visitor } = await retailCustomerAt(page, baseURL!, { ...MARINA, stage: 'details', route: (v) => checkRoute(v, 'face') });
  const back = page.getByRole('banner').getByRole('button', { name: RETAIL_EN.back, exact: true });
  await back.click();
  await expect(page).toHaveURL(new RegExp(`#${checkRoute(visitor, 'document')}$`));
  expect((await callWithOldSession(page, visitor)).status).toBe(200);

  await page.goto('/#/plan-selection');
  await expect(page.getByText(visitor.number)).toBeVisible();
  await back.click();
  await expectRetailStart(page, MARINA.shop, MARINA.staff);
  expect((await callWithOldSession(page, visitor)).status).toBe(401);

  // The next customer starts from the empty device, in the retail flow, and is wiped in turn
  // (the page after a wipe is a new load: no wipe of the last customer's page is left spent).
  await page.getByRole('button', { name: RETAIL_EN.startNew }).click();
  await expect(page).toHaveURL(/#\/plan-selection$/);
  await expect(page.getByRole('banner')).toHaveClass(/header--retail/);
  await expect(page.getByText(visitor.number)).toHaveCount(0);
  const next = JSON.parse((await page.evaluate(() => localStorage.getItem('join.session.v1')))!) as { sessionId: string };
  expect(next.sessionId).not.toBe(visitor.sessionId);
  await back.click();
  await expectRetailStart(page, MARINA.shop, MARINA.staff);
  expect(JSON.stringify(await readBrowserStores(page))).not.toContain(next.sessionId);
});

test('the retail header’s screen is accessible in English and in Arabic', async ({ page, baseURL }) => {
  const { visitor, shell } = await retailCustomerAt(page, baseURL!, { ...DUBAI, stage: 'login', route: '/plan-selection' });
  await expect(page.getByRole('banner').getByRole('button', { name: RETAIL_EN.home })).toBeVisible();
  await shell.expectAccessible('plan selection with the retail header');
  await openAs(page, visitor, '/plan-selection', 'ar');
  await expect(page.getByRole('banner').getByRole('button', { name: 'البدء من جديد' })).toBeVisible();
  await expectArabicScreen(page, 'plan selection with the retail header');
});

test('two tabs of the device share one idle watch: “I’m still here” in one closes the pop-up in both', async ({ page, context, baseURL }) => {
  await retailCustomerAt(page, baseURL!, { ...DUBAI, stage: 'activation_method', route: '/activation_method' });
  const other = await context.newPage();
  await other.goto('/#/activation_method');
  await expect(other.locator('dialog[aria-labelledby="retail-idle-title"]')).toBeAttached();
  await idleFor(page, IDLE_MS + 1_000);
  await expect(idlePopUp(page)).toBeVisible();
  await expect(idlePopUp(other)).toBeVisible();
  await idlePopUp(other).getByRole('button', { name: RETAIL_EN.stillHere }).click();
  await expect(idlePopUp(other)).toBeHidden();
  await expect(idlePopUp(page)).toBeHidden();
});
