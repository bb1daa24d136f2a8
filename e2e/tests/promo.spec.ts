import { expect, test } from '@playwright/test';
import { apiHeaders } from './pages/api-as-visitor';
import { reachPayment } from './pages/payment-step';
import { PORTS } from '../playwright.config';

/**
 * A promo code redeemed at the payment step (issue 28), on the server where the configuration
 * turns codes on: the visitor is put at the payment through the API (pages/prepared.ts, on this
 * server), types a code under the order summary, sees the server's new total, and removes it. The
 * server's own summary (what a payment charges) says the same at each turn.
 */
const PROMO = `http://127.0.0.1:${PORTS.promo}`;
test.use({ baseURL: PROMO });

/** Tourist Explorer (188): AED 99 + 5 % VAT; WELCOME10 takes 9.90 off before VAT. */
const EXPLORER = 188;

test('redeem a code at payment: the server’s new total shows; remove puts it back', async ({ page }) => {
  const shell = await reachPayment(page, { product: EXPLORER });
  const total = page.getByTestId('payment-total');
  await expect(total).toContainText('AED 103.95');
  const serverAmount = async () => {
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('join.session.v1') ?? '{}') as { deviceId: string; sessionId: string });
    const res = await page.request.get(`${PROMO}/api/payment/summary`, { headers: apiHeaders(stored.deviceId, stored.sessionId) });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { amount_fils: number }).amount_fils;
  };

  const field = page.getByRole('textbox', { name: 'Promo code' });
  await expect(page.getByText('4 to 12 letters or digits.')).toBeVisible();
  await field.fill('SPRING5');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This promo code is invalid or has expired.' })).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(total).toContainText('AED 103.95');

  await field.fill('welcome10');
  await field.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Promo code WELCOME10 applied: your new total is AED 93.56.' })).toBeAttached();
  await expect(total).toContainText('AED 93.56');
  await expect(page.locator('.payment-summary')).toContainText('Offer: welcome10');
  expect(await serverAmount()).toBe(9356);
  await shell.expectAccessible('payment: promo code applied');

  await page.getByRole('button', { name: 'Remove the promo code' }).click();
  await expect(total).toContainText('AED 103.95');
  await expect(page.getByRole('status').filter({ hasText: 'Promo code removed: your total is AED 103.95.' })).toBeAttached();
  await expect(page.locator('.payment-summary')).not.toContainText('welcome10');
  await expect(page.getByRole('textbox', { name: 'Promo code' })).toBeVisible();
  expect(await serverAmount()).toBe(10395);
});
