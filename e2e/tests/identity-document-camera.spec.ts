import { expect, test } from '@playwright/test';
import { answer, camera, reachActivationMethod } from './pages/identity-step';

/**
 * The identity check (issue 12) in Chromium against the real API and the identity authority
 * sandbox; the helpers' header (pages/identity-step.ts) says how documents and camera are fed.
 */
test.use(camera('camera-passport.mjpeg'));

test.describe('a passport held up to the camera', () => {

  test('the camera page: frame guide, photo, retake, send; the passport is read and the face scan opens', async ({ page }) => {
    const shell = await reachActivationMethod(page);
    await answer(page, "I'm visiting", 'Instant eSIM');
    await page.getByRole('button', { name: 'Open the camera' }).click();
    await page.getByRole('button', { name: 'Take photo' }).click();
    await expect(page.getByRole('img', { name: 'The photo you took' })).toBeVisible();
    await page.getByRole('button', { name: 'Retake' }).click();
    await page.getByRole('button', { name: 'Take photo' }).click();
    await shell.expectAccessible('document: preview');
    await page.getByRole('button', { name: 'Use this photo' }).click();
    await expect(page).toHaveURL(/#\/id_check\/face/, { timeout: 60_000 });
  });
});
