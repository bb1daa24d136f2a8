import { expect, test, type Page } from '@playwright/test';
import { ShellPage } from './pages/shell';
import { PlanStepPage } from './pages/plan-step';
import { NumberStepPage } from './pages/number-step';

/**
 * The stepper the flow contract drives, the cart with its count, and the order
 * summary (a sticky column on wide screens, a bottom bar and a sheet on a phone).
 */

const stepper = (page: Page, name: string | RegExp = 'Your progress') => page.getByRole('region', { name }).getByRole('list');

/** Records layout shifts from the first paint (what Lighthouse's CLS adds up). */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!e.hadRecentInput) w.__cls += e.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}

/** The first screen, its layout shifts recorded from the first paint, with its plans shown. */
async function openPlansRecordingShifts(page: Page) {
  const cls = await recordShifts(page);
  await page.goto('/');
  const plans = new PlanStepPage(page);
  await plans.expectPlans();
  return { shell: new ShellPage(page), plans, cls };
}

async function toArabic(page: Page) {
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

test.describe('wide screen (1366 x 900)', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('plan to number: the stepper marks done and current, the cart counts, the summary column stays in view', async ({ page }) => {
    const { shell, plans, cls } = await openPlansRecordingShifts(page);
    // The stepper and the column are there from the first paint: nothing moves the step.
    expect(await cls()).toBeLessThanOrEqual(0.02);

    // On the plan step: the plan is current, nothing done; the cart is empty and says so.
    const steps = stepper(page).getByRole('listitem');
    await expect(steps).toHaveText(['1Plan', '2Number', '3Account', '4Identity', '5Checkout']);
    await expect(steps.nth(0)).toHaveAttribute('aria-current', 'step');
    await expect(page.getByText(/Step \d of \d/)).toBeHidden(); // the compact form is the phone's
    await expect(shell.cartButton()).toHaveAccessibleName('Your selection: Nothing selected yet.');
    const column = page.getByRole('complementary', { name: 'Your selection' });
    await expect(column).toContainText('Nothing selected yet.');
    await expect(page.locator('.summary-bar')).toHaveCount(0);
    await shell.expectAccessible('stepper and summary column, plan step');

    const columnBefore = await column.boundingBox();
    const name = await plans.choose(0);
    await shell.expectStep('/number', 'Choose your number');

    // On the number step: the plan is done (also for screen readers), the number current.
    await expect(steps.nth(0)).toHaveText('Plan(completed)');
    await expect(steps.nth(0)).not.toHaveAttribute('aria-current');
    await expect(steps.nth(1)).toHaveAttribute('aria-current', 'step');
    await expect(stepper(page).locator('[aria-current]')).toHaveCount(1);
    await expect(shell.cartButton()).toHaveAccessibleName('Your selection, 1 item');

    // The column, in the same place as before, now holds the plan and the total incl. VAT.
    await expect(column).toContainText(name);
    await expect(column).toContainText(/Total incl\. VAT\s*AED \d+\.\d\d/);
    await expect(column.getByRole('button', { name: 'Edit: Plan' })).toBeVisible();
    expect(await column.boundingBox()).toMatchObject({ x: columnBefore!.x, width: columnBefore!.width });
    // Sticky: still in view after scrolling the step.
    await page.mouse.wheel(0, 600);
    await expect(column).toBeInViewport();

    // The number taken: two items; the cart still opens the summary as a dialog.
    const numbers = new NumberStepPage(page);
    const offered = await numbers.expectOffer();
    await numbers.take();
    await shell.expectStep('/number/confirmation', 'Confirm your number');
    await expect(shell.cartButton()).toHaveAccessibleName('Your selection, 2 items');
    await expect(column.locator('.summary__number')).toHaveText(offered);
    await shell.cartButton().click();
    const sheet = shell.dialog('Your selection');
    await expect(sheet).toContainText(offered);
    await shell.expectAccessible('summary sheet, wide');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(shell.cartButton()).toBeFocused();
    await shell.expectAccessible('stepper and summary column, number step');
  });

  test('in Arabic the stepper mirrors and names its steps in Arabic', async ({ page }) => {
    const shell = new ShellPage(page);
    await page.goto('/');
    await new PlanStepPage(page).choose(0);
    await shell.expectStep('/number', 'Choose your number');
    await toArabic(page);
    const steps = stepper(page, 'مراحل طلبك').getByRole('listitem');
    await expect(steps.nth(0)).toHaveText('الباقة(مكتملة)');
    await expect(steps.nth(1)).toHaveAttribute('aria-current', 'step');
    await expect(steps.nth(1)).toHaveText('2الرقم');
    // Right to left: the first step sits at the right edge, the next to its left.
    const [first, second] = [await steps.nth(0).boundingBox(), await steps.nth(1).boundingBox()];
    expect(first!.x).toBeGreaterThan(second!.x);
    await expect(page.getByRole('banner').getByRole('button', { name: 'اختياراتك، عنصر واحد' })).toBeVisible();
    await shell.expectAccessible('stepper and summary column (Arabic)');
  });

  test('no stepper on an exception route', async ({ page }) => {
    await page.goto('/#/spotii-fail');
    await expect(new ShellPage(page).heading()).toBeVisible();
    await expect(page.locator('.stepper')).toHaveCount(0);
  });
});

test.describe('phone (390 x 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('compact stepper, a bottom bar with the total that opens the summary sheet', async ({ page }) => {
    const { shell, plans, cls } = await openPlansRecordingShifts(page);
    await expect(page.getByText('Step 1 of 5')).toBeVisible();
    expect(await cls()).toBeLessThanOrEqual(0.02);
    await expect(stepper(page)).toBeHidden(); // the list is the wide screens'
    await expect(page.getByRole('complementary', { name: 'Your selection' })).toBeHidden();

    // The brand and the cart stay on one line (measured on the page's render: the server's
    // screen's header may be replaced between finding it and measuring it).
    await shell.expectPageRendered();
    const brand = page.getByRole('link', { name: 'Tourist SIM home' });
    expect((await brand.boundingBox())!.height).toBeLessThanOrEqual(48);

    await plans.review(0);
    await plans.total();
    await plans.continue();
    await shell.expectStep('/number', 'Choose your number');

    await expect(page.getByText('Step 2 of 5')).toBeVisible();
    await expect(page.locator('.stepper__current')).toHaveText('Choose your number');
    const bar = page.locator('.summary-bar');
    await expect(bar).toBeVisible();
    await expect(bar).toContainText(/Total incl\. VAT\s*AED \d+\.\d\d/);
    await expect(bar).toBeInViewport();
    await shell.expectAccessible('compact stepper and bottom bar');
    // The page keeps room for the bar: scrolled to the end, the footer (the last thing on the
    // page, below the step's primary button) ends above the bar, and the primary button is
    // clickable, not under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const [footer, barBox] = [await page.getByRole('contentinfo').boundingBox(), await bar.boundingBox()];
    expect(footer!.y + footer!.height).toBeLessThanOrEqual(barBox!.y + 1);
    const take = page.getByRole('button', { name: 'Take this number' });
    await take.scrollIntoViewIfNeeded();
    const t = (await take.boundingBox())!;
    expect(await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent, [t.x + t.width / 2, t.y + t.height / 2])).toBe('Take this number');

    const view = bar.getByRole('button', { name: 'View summary' });
    await view.click();
    const sheet = shell.dialog('Your selection');
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText(/Total incl\. VAT/);
    // A sheet: it slides up and then ends at the bottom edge of the screen.
    expect(await sheet.evaluate((el) => getComputedStyle(el).animationName)).toBe('sheet-up');
    await sheet.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    const s = (await sheet.boundingBox())!;
    expect(Math.round(s.y + s.height)).toBe(844);
    await shell.expectAccessible('summary sheet, phone');
    await sheet.getByRole('button', { name: 'Close' }).click();
    await expect(sheet).toBeHidden();
    await expect(view).toBeFocused();
    // Under reduced motion it just appears.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await view.click();
    await expect(sheet).toBeVisible();
    expect(await sheet.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(view).toBeFocused();

    await toArabic(page);
    await expect(page.getByText('الخطوة 2 من 5')).toBeVisible();
    await expect(page.locator('.summary-bar').getByRole('button', { name: 'عرض الملخص' })).toBeVisible();
    await shell.expectAccessible('compact stepper and bottom bar (Arabic)');
  });
});
