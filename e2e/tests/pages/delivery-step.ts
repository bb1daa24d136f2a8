import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { ShellPage } from './shell';
import { uniqueEmail } from './account-step';
import { openAs, prepareVisitor, RESIDENT_WITH_EMIRATES_ID } from './prepared';
import { SANDBOX_PORTS } from '../../playwright.config';

/**
 * The delivery step in Chromium against the real API, its seeded zones and stores, the
 * map data it serves, and the courier and eSIM provisioning sandboxes (their own origins:
 * e2e/playwright.config.ts SANDBOX_PORTS). A resident is put at the delivery through the
 * API (pages/prepared.ts: plan, number, a new account, location, the Emirates ID and the face read
 * by the authority sandbox), then the browser opens /submit_delivery with that session.
 *
 * Nothing here waits for time to pass. The courier's jobs do not move by themselves in the suite
 * (COURIER_STEP_MS is an hour): a test moves its own order on with `courierStep` (the sandbox's
 * test hook), and the thank-you page's poll is run at once by the page's clock (`nextPoll`: the
 * spec installs Playwright's clock before the page loads).
 */
export async function reachDelivery(page: Page, email = uniqueEmail('delivery')): Promise<ShellPage> {
  const visitor = await prepareVisitor(page.request, { stage: 'verified', email, identity: RESIDENT_WITH_EMIRATES_ID });
  const shell = await openAs(page, visitor, '/submit_delivery');
  await expect(page).toHaveURL(/#\/submit_delivery(\?|$)/);
  return shell;
}

/** The courier moves this order (its reference is the order number) to its next status: the sandbox's test hook. */
export async function courierStep(request: APIRequestContext, orderNumber: string): Promise<string> {
  const response = await request.post(`${COURIER_ORIGIN}/test/jobs/step`, { data: { reference: orderNumber } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { status: string }).status;
}

/** How often the thank-you page asks for its order (mfe-delivery/src/order-status.ts ORDER_POLL_MS). */
export const ORDER_POLL_MS = 3_000;

/**
 * Until `text` shows: the page's next status poll, run now by its clock (ORDER_POLL_MS on), each
 * time. The API asks the courier at most every ORDER_REFRESH_MS per order, so the first poll after a
 * step may still answer the stored status; the next one does not.
 */
export async function nextPollShows(page: Page, text: string | RegExp) {
  const target = page.getByText(text).first();
  await expect(async () => {
    await page.clock.fastForward(ORDER_POLL_MS);
    await expect(target).toBeVisible({ timeout: 1_000 });
  }).toPass({ intervals: [250], timeout: 30_000 });
}

/** The order number the thank-you page shows (JO-XXXX-XXXX). */
export async function orderNumberOnPage(page: Page): Promise<string> {
  const text = (await page.getByText(/JO-[A-Z0-9]{4}-[A-Z0-9]{4}/).first().textContent()) ?? '';
  const found = /JO-[A-Z0-9]{4}-[A-Z0-9]{4}/.exec(text)?.[0];
  if (!found) throw new Error(`no order number on the page: "${text}"`);
  return found;
}

/** Types into the places search and chooses the option (the combobox of the map sub-step). */
export async function searchPlace(page: Page, query: string, option: string | RegExp, label: string | RegExp = 'Search for a place in the UAE') {
  const box = page.getByRole('combobox', { name: label });
  await box.fill(query);
  const choice = page.getByRole('option', { name: option }).first();
  await expect(choice).toBeVisible({ timeout: 10_000 });
  await choice.click();
}

/** The pin the map sub-step keeps (its draft in session storage: mfe-delivery/src/draft.ts), or null. */
export async function draftPin(page: Page): Promise<{ lat: number; lng: number } | null> {
  return page.evaluate(() => {
    const raw = window.sessionStorage.getItem('join.delivery.draft');
    return raw ? ((JSON.parse(raw) as { pin: { lat: number; lng: number } | null }).pin ?? null) : null;
  });
}

type Ring = [number, number][];
/** Even-odd ray casting: inside the outer ring and in no hole. */
function inRings(point: [number, number], rings: Ring[]): boolean {
  let inside = false;
  const [x, y] = point;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/**
 * Whether the point is on the UAE's land as the product's own map data draws it (GET
 * /api/map/land.geojson, the `AE` feature), checked here rather than asked of the API's answer.
 */
export async function onUaeLand(request: APIRequestContext, point: { lat: number; lng: number }): Promise<boolean> {
  const response = await request.get('/api/map/land.geojson');
  expect(response.ok()).toBe(true);
  const land = (await response.json()) as {
    features: { properties: { iso2: string }; geometry: { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] } }[];
  };
  const uae = land.features.find((f) => f.properties.iso2 === 'AE');
  if (!uae) throw new Error('no UAE in the land data');
  const polygons = uae.geometry.type === 'Polygon' ? [uae.geometry.coordinates] : uae.geometry.coordinates;
  return polygons.some((rings) => inRings([point.lng, point.lat], rings));
}

/** The interactive map's canvas, once drawn. */
export async function mapCanvas(page: Page) {
  const canvas = page.locator('.maplibregl-canvas').first();
  await expect(canvas).toBeVisible({ timeout: 20_000 });
  // Drawn at its frame's size: a stylesheet once collapsed the map to no height (an empty box).
  await expect.poll(async () => (await canvas.boundingBox())?.height ?? 0).toBeGreaterThan(200);
  return canvas;
}

/** Presses and holds at the map's centre for `ms` of the page's clock (SPEC 9: a long press of 500 ms drops the pin). */
export async function longPressMapCentre(page: Page, ms = 700) {
  const canvas = await mapCanvas(page);
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the map has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.clock.runFor(ms);
  await page.mouse.up();
}

interface Zone {
  id: string;
  emirate: string;
  open_now: boolean;
}

/**
 * Which seeded zones are open and closed right now (the seed guarantees one of each at any time:
 * api/README.md "Delivery"): the Fujairah and Ras Al Khaimah city zones open at complementary hours.
 */
export async function zonesNow(request: APIRequestContext): Promise<Zone[]> {
  const response = await request.get('/api/delivery/zones');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { zones: Zone[] }).zones;
}

/** A place to search for whose zone is closed now: Fujairah or Ras Al Khaimah (complementary hours). */
export async function closedPlaceNow(request: APIRequestContext): Promise<{ query: string; option: RegExp }> {
  const zones = await zonesNow(request);
  const closed = (code: string) => zones.some((z) => z.emirate === code && !z.open_now);
  if (closed('FU')) return { query: 'Fujairah', option: /^Fujairah/ };
  if (closed('RK')) return { query: 'Ras Al Khaimah', option: /^Ras Al Khaimah/ };
  throw new Error(`neither the Fujairah nor the Ras Al Khaimah zone is closed now: ${JSON.stringify(zones)}`);
}

/** The phone's side of the eSIM: what its LPA does with the scanned activation code. */
export async function installEsim(request: APIRequestContext, activationCode: string) {
  const response = await request.post(`http://127.0.0.1:${SANDBOX_PORTS.esim}/v1/download`, { data: { activation_code: activationCode } });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** The courier sandbox's status page (its store desk hands ready pickups over). */
export const COURIER_ORIGIN = `http://127.0.0.1:${SANDBOX_PORTS.courier}`;
