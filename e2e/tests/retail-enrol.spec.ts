import { expect, test, type Page } from '@playwright/test';
import { ShellPage } from './pages/shell';
import { expectArabicScreen } from './pages/arabic';
import { DUBAI_MALL, enrolDevice, MARINA_MALL, type StaffMember } from './pages/retail';

/**
 * A shop device enrolled in Chromium, as a shop sets one up: the device asks for a pairing code
 * (RFC 8628), a manager on a device of their own opens the address it shows, signs in and approves
 * the code, the device moves on by itself to the staff sign-in, a staff member signs in and the
 * start screen names the shop and the staff member. The customer walks start on a device enrolled
 * through the API (pages/retail.ts shopDevice).
 *
 * Wrong PINs are typed for S1002 and S2001 only: a lock is per staff member, and the other walks
 * sign S1001 in.
 */

// 11 to 15 s with the suite (two browsers, axe on five screens), 21 s on a machine shared with
// other runs: the English customer walk's timeout (e2e/README.md "Timeouts").
test.setTimeout(120_000);

const [OMAR, PRIYA] = DUBAI_MALL.staff as [StaffMember, StaffMember];

async function signIn(page: Page, staff: { id: string; pin: string }, labels = { id: 'Staff ID', pin: 'PIN', submit: 'Sign in' }) {
  await page.getByLabel(labels.id, { exact: true }).fill(staff.id);
  await page.getByLabel(labels.pin, { exact: true }).fill(staff.pin);
  await page.getByRole('button', { name: labels.submit, exact: true }).click();
}

/** The one refusal for a wrong staff id or PIN, announced, and the PIN cleared. */
async function expectRefused(page: Page, message: string) {
  await expect(page.getByRole('alert')).toHaveText(message);
  await expect(page.locator('input[type="password"]')).toHaveValue('');
}

test('a device enrolled in the browser: the code, the manager approves it, the device moves on to the staff sign-in, then the start screen', async ({ page, browser }) => {
  // The device's poll waits its interval (5 s, RFC 8628) between asks: on the page's clock, moved by the test.
  await page.clock.install();
  const shell = new ShellPage(page);
  await page.goto('/#/retail');
  await expect(page).toHaveURL(/#\/retail\/enrol$/);
  await expect(shell.heading()).toHaveText('Enrol this device');
  await shell.expectAccessible('retail: enrol');
  await page.getByRole('button', { name: 'Enrol this device' }).click();
  const pairing = page.getByRole('region', { name: 'Pairing code' });
  const code = ((await pairing.locator('.retail-code').textContent()) ?? '').trim();
  expect(code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
  await expect(pairing.getByRole('status')).toHaveText('Waiting for a manager to approve this device.');
  const address = ((await pairing.locator('.retail-address').textContent()) ?? '').trim();
  expect(address).toMatch(/\/#\/retail\/manager$/);
  await shell.expectAccessible('retail: enrol, the code shown');

  // The manager, on a device of their own (another browser context: its own cookies), opens the address shown.
  const managerContext = await browser.newContext();
  try {
    const manager = await managerContext.newPage();
    const managerShell = new ShellPage(manager);
    await manager.goto(address);
    await expect(managerShell.heading()).toHaveText('Shop manager');
    await managerShell.expectAccessible('retail: manager sign-in');
    await signIn(manager, DUBAI_MALL.manager);
    await expect(manager.getByText(`${DUBAI_MALL.manager.name}, ${DUBAI_MALL.name}`)).toBeVisible();
    await manager.getByLabel('Pairing code shown on the device').fill(code.toLowerCase());
    await manager.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(manager.getByRole('status').filter({ hasText: 'Device approved' })).toHaveText(`Device approved for ${DUBAI_MALL.name}.`);
    await managerShell.expectAccessible('retail: manager, device approved, the audit');

    // The device's next poll takes the credential and moves on by itself.
    await page.clock.fastForward(5_000);
    await expect(page).toHaveURL(/#\/retail\/sign-in$/, { timeout: 5_000 });
    await expect(shell.heading()).toHaveText('Staff sign-in');
    await expect(page.getByText(DUBAI_MALL.name, { exact: true })).toBeVisible();
    await shell.expectHeadingFocused();
    await shell.expectAccessible('retail: staff sign-in');

    // A wrong PIN: the one message (the same as for an unknown staff id), the PIN cleared.
    await signIn(page, { id: PRIYA.id, pin: PRIYA.pin === '000000' ? '111111' : '000000' });
    await expectRefused(page, 'The staff ID or PIN is wrong.');
    await signIn(page, { id: 'S9999', pin: PRIYA.pin });
    await expectRefused(page, 'The staff ID or PIN is wrong.');
    await shell.expectAccessible('retail: staff sign-in refused');

    await signIn(page, OMAR);
    await expect(page).toHaveURL(/#\/retail$/);
    await expect(shell.heading()).toHaveText(DUBAI_MALL.name);
    // The credentials are out of any script's reach (a script injected into the page cannot take them away).
    expect(await page.evaluate(() => document.cookie)).not.toMatch(/join_retail/);
    const cookies = (await page.context().cookies()).filter((c) => c.name.startsWith('join_retail_'));
    expect(cookies.map((c) => c.name).sort()).toEqual(['join_retail_device', 'join_retail_staff']);
    for (const c of cookies) expect(c, c.name).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    await expect(page.getByText(`Signed in: ${OMAR.name}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start a new customer' })).toBeVisible();
    await shell.expectAccessible('retail: start');

    // The manager's audit (asked again: it was read at the manager's sign-in) has the sign-in, by name.
    await manager.getByRole('button', { name: 'Show', exact: true }).click();
    const audit = manager.getByRole('table', { name: `Staff actions at ${DUBAI_MALL.name}, newest first` });
    const signedIn = audit.getByRole('row').filter({ hasText: 'Signed in' }).filter({ hasText: `${OMAR.name} (${OMAR.id})` });
    await expect(signedIn.first()).toBeVisible();
    await expect(audit.getByRole('row').filter({ hasText: 'Sign-in failed' }).filter({ hasText: PRIYA.id }).first()).toBeVisible();
  } finally {
    await managerContext.close();
  }
});

test('in Arabic: the staff sign-in, the start screen and the manager page right to left, and the switch back to English', async ({ page, baseURL }) => {
  const [aisha] = MARINA_MALL.staff as [StaffMember];
  await enrolDevice(page.request, baseURL!, MARINA_MALL);
  // The staff member chooses Arabic on the sign-in screen (its switch, named in Arabic).
  await page.goto('/#/retail/sign-in');
  const shell = new ShellPage(page);
  await expect(shell.heading()).toHaveText('Staff sign-in');
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(shell.heading()).toHaveText('تسجيل دخول الموظفين');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText(MARINA_MALL.nameAr, { exact: true })).toBeVisible();
  const labels = { id: 'رقم الموظف', pin: 'الرقم السري', submit: 'تسجيل الدخول' };
  await signIn(page, { id: aisha.id, pin: aisha.pin === '000000' ? '111111' : '000000' }, labels);
  await expect(page.getByRole('alert')).toBeVisible();
  await expectArabicScreen(page, 'retail: staff sign-in refused');
  await signIn(page, aisha, labels);

  // The start screen in the language the staff member chose (a wipe puts English back for the
  // next customer: retail-idle.spec.ts), and the switch back to English.
  await expect(page).toHaveURL(/#\/retail$/);
  await expect(shell.heading()).toHaveText(MARINA_MALL.nameAr);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectArabicScreen(page, 'retail: start screen');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(shell.heading()).toHaveText(MARINA_MALL.name);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByText(`Signed in: ${aisha.name}`)).toBeVisible();

  // The manager's page in Arabic (a manager's own device, its language chosen there).
  await page.goto('/#/retail/manager');
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await signIn(page, MARINA_MALL.manager, labels);
  await expect(page.getByText(MARINA_MALL.nameAr).first()).toBeVisible();
  await expectArabicScreen(page, 'retail: manager page, the audit');
});
