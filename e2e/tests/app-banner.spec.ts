import { expect, test, type Page } from '@playwright/test';
import { ShellPage } from './pages/shell';
import { reachPayment } from './pages/payment-step';

/**
 * SPEC 2's smart banner (issue 28): on a phone (a narrow screen with touch), once the visitor has
 * answered the consent panel (every walk starts so: playwright.config.ts ANSWERED_CONSENT), the
 * app's two store listings with their ratings; never on payment, never on a wide screen.
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const RATING_LIST = '/api/cms/rating_list';
const banner = (page: Page) => page.getByRole('region', { name: 'Tourist SIM in your pocket' });

test.describe('on a phone', () => {
  test.use(PHONE);

  test('shows both stores’ ratings and links over the bottom of the page, moves nothing, and stays closed once closed', async ({ page }) => {
    const shell = new ShellPage(page);
    await page.goto('/');
    await shell.expectStep('/plan-selection', 'Choose your plan');
    const shown = banner(page);
    await expect(shown).toBeVisible();
    await expect(shown.getByRole('img', { name: '4.7 out of 5, 9,412 ratings' })).toBeVisible();
    await expect(shown.getByRole('img', { name: '4.6 out of 5, 18,234 ratings' })).toBeVisible();
    await expect(shown.getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute('href', 'https://play.google.com/store/apps/details?id=ae.example.touristsim');
    await expect(shown.getByRole('link', { name: 'Get it on App Store' })).toHaveAttribute('href', /^https:\/\/apps\.apple\.com\//);
    // Fixed over the page: it takes no room (no layout shift) and keeps clear of the screen's edges.
    expect(await shown.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    const box = (await shown.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    await shell.expectAccessible('app banner');
    await shown.getByRole('button', { name: 'Close the app banner' }).click();
    await expect(shown).toBeHidden();
    const asked = watchRatingList(page);
    await page.reload();
    await shell.expectStep('/plan-selection', 'Choose your plan');
    await waitForIdleWork(page);
    await expect(shown).toBeHidden();
    expect(asked()).toBe(0);
  });

  test('never on payment: the list is loaded, the banner not shown', async ({ page }) => {
    test.setTimeout(120_000);
    const listed = page.waitForResponse((r) => new URL(r.url()).pathname === RATING_LIST);
    await reachPayment(page);
    await listed;
    await waitForIdleWork(page);
    await expect(banner(page)).toBeHidden();
  });
});

test('not on a wide screen: no banner, no call for the list', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const asked = watchRatingList(page);
  const shell = new ShellPage(page);
  await page.goto('/');
  await shell.expectStep('/plan-selection', 'Choose your plan');
  await waitForIdleWork(page);
  await expect(banner(page)).toBeHidden();
  expect(asked()).toBe(0);
});

/** How many times the page asked for the rating list from now on. */
function watchRatingList(page: Page): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === RATING_LIST) n += 1;
  });
  return () => n;
}

/** The page's idle work has run: what the shell defers to an idle moment (the banner's, the next step's warm-up) is past. */
async function waitForIdleWork(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const idle = (window as unknown as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => void }).requestIdleCallback;
        if (idle) idle(() => idle(() => resolve(), { timeout: 5000 }), { timeout: 5000 });
        else setTimeout(resolve, 1600);
      }),
  );
}
