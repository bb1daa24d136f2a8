import { expect, type Page } from '@playwright/test';
import type { ShellPage } from './shell';
import { answer, reachActivationMethod, scanFace, uploadDocument } from './identity-step';

/**
 * The payment step (issue 13) in Chromium against the real API and the card and BNPL provider
 * sandboxes (their own origins: e2e/playwright.config.ts CARD_PORTS, BNPL_PORTS). A visitor gets
 * there for real: a new account, plan, number, login, location, and the identity check with the
 * synthetic passport and the fake camera (so a spec file using this runs with
 * camera('camera-selfie-hopper.mjpeg')).
 */
export async function reachPayment(page: Page, sim: 'Instant eSIM' | 'Physical SIM' = 'Instant eSIM'): Promise<ShellPage> {
  const shell = await reachActivationMethod(page);
  await answer(page, "I'm visiting", sim);
  await shell.expectStep('/id_check', 'Scan your passport photo page');
  await uploadDocument(page, shell, [{ label: 'Passport photo page', file: 'passport-visitor.jpg' }]);
  await scanFace(page);
  await expect(page.getByRole('heading', { name: 'Check your details' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'These are correct' }).click();
  await expect(page).toHaveURL(/#\/payment(\?|$)/, { timeout: 30_000 });
  return shell;
}
