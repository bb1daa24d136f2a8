import { expect, test, type Page } from '@playwright/test';
import { ShellPage } from './pages/shell';
import { PlanStepPage } from './pages/plan-step';
import { apiAsVisitor } from './pages/api-as-visitor';

/**
 * The help and feedback modal (SPEC 2 and 5): help for the step the visitor
 * is on, the ways to reach the operator from the business config, and the feedback field with
 * its rule, sent to the API and stored. In English and in Arabic, with axe on each screen.
 */
interface StoredFeedback {
  feedback: { text: string; route: string; step: string | null; language: 'en' | 'ar' }[];
}

async function openHelp(page: Page, footerName: string, dialogName: string) {
  const shell = new ShellPage(page);
  await shell.footerButton(footerName).click();
  const dialog = shell.dialog(dialogName);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox')).toBeVisible();
  return dialog;
}

test('English: step help differs between steps, contacts, feedback sent and stored, the rule’s error', async ({ page, request }) => {
  const shell = new ShellPage(page);
  await page.goto('/');
  await new PlanStepPage(page).expectPlans();

  let help = await openHelp(page, 'Help', 'Help');
  await expect(help.getByRole('heading', { level: 3, name: 'Choosing a plan' })).toBeVisible();
  await expect(help.getByRole('link', { name: /Call us/ })).toHaveAttribute('href', 'tel:+971588000800');
  await expect(help.getByRole('link', { name: /Call us/ })).toContainText('+971 58 800 0800');
  await expect(help.getByRole('link', { name: /E-mail us/ })).toHaveAttribute('href', /^mailto:/);
  await expect(help.getByRole('link', { name: /Chat with us/ })).toHaveAttribute('target', '_blank');
  await shell.expectAccessible('help on the plan step');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  await new PlanStepPage(page).choose(0);
  await shell.expectStep('/number', 'Choose your number');
  help = await openHelp(page, 'Help', 'Help');
  await expect(help.getByRole('heading', { level: 3, name: 'Your new number' })).toBeVisible();
  await expect(help.getByRole('heading', { level: 3, name: 'Choosing a plan' })).toHaveCount(0);

  // The rule's error: shown, tied to the field, announced; nothing sent.
  const field = help.getByRole('textbox', { name: 'Your feedback' });
  await field.fill('Great <b>');
  await expect(help.getByText('9 / 50')).toBeVisible();
  await help.getByRole('button', { name: 'Send feedback' }).click();
  await expect(help.getByRole('alert')).toHaveText('Leave out < >: these characters are not accepted.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await shell.expectAccessible('help with a feedback error');

  await field.fill('Smooth and quick, thank you!');
  await help.getByRole('button', { name: 'Send feedback' }).click();
  await expect(help.getByRole('status')).toHaveText('Thank you! Your feedback has reached our team.');
  await expect(help.getByRole('button', { name: 'Write another note' })).toBeFocused();
  await shell.expectAccessible('help after feedback was sent');

  const visitor = await apiAsVisitor(page, request);
  const stored = await visitor.get<StoredFeedback>('/me/feedback');
  expect(stored.feedback).toEqual([
    expect.objectContaining({ text: 'Smooth and quick, thank you!', route: '/number', step: 'number', language: 'en' }),
  ]);
});

test('Arabic: the step help, the rule’s error and the thank-you in Arabic, right to left, stored as Arabic', async ({ page, request }) => {
  const shell = new ShellPage(page);
  await page.goto('/');
  await new PlanStepPage(page).expectPlans();
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  const help = await openHelp(page, 'المساعدة', 'المساعدة');
  await expect(help.getByRole('heading', { level: 3, name: 'اختيار الباقة' })).toBeVisible();
  await expect(help.getByRole('link', { name: /اتصل بنا/ }).locator('bdi')).toHaveAttribute('dir', 'ltr');
  await shell.expectAccessible('help on the plan step (Arabic)');

  const field = help.getByRole('textbox', { name: 'ملاحظاتك' });
  await field.fill('خدمة #رائعة');
  await help.getByRole('button', { name: 'أرسل الملاحظات' }).click();
  await expect(help.getByRole('alert')).toHaveText('احذف #: هذه الرموز غير مقبولة.');
  await shell.expectAccessible('help with a feedback error (Arabic)');

  await field.fill('خدمة رائعة وسريعة');
  await help.getByRole('button', { name: 'أرسل الملاحظات' }).click();
  await expect(help.getByRole('status')).toHaveText('شكرًا لك! وصلت ملاحظاتك إلى فريقنا.');
  await shell.expectAccessible('help after feedback was sent (Arabic)');

  const stored = await (await apiAsVisitor(page, request)).get<StoredFeedback>('/me/feedback');
  expect(stored.feedback[0]).toMatchObject({ text: 'خدمة رائعة وسريعة', route: '/plan-selection', step: 'plan', language: 'ar' });
});
