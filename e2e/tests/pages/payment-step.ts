import { expect, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { ShellPage } from './shell';
import { uniqueEmail } from './account-step';
import { answer, reachActivationMethod, scanFace, uploadDocument } from './identity-step';

/**
 * The payment step (issue 13) in Chromium against the real API and the card and BNPL provider
 * sandboxes (their own origins: e2e/playwright.config.ts CARD_PORTS, BNPL_PORTS). A visitor gets
 * there for real: a new account, plan, number, login, location, and the identity check with the
 * synthetic passport and the fake camera (so a spec file using this runs with
 * camera('camera-selfie-hopper.mjpeg')).
 */
export async function reachPayment(
  page: Page,
  { email = uniqueEmail('payment'), plan = 0, sim = 'Instant eSIM' }: { email?: string; plan?: number; sim?: 'Instant eSIM' | 'Physical SIM' } = {},
): Promise<ShellPage> {
  const shell = await reachActivationMethod(page, email, plan);
  await answer(page, "I'm visiting", sim);
  await shell.expectStep('/id_check', 'Scan your passport photo page');
  await uploadDocument(page, shell, [{ label: 'Passport photo page', file: 'passport-visitor.jpg' }]);
  await scanFace(page);
  await expect(page.getByRole('heading', { name: 'Check your details' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'These are correct' }).click();
  await expect(page).toHaveURL(/#\/payment(\?|$)/, { timeout: 30_000 });
  return shell;
}

/** The provider's hosted fields, framed by the payment page. */
export function cardFrame(page: Page) {
  return page.frameLocator('iframe[title]').first();
}

const FIELD_LABELS = {
  en: { number: 'Card number', expiry: 'Expiry date', cvv: /CVV/, name: /Name on the card|Cardholder name|Name/ },
  ar: { number: 'رقم البطاقة', expiry: 'تاريخ الانتهاء', cvv: /CVV/, name: /الاسم/ },
} as const;

/** Types a card into the hosted fields as a person would (key by key: the fields format as typed). */
export async function fillCard(page: Page, card: { number: string; expiry: string; cvv: string; name: string }, lang: 'en' | 'ar' = 'en') {
  const frame = cardFrame(page);
  const labels = FIELD_LABELS[lang];
  for (const [label, value] of [
    [labels.number, card.number],
    [labels.expiry, card.expiry],
    [labels.cvv, card.cvv],
    [labels.name, card.name],
  ] as const) {
    const field = frame.getByLabel(label).first();
    await field.fill('');
    await field.pressSequentially(value.replace('/', ''));
  }
}

/** The page's pay button, which states the amount. */
export function payButton(page: Page) {
  return page.getByRole('button', { name: /^Pay AED/ });
}

/** What the QR code on the page says, read from its pixels as a phone camera would (jsQR). */
export async function readQrCode(page: Page, name: string | RegExp): Promise<string | null> {
  const shot = await page.getByRole('img', { name }).screenshot();
  const png = PNG.sync.read(shot);
  return jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength), png.width, png.height)?.data ?? null;
}
