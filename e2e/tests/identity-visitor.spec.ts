import { expect, test } from '@playwright/test';
import { expectArabicScreen } from './pages/arabic';
import { answer, camera, reachActivationMethod, scanFace, uploadDocument } from './pages/identity-step';

/**
 * The identity check in Chromium against the real API and the identity authority
 * sandbox; the helpers' header (pages/identity-step.ts) says how documents and camera are fed.
 */
test.use(camera('camera-selfie-hopper.mjpeg'));

test.describe('a visitor with a passport (fake camera: the passport holder’s selfie)', () => {

  test('activation method, id check by upload, face scan, details confirmed: on to payment', async ({ page }) => {
    const shell = await reachActivationMethod(page);
    await shell.expectAccessible('activation method');
    await shell.expectStepCount(4);
    await answer(page, "I'm visiting", 'Instant eSIM');
    await shell.expectStep('/id_check', 'Scan your passport photo page');
    await shell.expectStepCount(4);
    await shell.expectAccessible('id check: document');
    await uploadDocument(page, shell, [{ label: 'Passport photo page', file: 'passport-visitor.jpg' }]);
    await scanFace(page);
    const details = page.getByRole('heading', { name: 'Check your details' });
    await expect(details).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('533401871')).toBeVisible();
    await expect(page.getByText(/MORGAN/)).toBeVisible();
    await shell.expectAccessible('id check: details');
    // The language switch reloads the page: the check resumes from the server, in Arabic.
    await page.getByRole('button', { name: 'العربية' }).click();
    await expect(page.getByRole('heading', { name: 'تحقق من بياناتك' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('533401871')).toBeVisible();
    await expect(page.getByText('المملكة المتحدة')).toBeVisible();
    await expectArabicScreen(page, 'id check: details');
    await shell.expectStepCount(4);
    await page.getByRole('button', { name: 'البيانات صحيحة' }).click();
    // Verified: the host moves on by the flow contract to payment.
    await expect(page).toHaveURL(/#\/payment(\?|$)/, { timeout: 30_000 });
    await shell.expectStepCount(5);
  });

});
