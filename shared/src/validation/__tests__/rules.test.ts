import type { ValidationResult } from '../rules';
import {
  VALIDATION_MESSAGES as M,
  ageOn,
  formatEmiratesId,
  isEmiratesIdComplete,
  isSmsPhoneComplete,
  passwordChecks,
  phoneWithCountryCode,
  sanitizePhoneInput,
  validateAge,
  validateConsent,
  validateEmail,
  validateEmiratesId,
  validatePassword,
  validatePhone,
  validateRequired,
  validateSmsPhone,
  withSmsPrefix,
} from '../rules';

const OK: ValidationResult = { valid: true };
const bad = (message: string) => ({ valid: false, message });

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

describe('consents', () => {
  it('needs a consent ticked', () => {
    expect(validateConsent(true)).toEqual(OK);
    expect(validateConsent(false)).toEqual(bad(M.required));
  });
});
