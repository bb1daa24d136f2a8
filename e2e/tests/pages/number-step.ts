import { expect, type Page } from '@playwright/test';
import { PlanStepPage } from './plan-step';
import { ShellPage } from './shell';

/** The number step: an offer, the held number with its countdown. */
export class NumberStepPage {
  constructor(readonly page: Page) {}

  offeredNumber() {
    return this.page.locator('.number-offer .number-display');
  }

  heldNumber() {
    return this.page.locator('.number-held .number-display');
  }

  countdown() {
    return this.page.getByRole('timer');
  }

  async expectOffer() {
    await expect(this.offeredNumber()).toHaveText(/^058\d{7}$/);
    return (await this.offeredNumber().textContent())!.trim();
  }

  async take() {
    await this.page.getByRole('button', { name: 'Take this number' }).click();
  }

  async expectHeld(number?: string) {
    await expect(this.heldNumber()).toHaveText(number ?? /^058\d{7}$/);
    await expect(this.countdown()).toHaveText(/^\d{2}:\d{2}$/);
    return (await this.heldNumber().textContent())!.trim();
  }

  async release() {
    await this.page.getByRole('button', { name: 'Release this number' }).click();
  }
}

/** From the first screen, the first plan chosen: the number step, with the number it offers. */
export async function reachNumberOffer(page: Page) {
  const shell = new ShellPage(page);
  const numbers = new NumberStepPage(page);
  await page.goto('/');
  await new PlanStepPage(page).choose(0);
  await shell.expectStep('/number', 'Choose your number');
  const offered = await numbers.expectOffer();
  return { shell, numbers, offered };
}
