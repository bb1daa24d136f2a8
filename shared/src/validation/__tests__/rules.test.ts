import { CARD_TYPE_CODES } from '../../constants';
import type { ValidationResult } from '../rules';
import {
  VALIDATION_MESSAGES as M,
  ageOn,
  cardBrand,
  cardTypeCode,
  formatCardNumberInput,
  formatEmiratesId,
  formatExpiryInput,
  isCardNumberComplete,
  isCvvComplete,
  isEmiratesIdComplete,
  isExpiryComplete,
  isSmsPhoneComplete,
  isStreamingPromoEligible,
  passesLuhn,
  passwordChecks,
  phoneWithCountryCode,
  sanitizeNameInput,
  sanitizePhoneInput,
  showsPaymentPromoHint,
  validateAge,
  validateCardNumber,
  validateCardholderName,
  validateConsent,
  validateCvv,
  validateEmail,
  validateEmiratesId,
  validateExpiry,
  validateFeedback,
  validatePassword,
  validatePhone,
  validatePromoCode,
  validateRequired,
  validateSmsPhone,
  withSmsPrefix,
} from '../rules';

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

describe('catalogue messages', () => {
  it('are the exact words of SPEC section 5', () => {
    expect(Object.values(M)).toEqual([
      'Required field',
      'Incorrect card number, please check',
      'Invalid date',
      'Wrong value',
      "Name can't be empty",
      'Required valid email format',
      'wrong email or password',
      'Number is Invalid',
      "This Emirates ID doesn't look right - try again",
    ]);
  });

  it('validateRequired rejects blank values only', () => {
    expect(validateRequired('x')).toEqual(OK);
    expect(validateRequired('')).toEqual(bad(M.required));
    expect(validateRequired('   ')).toEqual(bad(M.required));
    expect(validateRequired(null)).toEqual(bad(M.required));
    expect(validateRequired(undefined)).toEqual(bad(M.required));
  });
});

describe('validateEmail', () => {
  it.each(['a@b.co', 'first.last+tag@mail.example.ae', "o'brien@x.org", '  pad@x.com  ', 'A_B-c@sub-domain.example.travel'])(
    'accepts %s',
    (email) => {
      expect(validateEmail(email)).toEqual(OK);
    },
  );

  it.each(['a@b', 'a@b.c', 'a@b.c1', 'ab.com', '@x.com', 'a@.com', 'a@x..com', 'a b@x.com', 'a@-x.com', 'a@x-.com', '.a@x.com', 'a.@x.com', 'a@@x.com'])(
    'rejects %s',
    (email) => {
      expect(validateEmail(email)).toEqual(bad(M.email));
    },
  );

  it('asks for a value when empty', () => {
    expect(validateEmail(' ')).toEqual(bad(M.required));
  });
});

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

  it('groups the digits as printed on the card', () => {
    expect(formatCardNumberInput('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumberInput('41111')).toBe('4111 1');
    expect(formatCardNumberInput('41111111111111119999')).toBe('4111 1111 1111 1111');
    expect(formatCardNumberInput('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumberInput('3782822463100059')).toBe('3782 822463 10005');
    expect(formatCardNumberInput('ab')).toBe('');
  });
});

describe('CVV', () => {
  it('needs 3 digits, 4 for Amex', () => {
    expect(validateCvv('123', 'visa')).toEqual(OK);
    expect(validateCvv('123', 'mastercard')).toEqual(OK);
    expect(validateCvv('1234', 'amex')).toEqual(OK);
    expect(validateCvv('123', null)).toEqual(OK);
    expect(validateCvv('1234', 'visa')).toEqual(bad(M.wrongValue));
    expect(validateCvv('123', 'amex')).toEqual(bad(M.wrongValue));
    expect(validateCvv('12', 'visa')).toEqual(bad(M.wrongValue));
    expect(validateCvv('12a', 'visa')).toEqual(bad(M.wrongValue));
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

describe('phone', () => {
  it('keeps digits only, at most 12', () => {
    expect(sanitizePhoneInput('+971 (58) 123-4567')).toBe('971581234567');
    expect(sanitizePhoneInput('1234567890123456')).toBe('123456789012');
  });

  it('accepts 6 to 12 digits with no country', () => {
    expect(validatePhone('123456')).toEqual(OK);
    expect(validatePhone('123456789012')).toEqual(OK);
    expect(validatePhone('12345')).toEqual(bad(M.phone));
    expect(validatePhone('1234567890123')).toEqual(bad(M.phone));
    expect(validatePhone('12345a')).toEqual(bad(M.phone));
    expect(validatePhone('+123456')).toEqual(bad(M.phone));
    expect(validatePhone('')).toEqual(bad(M.required));
  });

  it.each(['0581234567', '971581234567', '0501234567'])('accepts UAE %s', (p) => {
    expect(validatePhone(p, 'AE')).toEqual(OK);
    expect(validatePhone(p, 'ae')).toEqual(OK);
  });

  it.each(['581234567', '058123456', '05812345678', '0412345678', '971481234567', '123456'])('rejects UAE %s', (p) => {
    expect(validatePhone(p, 'AE')).toEqual(bad(M.phone));
  });

  it('applies the other country rules', () => {
    expect(validatePhone('0501234567', 'SA')).toEqual(OK);
    expect(validatePhone('966501234567', 'SA')).toEqual(OK);
    expect(validatePhone('0401234567', 'SA')).toEqual(bad(M.phone));
    expect(validatePhone('9876543210', 'IN')).toEqual(OK);
    expect(validatePhone('919876543210', 'IN')).toEqual(OK);
    expect(validatePhone('5876543210', 'IN')).toEqual(bad(M.phone));
    expect(validatePhone('07123456789', 'GB')).toEqual(OK);
    expect(validatePhone('447123456789', 'GB')).toEqual(OK);
    expect(validatePhone('02012345678', 'GB')).toEqual(bad(M.phone));
  });

  it('falls back to the general rule for a country without one', () => {
    expect(validatePhone('1234567', 'FR')).toEqual(OK);
    expect(validatePhone('12345', 'FR')).toEqual(bad(M.phone));
  });

  it('maps a leading 0 to the country code', () => {
    expect(phoneWithCountryCode('0581234567')).toBe('971581234567');
    expect(phoneWithCountryCode('971581234567')).toBe('971581234567');
    expect(phoneWithCountryCode('00971581234567')).toBe('971581234567');
    expect(phoneWithCountryCode('581234567')).toBe('971581234567');
    expect(phoneWithCountryCode('07123456789', '44')).toBe('447123456789');
  });

  it('gives a short SMS phone the 05 prefix and needs 10 digits', () => {
    expect(withSmsPrefix('81234567')).toBe('0581234567');
    expect(withSmsPrefix('0581234567')).toBe('0581234567');
    expect(validateSmsPhone('81234567')).toEqual(OK);
    expect(validateSmsPhone('0581234567')).toEqual(OK);
    expect(validateSmsPhone('8123456')).toEqual(bad(M.phone));
    expect(validateSmsPhone('581234567')).toEqual(bad(M.phone));
    expect(validateSmsPhone('05812345678')).toEqual(bad(M.phone));
    expect(validateSmsPhone('8123456x')).toEqual(bad(M.phone));
    expect(validateSmsPhone('')).toEqual(bad(M.required));
    expect(isSmsPhoneComplete('8123456')).toBe(false);
    expect(isSmsPhoneComplete('81234567')).toBe(true);
  });
});

describe('Emirates ID', () => {
  it('masks as 3-4-7-1 while typing', () => {
    expect(formatEmiratesId('784198012345671')).toBe('784-1980-1234567-1');
    expect(formatEmiratesId('784')).toBe('784');
    expect(formatEmiratesId('7841')).toBe('784-1');
    expect(formatEmiratesId('78419801234567')).toBe('784-1980-1234567');
    expect(formatEmiratesId('784-1980-1234567-1999')).toBe('784-1980-1234567-1');
    expect(formatEmiratesId('')).toBe('');
  });

  it('accepts 15 digits, bare or masked', () => {
    expect(validateEmiratesId('784198012345671')).toEqual(OK);
    expect(validateEmiratesId('784-1980-1234567-1')).toEqual(OK);
  });

  it.each(['78419801234567', '7841980123456712', '784-1980-123456-71', '78419801234567a'])('rejects %s', (id) => {
    expect(validateEmiratesId(id)).toEqual(bad(M.emiratesId));
  });

  it('asks for a value when empty and knows when it is complete', () => {
    expect(validateEmiratesId('')).toEqual(bad(M.required));
    expect(isEmiratesIdComplete('784-1980-1234567')).toBe(false);
    expect(isEmiratesIdComplete('784-1980-1234567-1')).toBe(true);
  });
});

describe('promo code', () => {
  const limits = { min: 4, max: 8 };
  it('accepts a length within the configured bounds, inclusive', () => {
    expect(validatePromoCode('ABCD', limits)).toEqual(OK);
    expect(validatePromoCode('ABCDEFGH', limits)).toEqual(OK);
    expect(validatePromoCode(' ABCD ', limits)).toEqual(OK);
  });
  it('rejects a length outside them', () => {
    expect(validatePromoCode('ABC', limits)).toEqual(bad(M.wrongValue));
    expect(validatePromoCode('ABCDEFGHI', limits)).toEqual(bad(M.wrongValue));
    expect(validatePromoCode('', limits)).toEqual(bad(M.required));
  });
});

describe('password', () => {
  it.each(['Passw0rd', 'ABCDEFG1', 'Ünïcode9x'])('accepts %s', (pw) => {
    expect(validatePassword(pw)).toEqual(OK);
  });
  it.each(['Pass0rd', 'password1', 'Password', '12345678'])('rejects %s', (pw) => {
    expect(validatePassword(pw)).toEqual(bad(M.wrongValue));
  });
  it('asks for a value when empty, and reports each requirement', () => {
    expect(validatePassword('')).toEqual(bad(M.required));
    expect(passwordChecks('abc')).toEqual({ length: false, digit: false, uppercase: false });
    expect(passwordChecks('abcdefgH')).toEqual({ length: true, digit: false, uppercase: true });
  });
});

describe('feedback', () => {
  it('accepts up to 50 characters of plain text', () => {
    expect(validateFeedback('Great service, thanks!')).toEqual(OK);
    expect(validateFeedback('x'.repeat(50))).toEqual(OK);
    expect(validateFeedback('شكرا جزيلا')).toEqual(OK);
  });
  it('rejects more than 50 characters', () => {
    expect(validateFeedback('x'.repeat(51))).toEqual(bad(M.wrongValue));
  });
  it.each(['<', '>', '{', '}', '(', ')', '_', '*', '^', '#'])('rejects text with %s', (c) => {
    expect(validateFeedback(`nice ${c} app`)).toEqual(bad(M.wrongValue));
  });
  it('asks for a value when empty', () => {
    expect(validateFeedback('  ')).toEqual(bad(M.required));
  });
});

describe('age', () => {
  const now = new Date(2025, 5, 15);
  it('counts whole years, birthday included', () => {
    expect(ageOn('2007-06-15', now)).toBe(18);
    expect(ageOn('2007-06-16', now)).toBe(17);
    expect(ageOn(new Date(2000, 0, 1), now)).toBe(25);
    expect(ageOn('2007-02-30', now)).toBeNull();
    expect(ageOn('15/06/2007', now)).toBeNull();
    expect(ageOn(new Date('x'), now)).toBeNull();
  });
  it('treats a 29 February birthday as reached on 1 March in other years', () => {
    expect(ageOn('2004-02-29', new Date(2022, 1, 28))).toBe(17);
    expect(ageOn('2004-02-29', new Date(2022, 2, 1))).toBe(18);
  });
  it('needs 18 or older', () => {
    expect(validateAge('2007-06-15', now)).toEqual(OK);
    expect(validateAge('1960-01-01', now)).toEqual(OK);
    expect(validateAge('2007-06-16', now)).toEqual(bad(M.wrongValue));
    expect(validateAge('2026-01-01', now)).toEqual(bad(M.date));
    expect(validateAge('not a date', now)).toEqual(bad(M.date));
    expect(validateAge('', now)).toEqual(bad(M.required));
  });
});

describe('consents and promo hints', () => {
  it('needs a consent ticked', () => {
    expect(validateConsent(true)).toEqual(OK);
    expect(validateConsent(false)).toEqual(bad(M.required));
  });
  it('shows the payment promo hint from AED 79', () => {
    expect(showsPaymentPromoHint(79)).toBe(true);
    expect(showsPaymentPromoHint(150)).toBe(true);
    expect(showsPaymentPromoHint(78.99)).toBe(false);
  });
  it('offers the streaming promo from AED 150 excluding VAT', () => {
    expect(isStreamingPromoEligible(150)).toBe(true);
    expect(isStreamingPromoEligible(149.99)).toBe(false);
  });
});
