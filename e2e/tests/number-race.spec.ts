import { expect, test } from '@playwright/test';
import { reachNumberOffer } from './pages/number-step';
import { apiHeaders } from './pages/api-as-visitor';

const headers = apiHeaders;

test('when someone else takes the offered number first, the visitor is told and offered another', async ({ page, request }) => {
  const { shell, numbers, offered } = await reachNumberOffer(page);

  // Another visitor, on another device, reserves that very number first.
  const other = `other-device-${Date.now()}`;
  const login = await request.post('/api/securitymanagement/login_by_device_id', { headers: headers(other) });
  const { session_id } = (await login.json()) as { session_id: string };
  const taken = await request.post('/api/numbers', {
    headers: headers(other, session_id),
    form: { number: `971${offered.slice(1)}` },
  });
  expect(taken.status()).toBe(200);

  await numbers.take();
  const popup = page.getByRole('alertdialog');
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('-2015');
  await shell.expectAccessible('number already booked pop-up');
  await popup.getByRole('button').first().click();
  await expect(popup).toBeHidden();
  const next = await numbers.expectOffer();
  expect(next).not.toBe(offered);
});
