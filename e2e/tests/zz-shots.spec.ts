import { expect, test } from '@playwright/test';
import { camera } from './pages/identity-step';
import { mapCanvas, reachDelivery, searchPlace } from './pages/delivery-step';

test.setTimeout(300_000);
test.use(camera('camera-selfie-collins.mjpeg'));

for (const [w, h] of [[390, 844], [1366, 900]] as const) {
  test(`shots ${w}`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    await reachDelivery(page);
    await mapCanvas(page);
    await searchPlace(page, 'Dubai Marina', /^Dubai Marina/);
    await expect(page.locator('.delivery-promise')).toBeVisible({ timeout: 15_000 });
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shots/${w}-map-en.png`, fullPage: true });
    await page.getByRole('button', { name: 'Collect in store' }).click();
    await expect(page).toHaveURL(/store/);
    await page.waitForTimeout(2000);
    await page.screenshot({ path: `/tmp/shots/${w}-store-en.png`, fullPage: true });
    await page.getByRole('button', { name: 'العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.waitForTimeout(2000);
    await page.screenshot({ path: `/tmp/shots/${w}-store-ar.png`, fullPage: true });
    await page.goto('/#/submit_delivery');
    await expect(page.locator('.delivery-promise')).toBeVisible({ timeout: 15_000 });
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shots/${w}-map-ar.png`, fullPage: true });
    await page.getByRole('button', { name: 'متابعة' }).click();
    await page.getByLabel('رقم الهاتف للمندوب', { exact: true }).fill('0501234567');
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots/${w}-details-ar.png`, fullPage: true });
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots/${w}-details-en.png`, fullPage: true });
    await page.getByRole('button', { name: 'Place my order' }).click();
    await expect(page).toHaveURL(/thank-you/, { timeout: 30_000 });
    await expect(page.getByText('Now: Preparing your SIM').or(page.getByText('Now: Out for delivery'))).toBeVisible({ timeout: 20_000 });
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shots/${w}-thanks-en.png`, fullPage: true });
    await page.getByRole('button', { name: 'العربية' }).click();
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `/tmp/shots/${w}-thanks-ar.png`, fullPage: true });
  });
}
