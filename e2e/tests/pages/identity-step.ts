import { expect, type Locator, type Page } from '@playwright/test';
import type { ShellPage } from './shell';
import { uniqueEmail } from './account-step';
import { CHROMIUM_ARGS, CHROMIUM_PATH, fakeCameraArgs } from '../../chromium.mjs';
import { fixture } from './fixtures';
import { openAs, prepareVisitor, TOURIST_CHEAPEST } from './prepared';

/**
 * The identity check in Chromium against the real API and the identity authority
 * sandbox (OCR of the document's MRZ, face comparison, the seeded registry of api/README.md):
 * the synthetic documents of e2e/fixtures/identity are uploaded, and Chromium's fake camera
 * plays the synthetic selfies (and a passport held up) for the face and document scans.
 * Each spec file is its own browser: one camera feed per browser (a launch option).
 */
export { fixture };
const DUBAI = { latitude: 25.2048, longitude: 55.2708 };
/** A browser whose camera plays this feed (and never asks for permission). */
export const camera = (feed: string) => ({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...fakeCameraArgs(fixture(feed))],
  },
  geolocation: DUBAI,
  permissions: ['geolocation', 'camera'],
});

/**
 * A new account (its own identity state), plan, number, login and location, put there through the
 * API (pages/prepared.ts; those screens are walked by their own specs): the browser opens at
 * /activation_method.
 */
export async function reachActivationMethod(page: Page, email = uniqueEmail('identity'), product = TOURIST_CHEAPEST): Promise<ShellPage> {
  const visitor = await prepareVisitor(page.request, { stage: 'activation_method', email, product });
  const shell = await openAs(page, visitor, '/activation_method');
  await shell.expectStep('/activation_method', /./);
  return shell;
}

export async function answer(page: Page, residency: "I live in the UAE" | "I'm visiting", sim: 'Instant eSIM' | 'Physical SIM') {
  await page.getByRole('radio', { name: new RegExp(`^${residency}`) }).check();
  await page.getByRole('radio', { name: new RegExp(`^${sim}`) }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** On a document page: "Upload a photo instead", then each file in turn. */
export async function uploadDocument(page: Page, shell: ShellPage, files: readonly { label: string; file: string }[]) {
  await page.getByRole('link', { name: 'Upload a photo instead' }).or(page.getByRole('button', { name: 'Upload a photo instead' })).first().click();
  for (const { label, file } of files) {
    await page.getByLabel(label, { exact: true }).setInputFiles(fixture(file));
    await expectImageLoaded(page.getByRole('img', { name: new RegExp(label) }));
    await page.getByRole('button', { name: 'Send this photo' }).click();
  }
}

/**
 * The image is on the screen and its picture loaded: a source the page's CSP blocks (a blob: preview
 * under an "img-src 'self' data:" without blob:) or a revoked one leaves a broken image, naturalWidth 0.
 */
export async function expectImageLoaded(img: Locator) {
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))).toBeGreaterThan(0);
}

/** Whether an image source still loads in the page (a revoked object URL no longer does). */
export function imageLoads(page: Page, src: string): Promise<boolean> {
  return page.evaluate(
    (url) =>
      new Promise<boolean>((resolve) => {
        const probe = new Image();
        probe.onload = () => resolve(true);
        probe.onerror = () => resolve(false);
        probe.src = url;
      }),
    src,
  );
}

/** What the scan says for each prompt of the server's live challenge. */
const PROMPT_TEXT = {
  closer: 'Now move a little closer to the camera, slowly.',
  farther: 'Now move a little back from the camera, slowly.',
  left: 'Now move your head a little to your left, slowly.',
  right: 'Now move your head a little to your right, slowly.',
} as const;

/**
 * The face scan with the fake camera: the server's challenge gives a random prompt, the scan shows
 * it, and the feed's face does it within a loop (it comes closer, goes back and sways from side to
 * side), so the frames go to the server by themselves. `expectPrompt` (the default) waits for the
 * prompt on the screen; a spec whose scan may already be done passes false.
 */
export async function scanFace(page: Page, expectPrompt = true) {
  await expect(page).toHaveURL(/scan_face|\/id_check\/face/);
  const open = page.getByRole('button', { name: /Open the camera|Start the face scan|Start/ });
  if (await open.first().isVisible().catch(() => false)) await open.first().click();
  if (!expectPrompt) return;
  const scan = page.locator('.face-scan[data-prompt]');
  await expect(scan).toBeAttached({ timeout: 60_000 });
  const prompt = (await scan.getAttribute('data-prompt')) as keyof typeof PROMPT_TEXT | null;
  expect(prompt && PROMPT_TEXT[prompt], `the prompt ${prompt}`).toBeTruthy();
}

