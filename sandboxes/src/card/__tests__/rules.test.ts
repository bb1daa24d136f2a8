import { spawnSync } from 'node:child_process';
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
import { CARD_FIELDS_JS } from '../assets';
import { CARD_RULES_JS } from '../rules-module';
import { TEST_CARDS } from '../test-cards';
import { loadServedRules, type RulesModule } from './helpers';

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

describe('the hosted fields rules module (served as /assets/card-rules.js)', () => {
  let rules: RulesModule;
  beforeAll(async () => {
    rules = await loadServedRules();
  });

  it('is a real ES module with no imports, and the fields script is a module that imports it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'card-js-'));
    for (const [name, text] of [
      ['card-rules.mjs', CARD_RULES_JS],
      ['card-fields.mjs', CARD_FIELDS_JS],
    ] as const) {
      const file = join(dir, name);
      writeFileSync(file, text);
      const check = spawnSync(process.execPath, ['--check', file], { encoding: 'utf8' });
      expect(check.stderr).toBe('');
      expect(check.status).toBe(0);
    }
    expect(CARD_RULES_JS).not.toMatch(/^\s*import\s/m);
    expect(CARD_FIELDS_JS).toMatch(/^import \* as rules from '\/assets\/card-rules\.js';/);
  });

  it('applies SPEC 5 to card numbers: Visa 4, Mastercard 51-55, Amex 34/37 only, 16 digits (15 Amex), Luhn', () => {
    expect(rules.validateCardNumber('4242424242424242')).toBeNull();
    expect(rules.validateCardNumber('378282246310005')).toBeNull();
    expect(rules.validateCardNumber('5555555555554444')).toBeNull();
    expect(rules.validateCardNumber('')).toBe('required');
    expect(rules.validateCardNumber('4242424242424241')).toBe('cardNumber'); // Luhn
    expect(rules.validateCardNumber('3782822463100050')).toBe('cardNumber'); // 16 digits for Amex
    expect(rules.validateCardNumber('2222222222222224')).toBe('cardNumber'); // Mastercard 2-series is not SPEC's
    expect(rules.validateCardNumber('6011111111111117')).toBe('cardNumber'); // Discover
    expect(rules.cardBrand('37')).toBe('amex');
    expect(rules.cardBrand('36')).toBeNull();
    expect(rules.typeCode('visa')).toBe('001');
    expect(rules.typeCode('mastercard')).toBe('002');
    expect(rules.typeCode('amex')).toBe('003');
    expect(rules.formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(rules.formatCardNumber('4242424242424242999')).toBe('4242 4242 4242 4242');
  });

  it('puts the slash of MM/YY in by itself and checks month, past and 10 years ahead', () => {
    expect(rules.formatExpiry('123')).toBe('12/3');
    expect(rules.formatExpiry('4')).toBe('04');
    expect(rules.formatExpiry('12/')).toBe('12/');
    expect(rules.validateExpiry('11/26', NOW)).toBeNull();
    expect(rules.validateExpiry('10/26', NOW)).toBe('date');
    expect(rules.validateExpiry('11/36', NOW)).toBeNull();
    expect(rules.validateExpiry('12/36', NOW)).toBe('date');
    expect(rules.validateExpiry('13/27', NOW)).toBe('date');
    expect(rules.validateExpiry('', NOW)).toBe('required');
  });

  it('keeps letters and spaces of a name as it is typed, and rejects an empty name', () => {
    expect(rules.sanitizeName('Jo3hn Sm1th')).toBe('John Smth');
    expect(rules.sanitizeName('علي1')).toBe('علي');
    expect(rules.validateName('  ')).toBe('nameEmpty');
    expect(rules.validateName('John3')).toBe('wrongValue');
    expect(rules.validateCvv('1234', 'amex')).toBeNull();
    expect(rules.validateCvv('123', 'amex')).toBe('wrongValue');
    expect(rules.validateCvv('', 'visa')).toBe('required');
  });

  describe('parity with the kernel (shared/src/validation/rules.ts)', () => {
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

  it('has Luhn-valid test cards of the three brands only', () => {
    for (const card of TEST_CARDS) expect([card.number, validateCardNumber(card.number).valid]).toEqual([card.number, true]);
    expect(new Set(TEST_CARDS.map((c) => c.number)).size).toBe(TEST_CARDS.length);
  });
});
