import { expect, type Page } from '@playwright/test';
import { apiHeaders } from './api-as-visitor';
import { openAs, prepareVisitor, type PreparedVisitor, type Stage } from './prepared';
import { shopDevice, type Shop, type StaffMember } from './retail';
import type { ShellPage } from './shell';

/**
 * A retail customer at a screen of the flow on a shop device, with the page's clock in the test's
 * hands (e2e/README.md "Clocks the tests control"): installed before the page loads, moved with
 * `page.clock.fastForward`. The device is enrolled and its staff member signed in through the API
 * (pages/retail.ts), the customer prepared through the API (pages/prepared.ts, no location check).
 */
export async function retailCustomerAt(
  page: Page,
  baseURL: string,
  { shop, staff, stage, route, language = 'en' }: { shop: Shop; staff: StaffMember; stage: Stage; route: string | ((visitor: PreparedVisitor) => string); language?: 'en' | 'ar' },
): Promise<{ visitor: PreparedVisitor; shell: ShellPage }> {
  await page.clock.install();
  await shopDevice(page, baseURL, shop, staff);
  const visitor = await prepareVisitor(page.request, { stage, retail: true });
  const shell = await openAs(page, visitor, typeof route === 'string' ? route : route(visitor), language);
  await expect(page.getByRole('banner')).toHaveClass(/header--retail/);
  // The idle watch is in the retail shell's own chunk: the clock moves only once it is watching.
  await expect(page.locator('dialog[aria-labelledby="retail-idle-title"]')).toBeAttached();
  await idleFor(page, 0);
  return { visitor, shell };
}

/** The retail texts the walks read (shared/src/domains/retail/texts.ts, texts.ar.ts). */
export const RETAIL_EN = {
  idleTitle: 'Are you still there?',
  stillHere: 'I’m still here',
  endSession: 'End session',
  home: 'Start over',
  startOverTitle: 'Start over?',
  startOver: 'Start over',
  keepGoing: 'Keep going',
  back: 'Back',
  startNew: 'Start a new customer',
} as const;
export const RETAIL_AR = {
  idleTitle: 'هل ما زلت هنا؟',
  stillHere: 'ما زلت هنا',
  endSession: 'إنهاء الجلسة',
} as const;

/** SPEC 4 / 9: idle 180 s on /plan-selection and /login, 120 s elsewhere, then a 120 s countdown. */
export const IDLE_MS_LONG = 180_000;
export const IDLE_MS = 120_000;
export const COUNTDOWN_MS = 120_000;

/** The idle pop-up (an alertdialog named by its title). */
export const idlePopUp = (page: Page, title: string = RETAIL_EN.idleTitle) => page.getByRole('alertdialog', { name: title });

/**
 * Moves the page's clock on and lets it draw: the due timers run, then two frames, so that a
 * pop-up that was going to open has opened before the test says it has not.
 */
export async function idleFor(page: Page, ms: number): Promise<void> {
  await page.clock.fastForward(ms);
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** The shop device's retail start screen, in English whatever the last customer chose. */
export async function expectRetailStart(page: Page, shop: Shop, staff: StaffMember): Promise<void> {
  await expect(page).toHaveURL(/#\/retail$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(shop.name);
  await expect(page.getByRole('button', { name: RETAIL_EN.startNew })).toBeVisible();
  await expect(page.getByText(`Signed in: ${staff.name}`)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

/** What the page can read of the origin's storage: local and session storage, IndexedDB names, Cache Storage names. */
export function readBrowserStores(page: Page) {
  return page.evaluate(async () => ({
    local: Object.fromEntries(Object.entries(localStorage)),
    session: Object.fromEntries(Object.entries(sessionStorage)),
    indexedDb: (await indexedDB.databases()).map((db) => db.name),
    caches: await caches.keys(),
  }));
}

/**
 * What a customer's pages could leave in the browser besides the product's own session record:
 * a draft in session storage, a database, a cache. The wipe must clear them all (it clears the
 * origin's stores, not a list of known keys), so they are planted here to be looked for after.
 */
export async function leaveCustomerTraces(page: Page, visitor: PreparedVisitor): Promise<void> {
  await page.evaluate(async (v) => {
    sessionStorage.setItem('customer.draft', JSON.stringify({ email: v.email, number: v.number }));
    localStorage.setItem('customer.last', v.email);
    // A database of the customer's (opening one creates it), closed so the wipe can delete it.
    const db = indexedDB.open('customer-scans');
    await new Promise((done) => (db.onsuccess = done));
    db.result.close();
    await (await caches.open('customer-pages')).put('/customer.json', new Response(JSON.stringify({ number: v.number })));
  }, visitor);
  const stores = await readBrowserStores(page);
  expect(stores.indexedDb).toContain('customer-scans');
  expect(stores.caches).toContain('customer-pages');
}

/** The server's answer to a call made with the customer's old device and session ids. */
export async function callWithOldSession(page: Page, visitor: PreparedVisitor): Promise<{ status: number; body: string }> {
  const response = await page.request.get('/api/me/flow_status', { headers: apiHeaders(visitor.deviceId, visitor.sessionId) });
  return { status: response.status(), body: await response.text() };
}
