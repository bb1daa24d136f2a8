import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { ShellPage } from './shell';
import { uniqueEmail } from './account-step';
import { answer, reachActivationMethod, scanFace, uploadDocument } from './identity-step';
import { COURIER_PORTS, ESIM_PORTS } from '../../playwright.config';

/**
 * The delivery step (issue 14) in Chromium against the real API, its seeded zones and stores, the
 * map data it serves, and the courier and eSIM provisioning sandboxes (their own origins:
 * e2e/playwright.config.ts COURIER_PORTS, ESIM_PORTS; the courier's clock steps every
 * COURIER_STEP_MS). A resident gets there for real: a new account, plan, number, login, location,
 * the Emirates ID and the face with the fake camera (camera('camera-selfie-collins.mjpeg')).
 */
export async function reachDelivery(page: Page, email = uniqueEmail('delivery')): Promise<ShellPage> {
  const shell = await reachActivationMethod(page, email);
  await answer(page, 'I live in the UAE', 'Physical SIM');
  await shell.expectStep('/activation_method/scan_document', 'Scan the front of your Emirates ID');
  await uploadDocument(page, shell, [
    { label: 'Front of the card', file: 'eid-resident-front.jpg' },
    { label: 'Back of the card', file: 'eid-resident-back.jpg' },
  ]);
  await scanFace(page);
  await expect(page.getByRole('heading', { name: 'Check your details' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'These are correct' }).click();
  await expect(page).toHaveURL(/#\/submit_delivery(\?|$)/, { timeout: 30_000 });
  return shell;
}

/** Types into the places search and chooses the option (the combobox of the map sub-step). */
export async function searchPlace(page: Page, query: string, option: string | RegExp, label: string | RegExp = 'Search for a place in the UAE') {
  const box = page.getByRole('combobox', { name: label });
  await box.fill(query);
  const choice = page.getByRole('option', { name: option }).first();
  await expect(choice).toBeVisible({ timeout: 10_000 });
  await choice.click();
}

/** The interactive map's canvas, once drawn. */
export async function mapCanvas(page: Page) {
  const canvas = page.locator('.maplibregl-canvas').first();
  await expect(canvas).toBeVisible({ timeout: 20_000 });
  // Drawn at its frame's size: a stylesheet once collapsed the map to no height (an empty box).
  await expect.poll(async () => (await canvas.boundingBox())?.height ?? 0).toBeGreaterThan(200);
  return canvas;
}

/** Presses and holds at the map's centre for `ms` (SPEC 9: a long press of 500 ms drops the pin). */
export async function longPressMapCentre(page: Page, ms = 700) {
  const canvas = await mapCanvas(page);
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the map has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(ms);
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
  const response = await request.post(`http://127.0.0.1:${ESIM_PORTS.main}/v1/download`, { data: { activation_code: activationCode } });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** The courier sandbox's status page (its store desk hands ready pickups over). */
export const COURIER_ORIGIN = `http://127.0.0.1:${COURIER_PORTS.main}`;
