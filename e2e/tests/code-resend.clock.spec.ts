import { expect, test } from '@playwright/test';
import { AccountStepPage, latestMail, reachLogin, uniqueEmail } from './pages/account-step';
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
  // Each code is read from the mail that came after the one before: the sends are seconds apart on
  // the moved clock but may be milliseconds apart in real time.
  const codeIn = (mail: { text: string }) => /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
  await account.submitEmail(email);
  await account.askForCode();
  const firstMail = await latestMail(request, email, Date.now() - 60_000);
  const oldCode = codeIn(firstMail);
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
  await resend.click();
  await expect(page.getByText(`A new code is on its way to ${email}.`)).toBeVisible();
  const secondMail = await latestMail(request, email, Date.parse(firstMail.received_at));
  const newCode = codeIn(secondMail);
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
  await resend.click();
  await account.enterCode(codeIn(await latestMail(request, email, Date.parse(secondMail.received_at))));
  await expect(page.getByRole('heading', { name: 'Create a password' })).toBeVisible();
});
