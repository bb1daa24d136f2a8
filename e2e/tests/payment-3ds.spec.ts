import { expect, test, type Page } from '@playwright/test';
import { expectArabicScreen } from './pages/arabic';
import { cardFrame, fillCard, payButton, reachPayment } from './pages/payment-step';
import { SANDBOX_PORTS } from '../playwright.config';

/**
 * A 3-D Secure check that was cancelled or failed on the card sandbox's own page.
 * The pop-up back on the shop said "Error code -7110 — We accept Visa, Mastercard and American
 * Express only" about a Visa. Now it says what happened to the payment (nothing was taken) and what
 * to do, with the likely answer first, and shows no key as an "error code".
 */

// Like payment-card.spec.ts: about a third of its steps.
test.setTimeout(105_000);

const CARD_ORIGIN = `http://127.0.0.1:${SANDBOX_PORTS.card}`;
/** The sandbox's card that asks for 3-D Secure (sandboxes/src/card/test-cards.ts). */
const VISA_3DS = { number: '4000000000003220', expiry: '12/30', cvv: '739', name: 'Grace Hopper' };

async function chooseCard(page: Page, radio: RegExp, next: string) {
  const choose = page.getByRole('radio', { name: radio });
  if (await choose.isVisible().catch(() => false)) {
    await choose.check();
    await page.getByRole('button', { name: next }).click();
  }
  await expect(cardFrame(page).locator('input').first()).toBeVisible({ timeout: 20_000 });
}

/** The card sandbox's 3-D Secure page: a code, then Confirm or Cancel (its own buttons, by value, in either language). */
async function onChallenge(page: Page) {
  await expect(page).toHaveURL(new RegExp(`^${CARD_ORIGIN}/3ds/`), { timeout: 30_000 });
  const code = page.locator('#code');
  return {
    wrongCode: async (value: string) => {
      await code.fill(value);
      await page.locator('button[value="confirm"]').click();
    },
    cancel: () => page.locator('button[value="cancel"]').click(),
  };
}

/** Pays in English with the card that asks for 3-D Secure, up to the sandbox's challenge page. */
async function payToChallenge(page: Page) {
  const shell = await reachPayment(page);
  await chooseCard(page, /^Credit or debit card/, 'Continue');
  await fillCard(page, VISA_3DS);
  await payButton(page).click();
  return { shell, challenge: await onChallenge(page) };
}

/**
 * Back on the shop after the check: the pop-up named `title` says `says` and `alsoSays`, never any
 * of `never`, and offers `buttons` in this order.
 */
async function expectBackWith(page: Page, popupSays: { title: string; says: string; alsoSays: string; never: readonly string[]; buttons: readonly string[] }) {
  // Back on the shop: /payment/payfort_token asks the API, shows the pop-up and goes back to
  // /payment at once, so either address may be the one a slow run sees.
  await expect(page).toHaveURL(/#\/payment(\/payfort_token)?(\?|$)/, { timeout: 30_000 });
  const popup = page.getByRole('alertdialog', { name: popupSays.title });
  await expect(popup).toContainText(popupSays.says, { timeout: 30_000 });
  await expect(popup).toContainText(popupSays.alsoSays);
  for (const text of popupSays.never) await expect(popup).not.toContainText(text);
  expect(await popup.getByRole('button').allTextContents()).toEqual(popupSays.buttons);
  return popup;
}

/** What the pop-up says in English whichever way the check ended: the card was not charged, no card-type or code talk. */
const IN_ENGLISH = { title: 'Oh no!', alsoSays: 'nothing was taken from your card', never: ['We accept Visa', 'Error code'] } as const;

test('a cancelled check after a wrong code: nothing was taken, Retry first; Retry brings the card fields back', async ({ page }) => {
  const { shell, challenge } = await payToChallenge(page);
  await challenge.wrongCode('000000');
  await expect(page.getByRole('alert')).toContainText('Attempts left: 2');
  await challenge.cancel();

  const popup = await expectBackWith(page, { ...IN_ENGLISH, says: 'The security check with your bank was not completed', buttons: ['Retry', 'Change card'] });
  await shell.expectAccessible('payment: 3-D Secure cancelled');
  await popup.getByRole('button', { name: 'Retry' }).click();
  await shell.expectStep('/payment', 'Payment');
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await expect(cardFrame(page).getByLabel('Card number')).toBeVisible({ timeout: 20_000 });
});

test('a failed check (three wrong codes): the bank could not confirm it, nothing was taken, Change card first', async ({ page }) => {
  const { shell, challenge } = await payToChallenge(page);
  for (const wrong of ['000000', '111111', '222222']) await challenge.wrongCode(wrong);

  const popup = await expectBackWith(page, { ...IN_ENGLISH, says: "Your bank couldn't confirm this payment", buttons: ['Change card', 'Retry'] });
  await popup.getByRole('button', { name: 'Change card' }).click();
  await shell.expectStep('/payment', 'Payment');
  await expect(cardFrame(page).getByLabel('Card number')).toHaveValue('', { timeout: 20_000 });
});

test('Arabic: a cancelled check says so in Arabic, right to left, with no code', async ({ page }) => {
  const shell = await reachPayment(page);
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(shell.heading()).toHaveText('الدفع', { timeout: 30_000 });
  await chooseCard(page, /بطاقة/, 'متابعة');
  await fillCard(page, VISA_3DS, 'ar');
  await page.getByRole('button', { name: /^ادفع.*د\.إ\./ }).click();
  const challenge = await onChallenge(page);
  await challenge.cancel();

  await expectBackWith(page, {
    title: 'للأسف!',
    says: 'لم يكتمل التحقق الأمني مع البنك',
    alsoSays: 'لم يُخصم أي مبلغ من بطاقتك',
    never: ['رمز الخطأ'],
    buttons: ['إعادة المحاولة', 'تغيير البطاقة'],
  });
  await expectArabicScreen(page, 'payment: 3-D Secure cancelled');
});
