import { expect, test, type Page } from '@playwright/test';
import { expectArabicScreen } from './pages/arabic';
import { ShellPage } from './pages/shell';
import { latestMail } from './pages/account-step';
import { openAs, prepareVisitor } from './pages/prepared';

/**
 * The product in Arabic, as an Arabic visitor meets it: plan names from the API, counts with
 * Arabic plural forms, an error pop-up and validation messages in Arabic, no English word on
 * any screen outside the allow-list (shared/README.md, i18n), and no axe violation.
 */
async function openInArabic(page: Page) {
  await page.goto('/');
  await page.locator('.plan-card').first().waitFor();
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('.plan-card').first()).toBeVisible();
}

async function toTransferForm(page: Page) {
  await page.locator('.plan-card').first().getByRole('button', { name: /^اختر هذه الباقة/ }).click();
  await page.getByRole('button', { name: 'المتابعة بهذه الباقة' }).click();
  await expect(page.locator('.number-offer')).toBeVisible();
  await page.getByRole('button', { name: 'احتفظ برقمي' }).click();
  await expect(new ShellPage(page).heading()).toHaveText('انتقل إلينا واحتفظ برقمك');
}

test('the plan list is Arabic: names from the API, counts in Arabic plural forms', async ({ page }) => {
  await openInArabic(page);
  const starter = page.locator('.plan-card[data-product-code="187"]');
  await expect(starter.getByRole('heading')).toHaveText('باقة السائح الأساسية 7 أيام');
  await expect(starter).toContainText('7 أيام');
  await expect(starter).toContainText('10 دقائق');
  await expect(page.locator('.plan-card[data-product-code="188"]')).toContainText('14 يومًا');
  await expect(page.getByText('التوصيل خلال 60 دقيقة')).toBeVisible();
  await expectArabicScreen(page, 'tourist plans');
  for (const tab of ['الدفع حسب الاستخدام', 'الالتزام', 'كبار الشخصيات']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expectArabicScreen(page, `plans: ${tab}`);
  }
  await page.getByRole('contentinfo').getByRole('button', { name: 'المساعدة' }).click();
  await expect(page.getByRole('dialog', { name: 'المساعدة' })).toBeVisible();
  await expectArabicScreen(page, 'help modal');
});

test('validation messages and the transfer operators are Arabic', async ({ page }) => {
  await openInArabic(page);
  await toTransferForm(page);
  await expect(page.getByLabel('المشغّل الحالي').locator('option')).toHaveText(['اختر المشغّل', 'دو', 'إي آند (اتصالات)', 'فيرجن موبايل الإمارات']);
  await page.getByRole('button', { name: 'تحقق من رقمي' }).click();
  await expect(page.getByLabel('رقم جوالك الإماراتي الحالي')).toHaveAccessibleDescription(/حقل مطلوب/);
  await page.getByLabel('رقم جوالك الإماراتي الحالي').fill('0412345678');
  await page.getByLabel('رقم جوالك الإماراتي الحالي').blur();
  await expect(page.getByLabel('رقم جوالك الإماراتي الحالي')).toHaveAccessibleDescription(/الرقم غير صالح/);
  await expectArabicScreen(page, 'transfer form with errors');

  await page.getByLabel('رقم جوالك الإماراتي الحالي').fill('0501234567');
  await page.getByLabel('المشغّل الحالي').selectOption({ label: 'إي آند (اتصالات)' });
  await page.getByRole('button', { name: 'تحقق من رقمي' }).click();
  await expect(new ShellPage(page).heading()).toHaveText('شروط النقل');
  await page.getByRole('button', { name: 'انقل رقمي' }).click();
  await expect(page.getByRole('checkbox')).toHaveAccessibleDescription('حقل مطلوب');
  await expectArabicScreen(page, 'transfer terms with the consent missing');
});

test('an error pop-up is Arabic and reads right to left, its code left to right', async ({ page }) => {
  await openInArabic(page);
  await toTransferForm(page);
  await page.getByLabel('رقم جوالك الإماراتي الحالي').fill('0521111111');
  await page.getByLabel('المشغّل الحالي').selectOption({ label: 'دو' });
  await page.getByRole('button', { name: 'تحقق من رقمي' }).click();
  const popup = page.getByRole('alertdialog', { name: 'للأسف!' });
  await expect(popup).toBeVisible();
  await expect(popup).toHaveAccessibleDescription('يجري نقل هذا الرقم بالفعل.');
  await expect(popup.getByRole('button')).toHaveText(['حسنًا', 'راسلنا']);
  // The title's "!" ends the Arabic sentence (at its left), and the code keeps "-405" in order.
  const title = popup.locator('#error-title span');
  await expect(title).toHaveAttribute('dir', 'auto');
  const bang = await title.evaluate((el) => {
    const range = document.createRange();
    const text = el.firstChild!;
    range.setStart(text, text.textContent!.length - 1);
    range.setEnd(text, text.textContent!.length);
    return { bang: range.getBoundingClientRect().left, title: el.getBoundingClientRect().left };
  });
  expect(bang.bang - bang.title).toBeLessThan(4);
  await expect(popup.locator('bdi[dir="ltr"]')).toHaveText('-405');
  await expectArabicScreen(page, 'error pop-up');
});

test('the account step is Arabic: e-mail, password, code, new password and the terminated page', async ({ page, request }) => {
  // Plan and number through the API (their Arabic screens are checked above): at /login, in Arabic.
  await openAs(page, await prepareVisitor(page.request, { stage: 'login' }), '/login', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const email = page.getByLabel('البريد الإلكتروني', { exact: true });
  await expect(email).toBeVisible();
  await expectArabicScreen(page, 'login: e-mail');
  // SPEC 5 message in Arabic
  await email.fill('not-an-email');
  await page.getByRole('button', { name: 'متابعة', exact: true }).click();
  await expect(page.locator('.field__error')).toBeVisible();
  await expectArabicScreen(page, 'login: e-mail error');

  await email.fill('amira@example.com');
  await page.getByRole('button', { name: 'متابعة', exact: true }).click();
  // the choice that follows every e-mail: a password, or a code
  await expect(page.getByRole('heading', { level: 1, name: 'كيف تريد المتابعة؟' })).toBeVisible();
  await expectArabicScreen(page, 'login: password or code');
  await page.getByLabel('كلمة المرور', { exact: true }).fill('NotIt2026');
  await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
  await expect(page.locator('.field__error')).toBeVisible();
  await expectArabicScreen(page, 'login: wrong password');

  await page.getByRole('button', { name: 'تغيير البريد الإلكتروني' }).click();
  const fresh = `arabic.${Date.now().toString(36)}@example.com`;
  const since = Date.now() - 1000;
  await email.fill(fresh);
  await page.getByRole('button', { name: 'متابعة', exact: true }).click();
  await page.getByRole('button', { name: 'أرسل لي رمزًا بالبريد الإلكتروني', exact: true }).click();
  await expect(page.getByLabel('رمز التحقق')).toBeVisible();
  await expectArabicScreen(page, 'login: code');
  // the code e-mail is Arabic too
  const mail = await latestMail(request, fresh, since);
  expect(mail.subject).toContain('رمز التحقق');
  await page.getByLabel('رمز التحقق').fill(/\b(\d{6})\b/.exec(mail.text)![1]!);
  await page.getByRole('button', { name: 'تحقّق', exact: true }).click();
  await page.getByLabel('كلمة المرور الجديدة').fill('abc');
  await expectArabicScreen(page, 'login: new password');

  // a new visitor's terminated e-mail, after its code (its own seeded e-mail: account.spec.ts
  // mails former@example.com on the same server, and a new code replaces the one before)
  await page.context().clearCookies();
  await openAs(page, await prepareVisitor(page.request, { stage: 'login' }), '/login', 'ar');
  const closed = 'closed@example.com';
  await email.fill(closed);
  await page.getByRole('button', { name: 'متابعة', exact: true }).click();
  const closedSince = Date.now() - 1000;
  await page.getByRole('button', { name: 'أرسل لي رمزًا بالبريد الإلكتروني', exact: true }).click();
  await page.getByLabel('رمز التحقق').fill(/\b(\d{6})\b/.exec((await latestMail(request, closed, closedSince)).text)![1]!);
  await page.getByRole('button', { name: 'تحقّق', exact: true }).click();
  await expect(new ShellPage(page).heading()).toHaveText('هذا البريد الإلكتروني لحساب مغلق');
  await expect(page.locator('.identity-numbers li')).toHaveCount(2);
  await expectArabicScreen(page, 'login: terminated');
});
