import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publicFile } from '../../public-files';
import { TEST_CARDS } from '../test-cards';
import { loadServedRules, testApp, type RulesModule } from './helpers';

const CARD_RULES_JS = publicFile('card', 'card-rules.js');
const CARD_FIELDS_JS = publicFile('card', 'card-fields.js');

// 23 November 2026, local time.
const NOW = new Date(2026, 10, 23, 12, 0, 0);

describe('the hosted fields rules module (served as /assets/card-rules.js)', () => {
  let rules: RulesModule;
  beforeAll(async () => {
    rules = await loadServedRules();
  });

  it('is served as the file it is, a real ES module with no imports, and the fields script is a module that imports it', async () => {
    const app = await testApp();
    expect((await app.inject({ method: 'GET', url: '/assets/card-rules.js' })).body).toBe(CARD_RULES_JS);
    expect((await app.inject({ method: 'GET', url: '/assets/card-fields.js' })).body).toBe(CARD_FIELDS_JS);
    await app.close();
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
    // Served beside it (/assets/card-fields.js and /assets/card-rules.js): the relative import is that file.
    expect(CARD_FIELDS_JS).toMatch(/^import \* as rules from '\.\/card-rules\.js';/m);
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

  it('has Luhn-valid test cards of the three brands only', () => {
    for (const card of TEST_CARDS) expect([card.number, rules.validateCardNumber(card.number)]).toEqual([card.number, null]);
    expect(new Set(TEST_CARDS.map((c) => c.number)).size).toBe(TEST_CARDS.length);
  });
});
