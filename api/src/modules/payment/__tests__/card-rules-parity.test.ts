import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  cardBrand,
  cardTypeCode,
  formatCardNumberInput,
  formatExpiryInput,
  isCardNumberComplete,
  isCvvComplete,
  isExpiryComplete,
  passesLuhn,
  sanitizeNameInput,
  VALIDATION_MESSAGES,
  validateCardholderName,
  validateCardNumber,
  validateCvv,
  validateExpiry,
  type CardBrand,
  type ValidationResult,
} from '@join/shared/contract';
import { TEST_CARDS } from '@join/fixtures/test-cards';
import { startSandboxesProgram, type SandboxesProgram } from '../../../testing/sandboxes-program';

/**
 * The card provider's hosted fields check SPEC 5 while the visitor types, with the provider's own
 * rules module (the card sandbox's /assets/card-rules.js); the product checks the same rules with
 * its kernel (shared/src/validation/rules.ts). A visitor must never see the two disagree, so this
 * loads the module exactly as the sandbox serves it (the sandboxes program, over HTTP) and compares
 * the two over a table of inputs.
 */
interface RulesModule {
  cardBrand(value: string): CardBrand | null;
  typeCode(brand: string | null): string | null;
  passesLuhn(digits: string): boolean;
  formatCardNumber(raw: string): string;
  isCardNumberComplete(raw: string): boolean;
  validateCardNumber(raw: string): string | null;
  isCvvComplete(cvv: string, brand: string | null): boolean;
  validateCvv(cvv: string, brand: string | null): string | null;
  formatExpiry(raw: string): string;
  isExpiryComplete(value: string): boolean;
  validateExpiry(value: string, now: Date): string | null;
  sanitizeName(raw: string): string;
  validateName(name: string): string | null;
}

/** The kernel answers a catalogue message; the module its id. */
const idOf = (result: ValidationResult): string | null => {
  if (result.valid) return null;
  const entry = Object.entries(VALIDATION_MESSAGES).find(([, text]) => text === result.message);
  return entry ? entry[0] : `unknown message ${result.message}`;
};

const NUMBERS = [
  '',
  '4242424242424242',
  '4242 4242 4242 4242',
  '4242-4242-4242-4242',
  '4242424242424241',
  '424242424242424',
  '42424242424242424',
  '378282246310005',
  '3782 822463 10005',
  '37828224631000',
  '3782822463100050',
  '371449635398431',
  '341111111111111',
  '361111111111111',
  '5555555555554444',
  '5105105105105100',
  '5655555555554441',
  '5055555555554444',
  '2222222222222224',
  '6011111111111117',
  '30569309025904',
  '4242abcd42424242',
  '4',
  '37',
  '51',
  ...TEST_CARDS.map((c) => c.number),
];

const CVVS: Array<[string, CardBrand | null]> = [
  ['', null],
  ['', 'amex'],
  ['123', 'visa'],
  ['123', null],
  ['123', 'mastercard'],
  ['1234', 'amex'],
  ['123', 'amex'],
  ['1234', 'visa'],
  ['12', 'visa'],
  ['12a', 'visa'],
  ['12345', 'amex'],
];

// 23 November 2026, local time (both sides compare months in the local calendar).
const NOW = new Date(2026, 10, 23, 12, 0, 0);
const EXPIRIES = ['', '   ', '11/26', '10/26', '12/26', '01/27', '11/36', '12/36', '13/27', '00/27', '1/27', '01/2', '0127', 'ab/cd', '12/99', '11/25'];
const NAMES = ['', '   ', 'John Smith', 'محمد علي', 'John3', "O'Brien", 'Zoë Åström', 'A-B', 'x', ' Jane '];
const EXPIRY_TYPING = ['', '1', '12', '123', '1234', '12345', '4', '1/', '12/', '1/2', '1/27', ' 0 1 2 7', '12/3', 'ab12'];
const NAME_TYPING = ['Jo3hn', 'A-B', 'علي1', 'Jane  Doe', '<script>', 'Zoë'];

let program: SandboxesProgram;
let rules: RulesModule;
beforeAll(async () => {
  program = await startSandboxesProgram(['card']);
  const res = await fetch(`${program.url('card')}/assets/card-rules.js`);
  expect(res.status).toBe(200);
  const file = join(mkdtempSync(join(tmpdir(), 'card-rules-')), 'card-rules.mjs');
  writeFileSync(file, await res.text());
  rules = (await import(file)) as RulesModule;
});
afterAll(() => program.close());

describe('the card sandbox\'s rules module agrees with the kernel (shared/src/validation/rules.ts)', () => {
  it.each(NUMBERS)('card number %j', (n) => {
    expect(rules.validateCardNumber(n)).toBe(idOf(validateCardNumber(n)));
    expect(rules.cardBrand(n)).toBe(cardBrand(n));
    expect(rules.isCardNumberComplete(n)).toBe(isCardNumberComplete(n));
    expect(rules.formatCardNumber(n)).toBe(formatCardNumberInput(n));
    const digits = n.replace(/\D/g, '');
    if (digits) expect(rules.passesLuhn(digits)).toBe(passesLuhn(digits));
    const brand = cardBrand(n);
    expect(rules.typeCode(brand)).toBe(brand ? cardTypeCode(brand) : null);
  });

  it.each(CVVS)('CVV %j for %s', (cvv, brand) => {
    expect(rules.validateCvv(cvv, brand)).toBe(idOf(validateCvv(cvv, brand)));
    expect(rules.isCvvComplete(cvv, brand)).toBe(isCvvComplete(cvv, brand));
  });

  it.each(EXPIRIES)('expiry %j', (value) => {
    expect(rules.validateExpiry(value, NOW)).toBe(idOf(validateExpiry(value, NOW)));
    expect(rules.isExpiryComplete(value)).toBe(isExpiryComplete(value));
  });

  it.each(EXPIRY_TYPING)('expiry typed as %j', (raw) => {
    expect(rules.formatExpiry(raw)).toBe(formatExpiryInput(raw));
  });

  it.each(NAMES)('name %j', (name) => {
    expect(rules.validateName(name)).toBe(idOf(validateCardholderName(name)));
  });

  it.each(NAME_TYPING)('name typed as %j', (raw) => {
    expect(rules.sanitizeName(raw)).toBe(sanitizeNameInput(raw));
  });
});
