/**
 * Every validation rule of SPEC section 5 as a pure function.
 *
 * Contract: every `validate*` function returns a ValidationResult whose failure message is
 * one of the catalogue messages of SPEC section 5, word for word (VALIDATION_MESSAGES), in
 * the page's language: each has a dictionary key `validation.<id>` (en.ts and the Arabic of
 * the API), read when the rule fails; English is the fallback.
 * An empty required value always fails with 'Required field'; a value that is there but
 * wrong fails with the rule's own message. `is*` functions return plain booleans: `is*Complete`
 * tells a form when a value is complete, because "a field is checked once its value is
 * complete" (SPEC section 4): a form shows no error while the user is still typing.
 * Functions that take "now" take it as a parameter, so they stay pure and testable.
 */
import { SMS_PREFIX, UAE_COUNTRY_CODE } from '../constants';

/** The catalogue messages of SPEC section 5, exactly as written there. */
export const VALIDATION_MESSAGES = {
  required: 'Required field',
  cardNumber: 'Incorrect card number, please check',
  date: 'Invalid date',
  wrongValue: 'Wrong value',
  nameEmpty: "Name can't be empty",
  email: 'Required valid email format',
  credentials: 'wrong email or password',
  phone: 'Number is Invalid',
  emiratesId: "This Emirates ID doesn't look right - try again",
} as const;
export type ValidationMessageId = keyof typeof VALIDATION_MESSAGES;
/** A catalogue message in the page's language (the English of VALIDATION_MESSAGES in English). */
export type ValidationMessage = string;

export type ValidationResult = { valid: true } | { valid: false; message: ValidationMessage };

/** The dictionary key of a validation message: `validation.<id>` (en.ts, translations-ar.ts). */
const validationKey = (id: ValidationMessageId): string => `validation.${id}`;

/** Looks a dictionary key up: the key itself when the dictionary lacks it. */
export type ValidationTranslator = (key: string) => string;
let translator: ValidationTranslator | null = null;
/**
 * The browser entry (zod-config.ts) hands the rules the page's i18n, so they fail in the page's
 * language; without one (Node: the API parses feedback with these rules) they answer in English.
 * The rules stay free of the i18n instance, so the Node-safe contract can import them.
 */
export function setValidationTranslator(translate: ValidationTranslator | null): void {
  translator = translate;
}

/** A validation message in the page's language; the catalogue's English when the dictionary lacks it. */
export function validationText(id: ValidationMessageId): string {
  const key = validationKey(id);
  const text = translator?.(key);
  return text && text !== key ? text : VALIDATION_MESSAGES[id];
}

const ENGLISH_TO_ID = new Map<string, ValidationMessageId>(
  (Object.entries(VALIDATION_MESSAGES) as [ValidationMessageId, string][]).map(([id, text]) => [text, id]),
);
/**
 * A message in the page's language when it is a catalogue message in English (a step that
 * built its result from VALIDATION_MESSAGES, or one raised before the language changed);
 * any other message (already translated, or the server's reason) as it is.
 */
export function localizeValidationMessage(message: string): string;
export function localizeValidationMessage(message: string | undefined): string | undefined;
export function localizeValidationMessage(message: string | undefined): string | undefined {
  const id = message === undefined ? undefined : ENGLISH_TO_ID.get(message);
  return id ? validationText(id) : message;
}

/** The passing result, for rules written on top of these (the domains' own rules). */
export const VALID_RESULT: ValidationResult = { valid: true };
const VALID = VALID_RESULT;
/** A failure with the catalogue message `id` in the page's language. */
export function invalidResult(id: ValidationMessageId): ValidationResult {
  return { valid: false, message: validationText(id) };
}
const invalid = invalidResult;

/** The digits of a text, every other character dropped. */
export function digitsOf(raw: string): string {
  return raw.replace(/\D/g, '');
}

/**
 * Digits cut into groups of the given sizes and joined by `separator`, as far as there are digits
 * ('7841980', [3, 4, 7, 1], '-' -> '784-1980'); digits past the last group are dropped. The masks
 * of the Emirates ID (3-4-7-1) and of a card number (4-4-4-4, 4-6-5) as they are typed.
 */
export function groupDigits(digits: string, sizes: readonly number[], separator: string): string {
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(separator);
}

/** A required text field: anything but blank. */
export function validateRequired(value: string | null | undefined): ValidationResult {
  return value !== null && value !== undefined && value.trim() !== '' ? VALID : invalid('required');
}

// --- email ---

// local@domain.tld: dot-atom local part, domain labels that neither start nor end with '-',
// and a top-level domain of two or more letters (SPEC section 5).
const EMAIL_RE =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

/** Surrounding spaces are ignored (pasted addresses carry them); the caller submits the trimmed value. */
export function validateEmail(email: string): ValidationResult {
  const value = email.trim();
  if (value === '') return invalid('required');
  return EMAIL_RE.test(value) ? VALID : invalid('email');
}

// --- phone ---

/** Input limit and the general valid range of SPEC section 5. */
const PHONE_MAX_DIGITS = 12;
const PHONE_MIN_DIGITS = 6;

export interface PhoneCountryRule {
  /** International dialling code, digits only. */
  readonly dialCode: string;
  /** Digits allowed as typed (with trunk 0 or dialling code). */
  readonly minLength: number;
  readonly maxLength: number;
  /** The national mobile number without trunk 0 or dialling code. */
  readonly national: RegExp;
}

/**
 * Per-country phone rules, keyed by ISO 3166 alpha-2. AE follows SPEC section 5 (10-12 digits:
 * 05XXXXXXXX or 9715XXXXXXXX); the others are common visitor origins, mobile numbers only,
 * since the phone is the courier's contact number.
 */
export const PHONE_RULES: Readonly<Record<string, PhoneCountryRule>> = {
  AE: { dialCode: UAE_COUNTRY_CODE, minLength: 10, maxLength: 12, national: /^5\d{8}$/ },
  SA: { dialCode: '966', minLength: 10, maxLength: 12, national: /^5\d{8}$/ },
  IN: { dialCode: '91', minLength: 10, maxLength: 12, national: /^[6-9]\d{9}$/ },
  GB: { dialCode: '44', minLength: 10, maxLength: 12, national: /^7\d{9}$/ },
};

/** What the phone field keeps of the typed text: digits only, at most 12. */
export function sanitizePhoneInput(raw: string): string {
  return digitsOf(raw).slice(0, PHONE_MAX_DIGITS);
}

function matchesCountry(digits: string, rule: PhoneCountryRule): boolean {
  if (digits.length < rule.minLength || digits.length > rule.maxLength) return false;
  const candidates = [digits];
  if (digits.startsWith(rule.dialCode)) candidates.push(digits.slice(rule.dialCode.length));
  if (digits.startsWith('0')) candidates.push(digits.slice(1));
  return candidates.some((c) => rule.national.test(c));
}

/**
 * Digits only, 6 to 12 of them; with a country chosen that has a rule, that country's rule
 * as well. A country without a rule gets the general check only.
 */
export function validatePhone(phone: string, countryIso2?: string | null): ValidationResult {
  if (phone === '') return invalid('required');
  if (!/^\d+$/.test(phone) || phone.length < PHONE_MIN_DIGITS || phone.length > PHONE_MAX_DIGITS) {
    return invalid('phone');
  }
  const rule = countryIso2 ? PHONE_RULES[countryIso2.toUpperCase()] : undefined;
  if (rule && !matchesCountry(phone, rule)) return invalid('phone');
  return VALID;
}

/**
 * The international form of a phone: with a country code, a leading 0 (trunk prefix) maps to
 * the country code, 971 by default (SPEC section 5). '00' and an existing country code are kept
 * as the international form.
 */
export function phoneWithCountryCode(phone: string, dialCode: string = UAE_COUNTRY_CODE): string {
  const d = digitsOf(phone);
  if (d.startsWith('00')) return d.slice(2);
  if (d.startsWith(dialCode)) return d;
  if (d.startsWith('0')) return `${dialCode}${d.slice(1)}`;
  return `${dialCode}${d}`;
}

/**
 * The SMS number field shows the 05 prefix and the user types the rest: a phone that does not
 * start with 05 gets it, and the result must have exactly 10 digits ('81234567' -> '0581234567').
 */
export function withSmsPrefix(phone: string): string {
  const d = digitsOf(phone);
  return d.startsWith(SMS_PREFIX) ? d : `${SMS_PREFIX}${d}`;
}

const SMS_PHONE_DIGITS = 10;

export function isSmsPhoneComplete(phone: string): boolean {
  return withSmsPrefix(phone).length >= SMS_PHONE_DIGITS;
}

export function validateSmsPhone(phone: string): ValidationResult {
  if (phone === '') return invalid('required');
  if (!/^\d+$/.test(phone)) return invalid('phone');
  return withSmsPrefix(phone).length === SMS_PHONE_DIGITS ? VALID : invalid('phone');
}

// --- Emirates ID ---

const EMIRATES_ID_DIGITS = 15;
const EMIRATES_ID_GROUPS = [3, 4, 7, 1] as const;

/** Masks the typed digits as 3-4-7-1 ('784198012345671' -> '784-1980-1234567-1'), as far as typed. */
export function formatEmiratesId(raw: string): string {
  return groupDigits(digitsOf(raw).slice(0, EMIRATES_ID_DIGITS), EMIRATES_ID_GROUPS, '-');
}

export function isEmiratesIdComplete(raw: string): boolean {
  return digitsOf(raw).length >= EMIRATES_ID_DIGITS;
}

/** 15 digits, typed bare or in the 3-4-7-1 mask (SPEC section 5 gives no check digit rule). */
export function validateEmiratesId(raw: string): ValidationResult {
  if (raw.trim() === '') return invalid('required');
  const bare = raw.trim();
  const ok = /^\d{15}$/.test(bare) || /^\d{3}-\d{4}-\d{7}-\d$/.test(bare);
  return ok ? VALID : invalid('emiratesId');
}

// --- password ---

const PASSWORD_MIN_LENGTH = 8;

/** Each password requirement on its own, so the form can list which are met. */
export function passwordChecks(password: string): { length: boolean; digit: boolean; uppercase: boolean } {
  return {
    length: Array.from(password).length >= PASSWORD_MIN_LENGTH,
    digit: /\d/.test(password),
    uppercase: /\p{Lu}/u.test(password),
  };
}

export function validatePassword(password: string): ValidationResult {
  if (password === '') return invalid('required');
  const c = passwordChecks(password);
  return c.length && c.digit && c.uppercase ? VALID : invalid('wrongValue');
}


// --- age ---

export const MINIMUM_AGE = 18;

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/**
 * A date of birth is a calendar date, not an instant: 'YYYY-MM-DD' is read as it is written
 * (new Date('YYYY-MM-DD') would be UTC midnight and shift a day west of Greenwich), and a
 * Date is read in local time.
 */
function calendarDate(dob: string | Date): CalendarDate | null {
  if (dob instanceof Date) {
    if (Number.isNaN(dob.getTime())) return null;
    return { year: dob.getFullYear(), month: dob.getMonth() + 1, day: dob.getDate() };
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(year, month - 1, day);
  if (probe.getFullYear() !== year || probe.getMonth() !== month - 1 || probe.getDate() !== day) return null;
  return { year, month, day };
}

/** Whole years between the date of birth and `now`; null for a date that is not one. */
export function ageOn(dob: string | Date, now: Date): number | null {
  const birth = calendarDate(dob);
  if (!birth) return null;
  const [ny, nm, nd] = [now.getFullYear(), now.getMonth() + 1, now.getDate()];
  const hadBirthday = nm > birth.month || (nm === birth.month && nd >= birth.day);
  return ny - birth.year - (hadBirthday ? 0 : 1);
}

/** 18 or older on `now`. A date of birth in the future or not a date is 'Invalid date'. */
export function validateAge(dob: string | Date, now: Date): ValidationResult {
  if (typeof dob === 'string' && dob.trim() === '') return invalid('required');
  const age = ageOn(dob, now);
  if (age === null || age < 0) return invalid('date');
  return age >= MINIMUM_AGE ? VALID : invalid('wrongValue');
}

// --- consents ---

/** A consent that must be ticked to go on (the MNP terms, the music-streaming partner consent). */
export function validateConsent(ticked: boolean): ValidationResult {
  return ticked ? VALID : invalid('required');
}
