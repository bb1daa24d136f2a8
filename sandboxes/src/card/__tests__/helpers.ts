import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCardApp, type CardSandboxOptions } from '../card-app';

export const SITE = 'http://localhost:8080';
export const SANDBOX = 'http://cards.test:8092';
export const SECRET = 'sk_test_secret_key_for_tests';
export const MERCHANT = 'join-test';
export const RETURN_URL = `${SITE}/#/payment/payfort_token?payment=pay_123`;

export function testApp(overrides: Partial<CardSandboxOptions> = {}) {
  return buildCardApp({
    publicUrl: SANDBOX,
    merchantId: MERCHANT,
    secretKey: SECRET,
    allowedOrigins: [SITE, 'http://127.0.0.1:8080'],
    ...overrides,
  });
}

/** The rules module exactly as the sandbox serves it, loaded as a module the way the page loads it. */
export interface RulesModule {
  NUMBER_LENGTH: Record<string, number>;
  cardBrand(value: string): 'visa' | 'mastercard' | 'amex' | null;
  typeCode(brand: string | null): string | null;
  passesLuhn(digits: string): boolean;
  digitsOf(value: string): string;
  formatCardNumber(raw: string): string;
  isCardNumberComplete(raw: string): boolean;
  validateCardNumber(raw: string): string | null;
  cvvLength(brand: string | null): number;
  isCvvComplete(cvv: string, brand: string | null): boolean;
  validateCvv(cvv: string, brand: string | null): string | null;
  formatExpiry(raw: string): string;
  isExpiryComplete(value: string): boolean;
  validateExpiry(value: string, now: Date): string | null;
  sanitizeName(raw: string): string;
  validateName(name: string): string | null;
}

export async function loadServedRules(): Promise<RulesModule> {
  const app = await testApp();
  const res = await app.inject({ method: 'GET', url: '/assets/card-rules.js' });
  await app.close();
  if (res.statusCode !== 200) throw new Error(`card-rules.js: ${res.statusCode}`);
  const file = join(mkdtempSync(join(tmpdir(), 'card-rules-')), 'card-rules.mjs');
  writeFileSync(file, res.body);
  return (await import(file)) as RulesModule;
}
