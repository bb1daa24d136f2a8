import { expect, type Page } from '@playwright/test';

export const TOURIST_CODES = [187, 188, 196, 199, 206, 207, 208];

/** The plan selection step. */
export class PlanStepPage {
  constructor(readonly page: Page) {}

  cards() {
    return this.page.locator('.plan-card');
  }

  async expectPlans(count = TOURIST_CODES.length) {
    await expect(this.cards()).toHaveCount(count);
  }

  /** Prices (AED incl. VAT) in the order shown. */
  async prices(): Promise<number[]> {
    const texts = await this.page.locator('.plan-card__price strong').allTextContents();
    return texts.map((t) => Number(t.replace(/[^0-9.]/g, '')));
  }

  async choose(index: number): Promise<string> {
    const card = this.cards().nth(index);
    const name = (await card.getByRole('heading').textContent()) ?? '';
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await card.getByRole('button', { name: new RegExp(`^Choose this plan\\s*:\\s*${escaped}$`) }).click();
    return name;
  }
}
