import { expect, test, type Page } from '@playwright/test';
import type { ShellPage } from './pages/shell';
import { openAs, prepareVisitor } from './pages/prepared';
import { expectArabicScreen } from './pages/arabic';

/**
 * The location check in Chromium against the real API: the browser context
 * gives the position (Playwright's geolocation and permission), the server decides by the UAE's
 * boundary polygon, and the page moves on, explains outside, or explains a refused permission.
 */
const DUBAI = { latitude: 25.2048, longitude: 55.2708 };
const MUSCAT = { latitude: 23.588, longitude: 58.383 };
const LOCATION = { path: '/location_check', heading: 'Check your location' } as const;

/** Plan, number and a login, through the API (pages/prepared.ts; those screens have their own specs): the visitor opens /location_check. */
async function reachLocationCheck(page: Page): Promise<ShellPage> {
  const shell = await openAs(page, await prepareVisitor(page.request, { stage: 'location_check' }), LOCATION.path);
  await shell.expectStep(LOCATION.path, LOCATION.heading);
  await expect(page.getByText(/can only be activated while you are in the United Arab Emirates/)).toBeVisible();
  return shell;
}

const share = (page: Page) => page.getByRole('button', { name: 'Share my location' });

/**
 * The check refused: shared at the location check, the alert that starts with `title` explains
 * `why` and offers Try again, and the visitor stays on the check.
 */
async function shareAndExpectRefusal(page: Page, title: string, why: string) {
  const shell = await reachLocationCheck(page);
  await share(page).click();
  const alert = page.getByRole('alert').filter({ hasText: title });
  await expect(alert).toContainText(why);
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
  return shell;
}

test.describe('in Dubai, location allowed', () => {
  test.use({ geolocation: DUBAI, permissions: ['geolocation'] });

  test('the check says inside and the flow moves on to the activation method', async ({ page }) => {
    const shell = await reachLocationCheck(page);
    await shell.expectAccessible('location check');
    // Keyboard only: the button is reached and pressed from the keyboard.
    await share(page).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/activation_method(\?|$)/);
    await shell.expectHeadingFocused();
  });
});

test.describe('in Muscat, location allowed', () => {
  test.use({ geolocation: MUSCAT, permissions: ['geolocation'] });

  test('the check says outside: why activation needs the UAE, coming back later, Try again; in Arabic too', async ({ page }) => {
    const shell = await shareAndExpectRefusal(page, 'You seem to be outside the UAE', 'Activation is only possible inside the UAE');
    await shell.expectHeadingFocused();
    await expect(page).toHaveURL(/#\/location_check(\?|$)/);
    await shell.expectAccessible('location check: outside');

    // The language switch starts the page again (it keeps nothing of the answer): an Arabic
    // visitor sees the reason, shares, and reads the outside explanation in Arabic.
    await page.getByRole('button', { name: 'العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(shell.heading()).toHaveText('تحقق من موقعك');
    await expectArabicScreen(page, 'location check');
    await page.getByRole('button', { name: 'شارك موقعي' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'يبدو أنك خارج الإمارات' })).toContainText('لا يمكن التفعيل إلا داخل الإمارات');
    await expectArabicScreen(page, 'location check: outside');
  });
});

test.describe('location not allowed', () => {
  test.use({ geolocation: DUBAI, permissions: [] });

  test('the browser refuses: how to allow location, and Try again', async ({ page }) => {
    const shell = await shareAndExpectRefusal(page, 'Your browser did not share your location', 'set Location to Allow');
    await expect(page).toHaveURL(/#\/location_check(\?|$)/);
    await shell.expectAccessible('location check: denied');
  });
});
