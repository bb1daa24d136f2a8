import { expect, type Locator, type Page } from '@playwright/test';

export const TOURIST_CODES = [187, 188, 196, 199, 206, 207, 208];

/** `s` as a literal inside a RegExp. */
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The plan selection step: category tabs, plan cards, the review of a chosen plan, the builders. */
export class PlanStepPage {
  constructor(readonly page: Page) {}

  cards() {
    return this.page.locator('.plan-card');
  }

  card(code: number) {
    return this.page.locator(`.plan-card[data-product-code="${code}"]`);
  }

  tab(name: string) {
    return this.page.getByRole('tab', { name });
  }

  async openTab(name: string) {
    await this.tab(name).click();
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
  }

  async expectPlans(count = TOURIST_CODES.length) {
    await expect(this.cards()).toHaveCount(count);
  }

  /** Prices to pay (AED incl. VAT) in the order shown. */
  async prices(): Promise<number[]> {
    const texts = await this.page.locator('.plan-card__price .price__amount').allTextContents();
    return texts.map((t) => Number(t.replace(/[^0-9.]/g, '')));
  }

  /** Plan net prices (before discounts and VAT) in the order shown: the sort key of SPEC 9. */
  async planNetPrices(): Promise<number[]> {
    return (await this.cards().evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-plan-net-price')))));
  }

  async codes(): Promise<number[]> {
    return this.cards().evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-product-code'))));
  }

  /** Opens the review of the nth card; returns the plan name. */
  async review(index: number): Promise<string> {
    const card = this.cards().nth(index);
    const name = (await card.getByRole('heading').textContent()) ?? '';
    await card.getByRole('button', { name: new RegExp(`^(Choose this plan|Selected)\\s*:\\s*${escapeRegExp(name)}$`) }).click();
    await expect(this.reviewHeading()).toHaveText(`Your plan: ${name}`);
    await expect(this.reviewHeading()).toBeFocused();
    return name;
  }

  reviewHeading(): Locator {
    return this.page.getByRole('heading', { level: 2, name: /^Your plan: / });
  }

  /** The total to pay the server quoted, once it settles. */
  async total(): Promise<number> {
    const total = this.page.getByTestId('price-total');
    await expect(this.page.locator('.price-breakdown')).toHaveAttribute('aria-busy', 'false');
    return Number(((await total.textContent()) ?? '').replace(/[^0-9.]/g, ''));
  }

  async continue() {
    await this.page.getByRole('button', { name: 'Continue with this plan' }).click();
  }

  /** Chooses the nth plan with nothing added: review, then continue. */
  async choose(index: number): Promise<string> {
    const name = await this.review(index);
    await this.total();
    await this.continue();
    return name;
  }
}
