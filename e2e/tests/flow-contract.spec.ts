import { expect, test } from '@playwright/test';
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

test('a retail start parameter is only a claim: the server ignores it, the shell stays the visitor’s, the location check stays', async ({ page }) => {
  // Anyone can add ?is_retail=true, and retail skips the location check. A shop device
  // becomes retail through staff sign-in (retail mode's own issue), never by a client's word.
  const logins: (string | null)[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/securitymanagement/login_by_device_id') logins.push(r.postData());
  });
  const status = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me/flow_status' && r.request().method() === 'GET');
  await page.goto('/?is_retail=true');
  const answer = (await (await status).json()) as { flow_context?: { retail: boolean } };
  expect(logins).toEqual(['is_retail=true']);
  expect(answer.flow_context?.retail).toBe(false);
  await new ShellPage(page).expectStep('/plan-selection', 'Choose your plan');
  await expect(page.getByRole('banner')).not.toHaveClass(/header--retail/);
});
