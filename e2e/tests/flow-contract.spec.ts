import { expect, test } from '@playwright/test';
import { apiHeaders } from './pages/api-as-visitor';
import { ShellPage } from './pages/shell';

/** The flow contract as a fresh visitor meets it, with the server's flow context. */
test('a fresh visitor deep-linking to a later step lands where the flow begins, plan selection', async ({ page }) => {
  const shell = new ShellPage(page);
  for (const later of ['/payment', '/thank-you', '/delivery-closed']) {
    await page.goto(`/#${later}`);
    // It used to land on /number, ahead of any plan.
    await shell.expectStep('/plan-selection', 'Choose your plan');
  }
});

test('a retail start parameter is only a claim: without a shop device’s staff sign-in the server refuses it, and the page goes to the retail start, no session made', async ({ page }) => {
  // Anyone can add ?is_retail=true, and retail skips the location check. Only a shop device's
  // staff sign-in (its HttpOnly cookies) makes a session retail, never a client's word.
  const claimed = await page.request.post('/api/securitymanagement/login_by_device_id', { headers: apiHeaders(crypto.randomUUID()), form: { is_retail: 'true' } });
  expect(claimed.status()).toBe(403);
  expect(await claimed.json()).toMatchObject({ code: 'retail_credential_required' });

  const sessions: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/api/securitymanagement/login_by_device_id' || path.startsWith('/api/retail/customer-sessions')) sessions.push(path);
  });
  await page.goto('/?is_retail=true');
  // The retail start, which sends a device that is not enrolled to the enrolment.
  await expect(page).toHaveURL(/#\/retail\/enrol$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enrol this device');
  expect(sessions).toEqual([]);
  const stored = await page.evaluate(() => localStorage.getItem('join.session.v1'));
  expect(stored === null || (JSON.parse(stored) as { sessionId: string | null }).sessionId === null).toBe(true);

  // A plain visit stays the visitor's: the visitor's shell, the location check on its path.
  const status = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me/flow_status' && r.request().method() === 'GET');
  await page.goto('/');
  expect(((await (await status).json()) as { flow_context?: { retail: boolean } }).flow_context?.retail).toBe(false);
  expect(sessions).toEqual(['/api/securitymanagement/login_by_device_id']);
  await new ShellPage(page).expectStep('/plan-selection', 'Choose your plan');
  await expect(page.getByRole('banner')).not.toHaveClass(/header--retail/);
});
