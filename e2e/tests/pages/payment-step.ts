import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { ShellPage } from './shell';
import { uniqueEmail } from './account-step';
import { openAs, prepareVisitor, TOURIST_CHEAPEST, VISITOR_WITH_PASSPORT } from './prepared';

/**
 * The payment step in Chromium against the real API and the card and BNPL provider
 * sandboxes (their own origins: e2e/playwright.config.ts SANDBOX_PORTS). The visitor is
 * put at the payment through the API (pages/prepared.ts: plan, number, a new account, location, and
 * the identity check of the synthetic passport by the authority sandbox), then the browser opens
 * /payment with that session. The screens before it are walked by their own specs.
 */
export async function reachPayment(
  page: Page,
  { email = uniqueEmail('payment'), product = TOURIST_CHEAPEST, sim = 'esim' }: { email?: string; product?: number; sim?: 'esim' | 'physical' } = {},
): Promise<ShellPage> {
  const visitor = await prepareVisitor(page.request, { stage: 'verified', product, email, identity: { ...VISITOR_WITH_PASSPORT, sim } });
  const shell = await openAs(page, visitor, '/payment');
  await shell.expectStep('/payment', 'Payment');
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
