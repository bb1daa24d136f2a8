import { expect, test } from '@playwright/test';
import { answer, camera, expectImageLoaded, imageLoads, reachActivationMethod } from './pages/identity-step';

/**
 * The identity check in Chromium against the real API and the identity authority
 * sandbox; the helpers' header (pages/identity-step.ts) says how documents and camera are fed.
 */
test.use(camera('camera-passport.mjpeg'));

test.describe('a passport held up to the camera', () => {

  test('the camera page: frame guide, photo, retake, send; the passport is read and the face scan opens', async ({ page }) => {
    const shell = await reachActivationMethod(page);
    await answer(page, "I'm visiting", 'Instant eSIM');
    await page.getByRole('button', { name: 'Open the camera' }).click();
    await page.getByRole('button', { name: 'Take photo' }).click();
    // The preview is the photo itself, loaded under the product's own CSP (a blob: URL
    // that "img-src 'self' data:" refused, a broken image)
    const preview = page.getByRole('img', { name: 'The photo you took' });
    await expectImageLoaded(preview);
    const first = (await preview.getAttribute('src'))!;
    expect(first).toMatch(/^blob:/);
    await page.getByRole('button', { name: 'Retake' }).click();
    await page.getByRole('button', { name: 'Take photo' }).click();
    await expectImageLoaded(preview);
    const second = (await preview.getAttribute('src'))!;
    expect(second).not.toBe(first);
    // the photo it replaced was let go (URL.revokeObjectURL), the one shown was not
    expect(await imageLoads(page, first)).toBe(false);
    expect(await imageLoads(page, second)).toBe(true);
    await shell.expectAccessible('document: preview');
    await page.getByRole('button', { name: 'Use this photo' }).click();
    await expect(page).toHaveURL(/#\/id_check\/face/, { timeout: 60_000 });
    // and once the preview is gone, so is its object URL
    expect(await imageLoads(page, second)).toBe(false);
  });
});
