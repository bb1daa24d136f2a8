import { expect, test, type Page, type Request } from '@playwright/test';
import { ShellPage } from './pages/shell';
import { PlanStepPage } from './pages/plan-step';

/**
 * Consent (issue 28): a visitor's first visit asks, calmly, at the bottom of the page; nothing is
 * measured before the answer nor after a no; the choice is recorded by the server with its texts'
 * version and can be changed from the footer; in Arabic it reads right to left.
 */
test.use({ storageState: { cookies: [], origins: [] } });

/** The consent calls the page makes, and the tag-manager events it pushes. */
function watch(page: Page) {
  const posts: Record<string, string>[] = [];
  page.on('request', (r: Request) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/consent.json') posts.push(Object.fromEntries(new URLSearchParams(r.postData() ?? '')));
  });
  const dataLayer = () => page.evaluate(() => ((window as unknown as { dataLayer?: { event: string }[] }).dataLayer ?? []).map((e) => e.event));
  return { posts, dataLayer };
}

test('a new visitor is asked once; "Necessary only" is recorded with the texts’ version and nothing is measured', async ({ page }) => {
  const { posts, dataLayer } = watch(page);
  const shell = new ShellPage(page);
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Your privacy choices' });
  await expect(banner).toBeVisible();
  // Never a wall: the step stays usable behind it, focus stays on the step.
  await shell.expectHeadingFocused();
  await shell.expectAccessible('consent banner');
  const necessary = banner.getByRole('button', { name: 'Necessary only' });
  const all = banner.getByRole('button', { name: 'Accept all' });
  const [a, b] = [await necessary.boundingBox(), await all.boundingBox()];
  expect(Math.abs(a!.height - b!.height)).toBeLessThanOrEqual(1);
  expect(Math.abs(a!.width - b!.width)).toBeLessThanOrEqual(2);
  await necessary.click();
  await expect(banner).toBeHidden();
  expect(posts).toEqual([{ code: 'legalstuff', version: '1', analytics: 'false', marketing: 'false' }]);
  // A plan chosen: its outcome is not pushed to the tag manager.
  await new PlanStepPage(page).choose(0);
  await shell.expectStep('/number', 'Choose your number');
  expect(await dataLayer()).toEqual([]);
  // Asked once: not again on the next visit.
  await page.reload();
  await shell.expectStep('/number', 'Choose your number');
  await page.waitForTimeout(2000);
  await expect(banner).toBeHidden();
});

test('"Accept all" lets the outcomes through; the footer’s "Privacy choices" withdraws them as easily', async ({ page }) => {
  const { posts, dataLayer } = watch(page);
  const shell = new ShellPage(page);
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Your privacy choices' });
  await banner.getByRole('button', { name: 'Accept all' }).click();
  await expect(banner).toBeHidden();
  await new PlanStepPage(page).choose(0);
  await shell.expectStep('/number', 'Choose your number');
  await expect.poll(dataLayer).toContain('add_to_cart');

  await shell.footerButton('Privacy choices').click();
  const dialog = page.getByRole('dialog', { name: 'Your privacy choices' });
  const analytics = dialog.getByRole('checkbox', { name: 'Analytics' });
  await expect(analytics).toBeChecked();
  await expect(dialog.getByText('Always on')).toBeVisible();
  await analytics.uncheck();
  await dialog.getByRole('button', { name: 'Save my choices' }).click();
  await expect(dialog).toBeHidden();
  expect(posts.at(-1)).toEqual({ code: 'legalstuff', version: '1', analytics: 'false', marketing: 'true' });
});

test('in Arabic the panel reads right to left, from the server’s texts', async ({ page }) => {
  await page.goto('/?lang=ar');
  const banner = page.getByRole('region', { name: 'خيارات الخصوصية' });
  await expect(banner).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(banner.getByRole('button', { name: 'الضروري فقط' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'قبول الكل' })).toBeVisible();
  await new ShellPage(page).expectAccessible('consent banner (Arabic)');
});
