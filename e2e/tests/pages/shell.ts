import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** The host shell as a visitor meets it: header, footer, step heading, pop-ups. */
export class ShellPage {
  constructor(readonly page: Page) {}

  heading() {
    return this.page.locator('[data-step-heading]');
  }

  async expectStep(path: string, heading: string | RegExp) {
    await expect(this.page).toHaveURL(new RegExp(`#${path.replace(/[/]/g, '\\/')}(\\?|$)`));
    await expect(this.heading()).toHaveText(heading);
  }

  /**
   * The stepper's count: "Step n of total" in the compact form, the bar's value and max, and
   * as many stages in the wide list as the total (both forms are in the page, CSS shows one).
   * The total is the same on every path from the first screen to the last (issue 24): 5.
   */
  async expectStepCount(n: number, total = 5) {
    const stepper = this.page.locator('.stepper');
    await expect(stepper.locator('.stepper__count')).toHaveText(new RegExp(`^(Step ${n} of ${total}|الخطوة ${n} من ${total})$`));
    await expect(stepper.locator('.stepper__bar')).toHaveAttribute('max', String(total));
    await expect(stepper.locator('.stepper__bar')).toHaveAttribute('value', String(n));
    await expect(stepper.locator('.stepper__list > li')).toHaveCount(total);
  }

  /** Focus moves to the step heading on every step change. */
  async expectHeadingFocused() {
    await expect(this.heading()).toBeFocused();
  }

  footerButton(name: string | RegExp) {
    return this.page.getByRole('contentinfo').getByRole('button', { name });
  }

  cartButton() {
    return this.page.getByRole('banner').getByRole('button', { name: /your selection/i });
  }

  dialog(name: string | RegExp) {
    return this.page.getByRole('dialog', { name }).or(this.page.getByRole('alertdialog', { name }));
  }

  /** axe with the WCAG 2.2 AA tags: no violations allowed. */
  async expectAccessible(label: string) {
    const results = await new AxeBuilder({ page: this.page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    expect(summary, `axe violations on ${label}`).toEqual([]);
  }
}
