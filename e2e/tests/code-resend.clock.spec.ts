import { expect, test } from '@playwright/test';
import { AccountStepPage, latestCode, reachLogin, uniqueEmail } from './pages/account-step';
import { advanceTime } from './pages/clock';

/**
 * The verification code's resend wait as configured (30 s), on the clock project's server: the
 * test moves the API's clock and the page's clock on together instead of waiting (pages/clock.ts).
 */
test('a replaced code is wrong, five wrong codes burn it, and a new one can be sent after the wait', async ({ page, request }) => {
  const account = new AccountStepPage(page);
  await page.clock.install();
  const email = uniqueEmail('resend');
  await reachLogin(page);
  const first = Date.now() - 1000;
  await account.submitEmail(email);
  const oldCode = await latestCode(request, email, first);
  // the resend button waits (CODE_RULES.resendAfterS, 30 s), with a visible countdown; the test
  // moves the server's and the page's clocks past it
  const resend = account.button(/^Resend code/);
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText(/^Resend code in \d+ seconds?$/);
  const waitShown = async () => Number(/(\d+) seconds?/.exec((await resend.textContent()) ?? '')?.[1]);
  const atFirst = await waitShown();
  expect(atFirst).toBeLessThanOrEqual(30);
  await advanceTime(page, 10_000);
  await expect.poll(waitShown).toBeLessThanOrEqual(atFirst - 10);
  await expect(resend).toBeDisabled();
  await advanceTime(page, 21_000);
  await expect(resend).toBeEnabled();
  const second = Date.now() - 1000;
  await resend.click();
  await expect(page.getByText(`A new code is on its way to ${email}.`)).toBeVisible();
  const newCode = await latestCode(request, email, second);
  expect(newCode).not.toBe(oldCode);
  // the first code was replaced by the second: it is now just a wrong code
  await account.enterCode(oldCode);
  await expect(page.getByText('That code is not right. 4 tries left.')).toBeVisible();
  // four more wrong codes (each a different one, as a person would try)
  const wrongs = ['111111', '222222', '333333', '444444', '555555'].filter((c) => c !== newCode).slice(0, 4);
  for (const [i, left] of [3, 2, 1].entries()) {
    await account.enterCode(wrongs[i]!);
    await expect(page.getByText(left === 1 ? 'That code is not right. 1 try left.' : `That code is not right. ${left} tries left.`)).toBeVisible();
  }
  await account.enterCode(wrongs[3]!);
  await expect(page.getByText('Too many wrong codes. Ask for a new code.')).toBeVisible();
  // the code is burnt: nothing more can be tried with it, a new one must be sent
  await expect(account.button('Verify')).toBeDisabled();
  await advanceTime(page, 31_000);
  await expect(resend).toBeEnabled();
  const third = Date.now() - 1000;
  await resend.click();
  await account.enterCode(await latestCode(request, email, third));
  await expect(page.getByRole('heading', { name: 'Create a password' })).toBeVisible();
});
