import { digitsOf, groupDigits, invalidResult, textField, toLatinDigits, VALID_RESULT, type InputMask, type ValidationResult } from '@join/shared';

/**
 * The card rules of SPEC section 5 (number, CVV, expiry, cardholder name) as pure functions, and
 * the provider's card type codes of SPEC section 9: the payment domain's, used by the payment
 * step, the API and the card provider's hosted fields. Every `validate*` returns a kernel
 * ValidationResult with a catalogue message (see the kernel's validation/rules.ts).
 */

/** The payment provider's card type codes (SPEC section 9). */
export const CARD_TYPE_CODES = { visa: '001', mastercard: '002', amex: '003' } as const;
/** The furthest expiry accepted, in years from now. */
export const CARD_EXPIRY_LIMIT_YEARS = 10;

export type CardBrand = 'visa' | 'mastercard' | 'amex';

/** Digits a complete card number of each brand has. */
export const CARD_NUMBER_LENGTH: Readonly<Record<CardBrand, number>> = { visa: 16, mastercard: 16, amex: 15 };
/** Digits of the CVV of each brand. */
export const CVV_LENGTH: Readonly<Record<CardBrand, number>> = { visa: 3, mastercard: 3, amex: 4 };

/**
 * The brand of a card number, from its leading digits (works on partial input, so a form can
 * show the logo while the user types). Only the three brands of SPEC section 5 are accepted:
 * Visa 4, Mastercard 51-55, American Express 34 or 37; anything else is null.
 */
export function cardBrand(cardNumber: string): CardBrand | null {
  const d = digitsOf(cardNumber);
  if (/^4/.test(d)) return 'visa';
  if (/^5[1-5]/.test(d)) return 'mastercard';
  if (/^3[47]/.test(d)) return 'amex';
  return null;
}

/** The payment provider's card type code (SPEC section 9: 001, 002, 003). */
export function cardTypeCode(brand: CardBrand): (typeof CARD_TYPE_CODES)[CardBrand] {
  return CARD_TYPE_CODES[brand];
}

/** The Luhn (mod 10) check digit test over a string of digits. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let n = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/** Spaces and dashes are formatting; any other non-digit makes the number invalid. */
function cardDigits(raw: string): string | null {
  const compact = raw.replace(/[\s-]/g, '');
  return /^\d*$/.test(compact) ? compact : null;
}

/**
 * Complete at 15 digits for American Express, 16 otherwise (an unknown brand is checked at 16).
 * Input with characters other than digits, spaces and dashes counts as complete, so its error shows at once.
 */
export function isCardNumberComplete(raw: string): boolean {
  const d = cardDigits(raw);
  if (d === null) return true;
  const brand = cardBrand(d);
  return d.length >= (brand ? CARD_NUMBER_LENGTH[brand] : 16);
}

export function validateCardNumber(raw: string): ValidationResult {
  const d = cardDigits(raw);
  if (d === '') return invalidResult('required');
  if (d === null) return invalidResult('cardNumber');
  const brand = cardBrand(d);
  if (!brand || d.length !== CARD_NUMBER_LENGTH[brand] || !passesLuhn(d)) return invalidResult('cardNumber');
  return VALID_RESULT;
}

/** Groups the digits as printed on the card: 4-4-4-4, or 4-6-5 for American Express. At most the brand's length. */
export function formatCardNumberInput(raw: string): string {
  const brand = cardBrand(raw);
  const d = digitsOf(raw).slice(0, brand ? CARD_NUMBER_LENGTH[brand] : 16);
  return groupDigits(d, brand === 'amex' ? [4, 6, 5] : [4, 4, 4, 4], ' ');
}

/** 4 digits for American Express, 3 otherwise; with no brand known yet, 3. */
export function isCvvComplete(cvv: string, brand: CardBrand | null): boolean {
  return cvv.length >= CVV_LENGTH[brand ?? 'visa'];
}

export function validateCvv(cvv: string, brand: CardBrand | null): ValidationResult {
  if (cvv === '') return invalidResult('required');
  const length = CVV_LENGTH[brand ?? 'visa'];
  return new RegExp(`^\\d{${length}}$`).test(cvv) ? VALID_RESULT : invalidResult('wrongValue');
}

/**
 * Formats what the user types into MM/YY, inserting the slash by itself: '123' -> '12/3'.
 * A first digit 2-9 can only be a single-digit month, so it gets its 0 ('4' -> '04'). A slash
 * the user typed after two digits stays ('12/'), and removing it removes it ('12').
 */
export function formatExpiryInput(raw: string): string {
  const oneDigitMonth = /^\s*(\d)\s*\//.exec(raw);
  let d = digitsOf(raw);
  if (oneDigitMonth && d.length >= 1) d = `0${d}`;
  else if (/^[2-9]/.test(d)) d = `0${d}`;
  d = d.slice(0, 4);
  if (d.length > 2) return `${d.slice(0, 2)}/${d.slice(2)}`;
  if (d.length === 2 && raw.includes('/')) return `${d}/`;
  return d;
}

export function isExpiryComplete(value: string): boolean {
  return value.length >= 5;
}

/**
 * MM/YY, month 1-12. A card is valid through the end of its expiry month, so the current
 * month is not in the past. At most CARD_EXPIRY_LIMIT_YEARS ahead of `now` (same month
 * allowed). Months are compared in the user's local calendar.
 */
export function validateExpiry(value: string, now: Date): ValidationResult {
  if (value.trim() === '') return invalidResult('required');
  const m = /^(\d{2})\/(\d{2})$/.exec(value.trim());
  if (!m) return invalidResult('date');
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return invalidResult('date');
  const months = year * 12 + (month - 1);
  const nowMonths = now.getFullYear() * 12 + now.getMonth();
  if (months < nowMonths || months > nowMonths + CARD_EXPIRY_LIMIT_YEARS * 12) return invalidResult('date');
  return VALID_RESULT;
}

/** Letters (any script, with their combining marks, so Arabic names work) and spaces. */
const NAME_RE = /^[\p{L}\p{M} ]+$/u;

/** What the name field keeps of the typed text: letters and spaces only (SPEC section 5, "on input"). */
export function sanitizeNameInput(raw: string): string {
  return raw.replace(/[^\p{L}\p{M} ]/gu, '');
}

export function validateCardholderName(name: string): ValidationResult {
  if (name.trim() === '') return invalidResult('nameEmpty');
  return NAME_RE.test(name) ? VALID_RESULT : invalidResult('wrongValue');
}

/** Card expiry MM/YY as a form field (zod), checked against `now()` when parsed. */
export const expiryField = (now: () => Date = () => new Date()) => textField((v) => validateExpiry(v, now()));

/** Card expiry MM/YY: the slash comes by itself after the month (SPEC 5). */
export const expiryMask: InputMask = {
  format: (raw) => formatExpiryInput(toLatinDigits(raw)),
  isComplete: isExpiryComplete,
  maxLength: 5,
  inputMode: 'numeric',
};
