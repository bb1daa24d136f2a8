import { expect, test, type Page, type Request } from '@playwright/test';
import { PORTS } from '../playwright.config';
import { expectArabicScreen } from './pages/arabic';
import { reachNumberOffer } from './pages/number-step';

/**
 * A visitor on a shared network (airport, hotel, carrier NAT) whose address is
 * past its per-address threshold still takes a number: the API asks for the proof-of-work
 * challenge (428 captcha_required), the page solves it in the browser while it says "Checking
 * your connection…", and the hold goes through with the solution. On the `shared` server every
 * hold is past the threshold (JOIN_HOLDS_PER_ADDRESS=0,0).
 */
test.use({ baseURL: `http://127.0.0.1:${PORTS.shared}` });

const isReserve = (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/numbers';

/**
 * Holds the reserve call that carries the solution until the test has looked at the page while it
 * checks (the work itself takes a fraction of a second): `release()` lets it go on to the server.
 */
async function holdTheSolvedCall(page: Page) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const statuses: { captcha: boolean; status: number }[] = [];
  page.on('response', (res) => {
    if (isReserve(res.request())) statuses.push({ captcha: !!res.request().headers()['captcha'], status: res.status() });
  });
  await page.route('**/api/numbers', async (route) => {
    if (isReserve(route.request()) && route.request().headers()['captcha']) await released;
    await route.continue();
  });
  return { release, statuses };
}

test('a visitor on a shared network takes a number after the challenge', async ({ page }) => {
  const held = await holdTheSolvedCall(page);
  const { shell, numbers, offered } = await reachNumberOffer(page);
  await numbers.take();
  const status = page.getByRole('status').filter({ hasText: 'Checking your connection…' });
  await expect(status).toBeVisible();
  await shell.expectAccessible('number step checking the connection');
  held.release();
  await shell.expectStep('/number/confirmation', 'Confirm your number');
  await numbers.expectHeld(offered);
  await expect(page.getByText('Checking your connection…')).toHaveCount(0);
  // The first call was asked for the challenge, the second carried the solution and held the number.
  expect(held.statuses).toEqual([
    { captcha: false, status: 428 },
    { captcha: true, status: 200 },
  ]);
});

test('in Arabic: the same challenge, said in Arabic', async ({ page }) => {
  const held = await holdTheSolvedCall(page);
  await page.goto('/');
  await page.locator('.plan-card').first().waitFor();
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.locator('.plan-card').first().getByRole('button', { name: /^اختر هذه الباقة/ }).click();
  await page.getByRole('button', { name: 'المتابعة بهذه الباقة' }).click();
  await expect(page.locator('.number-offer .number-display')).toHaveText(/^058\d{7}$/);
  const offered = (await page.locator('.number-offer .number-display').textContent())!.trim();
  await page.getByRole('button', { name: 'خذ هذا الرقم' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'جارٍ التحقق من اتصالك…' })).toBeVisible();
  await expectArabicScreen(page, 'number step checking the connection');
  held.release();
  await expect(page.locator('.number-held .number-display')).toHaveText(offered);
  await expect(page).toHaveURL(/\/number\/confirmation$/);
  expect(held.statuses.map((s) => s.status)).toEqual([428, 200]);
});
