import type { ValidationResult } from '../rules';
import {
  VALIDATION_MESSAGES as M,
  ageOn,
  formatEmiratesId,
  groupDigits,
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

  it.each(['123456', '123456789012'])('accepts %s with no country (6 to 12 digits)', (p) => {
    expect(validatePhone(p)).toEqual(OK);
  });

  it.each(['12345', '1234567890123', '12345a', '+123456'])('rejects %s with no country', (p) => {
    expect(validatePhone(p)).toEqual(bad(M.phone));
  });

  it('asks for a value when empty', () => {
    expect(validatePhone('')).toEqual(bad(M.required));
  });

  it.each(['0581234567', '971581234567', '0501234567'])('accepts UAE %s', (p) => {
    expect(validatePhone(p, 'AE')).toEqual(OK);
    expect(validatePhone(p, 'ae')).toEqual(OK);
  });

  it.each(['581234567', '058123456', '05812345678', '0412345678', '971481234567', '123456'])('rejects UAE %s', (p) => {
    expect(validatePhone(p, 'AE')).toEqual(bad(M.phone));
  });

  it.each([
    ['SA', ['0501234567', '966501234567'], '0401234567'],
    ['IN', ['9876543210', '919876543210'], '5876543210'],
    ['GB', ['07123456789', '447123456789'], '02012345678'],
  ])('applies the %s rule: accepts %j, rejects %s', (country, accepted, rejected) => {
    for (const p of accepted) expect(validatePhone(p, country)).toEqual(OK);
    expect(validatePhone(rejected, country)).toEqual(bad(M.phone));
  });

  it('falls back to the general rule for a country without one', () => {
    expect(validatePhone('1234567', 'FR')).toEqual(OK);
    expect(validatePhone('12345', 'FR')).toEqual(bad(M.phone));
  });

  it.each(['0581234567', '971581234567', '00971581234567', '581234567'])('maps %s to the UAE code', (p) => {
    expect(phoneWithCountryCode(p)).toBe('971581234567');
  });

  it('maps a leading 0 to the country code given', () => {
    expect(phoneWithCountryCode('07123456789', '44')).toBe('447123456789');
  });

  it.each(['81234567', '0581234567'])('gives the SMS phone %s the 05 prefix and accepts it', (p) => {
    expect(withSmsPrefix(p)).toBe('0581234567');
    expect(validateSmsPhone(p)).toEqual(OK);
  });

});

describe('Emirates ID', () => {
  it.each([
    ['784198012345671', '784-1980-1234567-1'],
    ['784', '784'],
    ['7841', '784-1'],
    ['78419801234567', '784-1980-1234567'],
    ['784-1980-1234567-1999', '784-1980-1234567-1'],
    ['', ''],
  ])('masks %j as %j (3-4-7-1) while typing', (typed, shown) => {
    expect(formatEmiratesId(typed)).toBe(shown);
  });

  it('cuts digits into groups with a separator, as far as there are digits', () => {
    expect(groupDigits('4111111111', [4, 4, 4, 4], ' ')).toBe('4111 1111 11');
    expect(groupDigits('78419801234567199', [3, 4, 7, 1], '-')).toBe('784-1980-1234567-1');
    expect(groupDigits('', [3], '-')).toBe('');
  });

  it('accepts 15 digits, bare or masked', () => {
    expect(validateEmiratesId('784198012345671')).toEqual(OK);
    expect(validateEmiratesId('784-1980-1234567-1')).toEqual(OK);
  });

});

// The fields typed into a mask: what each rejects, a value asked for when empty, and complete
// (the focus moves on) only at the full length.
describe.each([
  {
    field: 'the SMS phone (10 digits with the prefix)',
    validate: validateSmsPhone,
    isComplete: isSmsPhoneComplete,
    message: M.phone,
    rejected: ['8123456', '581234567', '05812345678', '8123456x'],
    short: '8123456',
    full: '81234567',
  },
  {
    field: 'the Emirates ID',
    validate: validateEmiratesId,
    isComplete: isEmiratesIdComplete,
    message: M.emiratesId,
    rejected: ['78419801234567', '7841980123456712', '784-1980-123456-71', '78419801234567a'],
    short: '784-1980-1234567',
    full: '784-1980-1234567-1',
  },
])('$field', ({ validate, isComplete, message, rejected, short, full }) => {
  it.each(rejected)('rejects %s', (value) => {
    expect(validate(value)).toEqual(bad(message));
  });

  it('asks for a value when empty and knows when it is complete', () => {
    expect(validate('')).toEqual(bad(M.required));
    expect(isComplete(short)).toBe(false);
    expect(isComplete(full)).toBe(true);
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
