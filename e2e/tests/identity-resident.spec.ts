import { expect, test } from '@playwright/test';
import { expectArabicScreen } from './pages/arabic';
import { answer, camera, reachActivationMethod, scanFace, uploadDocument } from './pages/identity-step';
import { checkRoute, openAs, prepareVisitor, RESIDENT_WITH_EMIRATES_ID, VISITOR_WITH_PASSPORT } from './pages/prepared';

/**
 * The identity check in Chromium against the real API and the identity authority
 * sandbox; the helpers' header (pages/identity-step.ts) says how documents and camera are fed.
 */
test.use(camera('camera-selfie-collins.mjpeg'));

test.describe('a resident with an Emirates ID (fake camera: the card holder’s selfie)', () => {

  test('Emirates ID front and back by upload, face scan, details: physical SIM goes on to delivery, payment skipped', async ({ page }) => {
    const shell = await reachActivationMethod(page);
    // The stepper's total does not move when the answers make this a resident's path (not "Step 5
    // of 7", then "Step 6 of 6" at the delivery).
    await shell.expectStepCount(4);
    await answer(page, 'I live in the UAE', 'Physical SIM');
    await shell.expectStep('/activation_method/scan_document', 'Scan the front of your Emirates ID');
    await shell.expectStepCount(4);
    await uploadDocument(page, shell, [
      { label: 'Front of the card', file: 'eid-resident-front.jpg' },
      { label: 'Back of the card', file: 'eid-resident-back.jpg' },
    ]);
    await scanFace(page);
    await expect(page.getByRole('heading', { name: 'Check your details' })).toBeVisible({ timeout: 60_000 });
    await shell.expectStepCount(4);
    await expect(page.getByText('784-1988-1234567-0')).toBeVisible();
    await page.getByRole('button', { name: 'These are correct' }).click();
    await expect(page).toHaveURL(/#\/submit_delivery(\?|$)/, { timeout: 30_000 });
    await shell.expectStepCount(5);
  });

  test('another person’s passport: the face does not match (-620), the guidance says scan again', async ({ page }) => {
    const shell = await reachActivationMethod(page);
    await answer(page, "I'm visiting", 'Instant eSIM');
    await uploadDocument(page, shell, [{ label: 'Passport photo page', file: 'passport-visitor.jpg' }]);
    await scanFace(page);
    const panel = page.getByRole('alert').filter({ hasText: "Let's scan your face again" });
    await expect(panel).toBeVisible({ timeout: 60_000 });
    await expect(panel.getByRole('button', { name: 'Scan again' })).toBeVisible();
    await shell.expectAccessible('face: no match');
  });

  test('the identity check in Arabic: the questions and the upload', async ({ page }) => {
    await reachActivationMethod(page);
    await page.getByRole('button', { name: 'العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectArabicScreen(page, 'activation method');
    await page.getByRole('radio').first().check();
    await page.getByRole('radio').nth(2).check();
    await page.getByRole('button').filter({ hasText: 'متابعة' }).click();
    await expect(page).toHaveURL(/#\/activation_method\/scan_document/);
    await expectArabicScreen(page, 'scan document');
  });

  // The refusals after the details: the document and the face are sent through the API (the
  // screens before are walked above), and the page resumes the check at the details.
  test('an under-18 passport ends the path politely, with no way forward but logging out', async ({ page }) => {
    const identity = { residency: 'non_resident', sim: 'physical', document: ['passport-under-18.jpg'], faceFeed: 'camera-selfie-collins.mjpeg' } as const;
    const visitor = await prepareVisitor(page.request, { stage: 'details', identity });
    const shell = await openAs(page, visitor, checkRoute(visitor, 'face'));
    await expect(page.getByRole('heading', { name: 'Check your details' })).toBeVisible();
    await page.getByRole('button', { name: 'These are correct' }).click();
    // The API refuses under 18 from the birth date (-10018) before asking the authority.
    await expect(page.getByRole('heading', { name: "We can't go on with this order" })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log out' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /Try again|Retake|Scan again/ })).toHaveCount(0);
    await shell.expectAccessible('identity: under 18');
  });

  test('an expired passport (-639): use a valid document, back to the document', async ({ page }) => {
    const identity = { residency: 'non_resident', sim: 'esim', document: ['passport-expired.jpg'], faceFeed: 'camera-selfie-collins.mjpeg' } as const;
    const visitor = await prepareVisitor(page.request, { stage: 'details', identity });
    await openAs(page, visitor, checkRoute(visitor, 'face'));
    await expect(page.getByRole('heading', { name: 'Check your details' })).toBeVisible();
    await page.getByRole('button', { name: 'These are correct' }).click();
    const panel = page.getByRole('alert').filter({ hasText: 'Please use a valid document' });
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: 'Use another document' }).click();
    await expect(page).toHaveURL(/#\/id_check(\?|$)/);
  });

  // A prepared visitor resumes on the screens of the path they answered: each path's upload
  // screen, never the residency question (which a screen of the other path asks).
  for (const [identity, heading] of [
    [VISITOR_WITH_PASSPORT, 'Upload a photo of your passport'],
    [RESIDENT_WITH_EMIRATES_ID, 'Upload photos of your Emirates ID'],
  ] as const) {
    test(`a prepared ${identity.residency} visitor opened at their path's upload sees the upload, not the residency question`, async ({ page }) => {
      const visitor = await prepareVisitor(page.request, { stage: 'details', identity });
      const shell = await openAs(page, visitor, checkRoute(visitor, 'upload'));
      await shell.expectStep(checkRoute(visitor, 'upload'), heading);
      await expect(page.getByRole('heading', { name: 'First, tell us whether you live in the UAE' })).toHaveCount(0);
    });
  }
});
