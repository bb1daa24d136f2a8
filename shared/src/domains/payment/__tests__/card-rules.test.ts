import { VALIDATION_MESSAGES as M, type ValidationResult } from '@join/shared';
import {
  CARD_TYPE_CODES,
  type CardBrand,
  cardBrand,
  cardTypeCode,
  expiryMask,
  formatCardNumberInput,
  formatExpiryInput,
  isCardNumberComplete,
  isCvvComplete,
  isExpiryComplete,
  passesLuhn,
  sanitizeNameInput,
  validateCardNumber,
  validateCardholderName,
  validateCvv,
  validateExpiry,
} from '../card-rules';

const OK: ValidationResult = { valid: true };
const bad = (message: string) => ({ valid: false, message });

// Test card numbers published by the card schemes (they pass Luhn).
const VISA = '4111111111111111';
const VISA_2 = '4012888888881881';
const MASTERCARD = '5555555555554444';
const MASTERCARD_51 = '5105105105105100';
const AMEX = '378282246310005';
const AMEX_34 = '341111111111111';
const DISCOVER = '6011111111111117';
const MASTERCARD_2_SERIES = '2221000000000009';

describe('card number', () => {
  it.each([
    [VISA, 'visa'],
    [MASTERCARD, 'mastercard'],
    [MASTERCARD_51, 'mastercard'],
    [AMEX, 'amex'],
    [AMEX_34, 'amex'],
    ['4', 'visa'],
    ['53', 'mastercard'],
    ['5', null],
    ['50', null],
    ['56', null],
    ['35', null],
    [DISCOVER, null],
    [MASTERCARD_2_SERIES, null],
    ['', null],
  ])('brand of %s is %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });

  it('maps brands to the provider type codes', () => {
    expect(cardTypeCode('visa')).toBe('001');
    expect(cardTypeCode('mastercard')).toBe('002');
    expect(cardTypeCode('amex')).toBe(CARD_TYPE_CODES.amex);
  });

  it('runs the Luhn check', () => {
    expect(passesLuhn(VISA)).toBe(true);
    expect(passesLuhn(AMEX)).toBe(true);
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(passesLuhn('')).toBe(false);
    expect(passesLuhn('4111a')).toBe(false);
  });

  it.each([VISA, VISA_2, MASTERCARD, MASTERCARD_51, AMEX, AMEX_34, '4111 1111 1111 1111', '3782-822463-10005'])('accepts %s', (n) => {
    expect(validateCardNumber(n)).toEqual(OK);
  });

  it.each([
    ['4111111111111112', 'fails Luhn'],
    ['411111111111111', 'Visa with 15 digits'],
    ['41111111111111111', 'Visa with 17 digits'],
    ['37828224631000', 'Amex with 14 digits'],
    ['3782822463100052', 'Amex with 16 digits'],
    [DISCOVER, 'an unaccepted brand'],
    [MASTERCARD_2_SERIES, 'Mastercard outside 51-55'],
    ['4111x11111111111', 'a letter'],
  ])('rejects %s (%s)', (n) => {
    expect(validateCardNumber(n)).toEqual(bad(M.cardNumber));
  });

  it('asks for a value when empty', () => {
    expect(validateCardNumber('')).toEqual(bad(M.required));
    expect(validateCardNumber('  ')).toEqual(bad(M.required));
  });

  it('is complete at 16 digits, 15 for Amex', () => {
    expect(isCardNumberComplete('411111111111111')).toBe(false);
    expect(isCardNumberComplete(VISA)).toBe(true);
    expect(isCardNumberComplete('4111 1111 1111 1111')).toBe(true);
    expect(isCardNumberComplete('37828224631000')).toBe(false);
    expect(isCardNumberComplete(AMEX)).toBe(true);
    expect(isCardNumberComplete('601111111111111')).toBe(false);
    expect(isCardNumberComplete('41x')).toBe(true);
  });

  // As printed on the card: 4-4-4-4, 4-6-5 for Amex, cut at the brand's length.
  it.each([
    ['4111111111111111', '4111 1111 1111 1111'],
    ['41111', '4111 1'],
    ['41111111111111119999', '4111 1111 1111 1111'],
    ['378282246310005', '3782 822463 10005'],
    ['3782822463100059', '3782 822463 10005'],
    ['ab', ''],
  ])('groups the digits %j as %j', (typed, shown) => {
    expect(formatCardNumberInput(typed)).toBe(shown);
  });
});

describe('CVV', () => {
  it.each<[string, CardBrand | null]>([
    ['123', 'visa'],
    ['123', 'mastercard'],
    ['1234', 'amex'],
    ['123', null],
  ])('accepts %s for %s (3 digits, 4 for Amex)', (cvv, brand) => {
    expect(validateCvv(cvv, brand)).toEqual(OK);
  });

  it.each<[string, CardBrand]>([
    ['1234', 'visa'],
    ['123', 'amex'],
    ['12', 'visa'],
    ['12a', 'visa'],
  ])('rejects %s for %s', (cvv, brand) => {
    expect(validateCvv(cvv, brand)).toEqual(bad(M.wrongValue));
  });

  it('asks for a value when empty', () => {
    expect(validateCvv('', 'visa')).toEqual(bad(M.required));
  });

  it('is complete at the brand length', () => {
    expect(isCvvComplete('12', 'visa')).toBe(false);
    expect(isCvvComplete('123', 'visa')).toBe(true);
    expect(isCvvComplete('123', 'amex')).toBe(false);
    expect(isCvvComplete('1234', 'amex')).toBe(true);
  });
});

describe('expiry', () => {
  const now = new Date(2025, 5, 15); // 15 June 2025, local time

  it.each(['06/25', '12/25', '01/26', '06/35'])('accepts %s in June 2025', (v) => {
    expect(validateExpiry(v, now)).toEqual(OK);
  });

  it.each([
    ['05/25', 'last month'],
    ['12/24', 'last year'],
    ['07/35', 'more than 10 years ahead'],
    ['00/26', 'month 0'],
    ['13/26', 'month 13'],
    ['6/26', 'one-digit month'],
    ['0626', 'no slash'],
    ['06/2026', 'four-digit year'],
    ['ab/cd', 'letters'],
  ])('rejects %s (%s)', (v) => {
    expect(validateExpiry(v, now)).toEqual(bad(M.date));
  });

  it('asks for a value when empty', () => {
    expect(validateExpiry('', now)).toEqual(bad(M.required));
  });

  it('accepts the current month up to its last day', () => {
    expect(validateExpiry('06/25', new Date(2025, 5, 30, 23, 59))).toEqual(OK);
    expect(validateExpiry('06/25', new Date(2025, 6, 1))).toEqual(bad(M.date));
  });

  it.each([
    ['', ''],
    ['1', '1'],
    ['12', '12'],
    ['123', '12/3'],
    ['1234', '12/34'],
    ['12345', '12/34'],
    ['12/', '12/'],
    ['12/3', '12/3'],
    ['4', '04'],
    ['45', '04/5'],
    ['1/', '01/'],
    ['1/2', '01/2'],
    ['0', '0'],
    ['a1b2c3', '12/3'],
  ])('formats input %j as %j', (raw, expected) => {
    expect(formatExpiryInput(raw)).toBe(expected);
  });

  it('is complete at MM/YY', () => {
    expect(isExpiryComplete('12/3')).toBe(false);
    expect(isExpiryComplete('12/34')).toBe(true);
  });
});

describe('cardholder name', () => {
  it.each(['John Smith', 'Zoë Ångström', 'محمد أحمد', 'مُحَمَّد'])('accepts %s', (name) => {
    expect(validateCardholderName(name)).toEqual(OK);
  });

  it.each(['John Smith 2', 'R2D2', 'Anne-Marie', "O'Neil", 'a.b'])('rejects %s', (name) => {
    expect(validateCardholderName(name)).toEqual(bad(M.wrongValue));
  });

  it("says the name can't be empty", () => {
    expect(validateCardholderName('')).toEqual(bad(M.nameEmpty));
    expect(validateCardholderName('   ')).toEqual(bad(M.nameEmpty));
  });

  it('keeps only letters and spaces on input', () => {
    expect(sanitizeNameInput('J0hn  Sm1th!')).toBe('Jhn  Smth');
    expect(sanitizeNameInput('محمد 7')).toBe('محمد ');
  });
});

describe('the expiry mask', () => {
  it('pads a one-digit month and completes at MM/YY', () => {
    expect(expiryMask.format('4')).toBe('04');
    expect(expiryMask.format('١٢٣')).toBe('12/3');
    expect(expiryMask.isComplete('04/2')).toBe(false);
    expect(expiryMask.isComplete('04/27')).toBe(true);
  });
});
