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
