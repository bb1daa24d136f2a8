import { expect, type Page } from '@playwright/test';

/** The number search page. */
export class SearchPageObject {
  constructor(readonly page: Page) {}

  results() {
    return this.page.locator('.search-result');
  }

  numbers() {
    return this.page.locator('.search-result .number-display');
  }

  async setTiers(tiers: string[]) {
    for (const tier of ['Basic', 'Bronze', 'Gold', 'Diamond', 'Red']) {
      const box = this.page.getByRole('checkbox', { name: tier, exact: true });
      if (tiers.includes(tier)) await box.check();
      else await box.uncheck();
    }
  }

  async search(opts: { digits?: string; match?: 'Anywhere in the number' | 'At the end'; tiers?: string[] }) {
    if (opts.digits !== undefined) await this.page.getByLabel('Digits').fill(opts.digits);
    if (opts.match) await this.page.getByLabel(opts.match).check();
    if (opts.tiers) await this.setTiers(opts.tiers);
    const button = this.page.getByRole('button', { name: 'Search', exact: true });
    await button.click();
    // The results shown are this search's once the button is no longer busy.
    await expect(button).not.toHaveAttribute('aria-busy', 'true');
  }

  async shownNumbers(): Promise<string[]> {
    await expect(this.results().first()).toBeVisible();
    return (await this.numbers().allTextContents()).map((t) => t.trim());
  }
}
