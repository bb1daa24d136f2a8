// @ts-check
/**
 * The card rules of SPEC section 5 as the card provider sandbox checks them: a plain ES module
 * with no imports, served as /assets/card-rules.js and imported by the hosted fields' script
 * (/assets/card-fields.js) while the visitor types, and by the sandbox's server (card-app.ts),
 * which checks every rule again when a token is asked for: nothing the browser says is trusted.
 * The operator's API tests that these rules agree with its kernel's over a table of inputs
 * (api/src/payment/__tests__/card-rules-parity.test.ts, against the served file).
 *
 * Every check answers null (valid) or the id of a SPEC 5 catalogue message:
 * required "Required field", cardNumber "Incorrect card number, please check", date "Invalid
 * date", wrongValue "Wrong value", nameEmpty "Name can't be empty".
 *
 * @typedef {'visa' | 'mastercard' | 'amex'} CardBrand
 * @typedef {'required' | 'cardNumber' | 'date' | 'wrongValue' | 'nameEmpty'} CardRuleMessageId
 */

export const NUMBER_LENGTH = Object.freeze({ visa: 16, mastercard: 16, amex: 15 });
export const CVV_LENGTH = Object.freeze({ visa: 3, mastercard: 3, amex: 4 });
/** SPEC 9: Visa 001, Mastercard 002, American Express 003. */
export const TYPE_CODES = Object.freeze({ visa: '001', mastercard: '002', amex: '003' });
/** SPEC 9: card expiry limit 10 years. */
export const EXPIRY_LIMIT_YEARS = 10;

/** @param {unknown} value @returns {string} */
export function digitsOf(value) {
  return String(value).replace(/\D/g, '');
}

/** Visa 4, Mastercard 51-55, American Express 34 or 37; anything else null (works on partial input). */
/** @param {unknown} value @returns {CardBrand | null} */
export function cardBrand(value) {
  const d = digitsOf(value);
  if (/^4/.test(d)) return 'visa';
  if (/^5[1-5]/.test(d)) return 'mastercard';
  if (/^3[47]/.test(d)) return 'amex';
  return null;
}

/** @param {CardBrand | null} brand @returns {string | null} */
export function typeCode(brand) {
  return brand ? TYPE_CODES[brand] : null;
}

/** @param {string} digits @returns {boolean} */
export function passesLuhn(digits) {
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

/** Spaces and dashes are formatting; any other character makes the number invalid (null). */
/** @param {unknown} raw @returns {string | null} */
function numberDigits(raw) {
  const compact = String(raw).replace(/[\s-]/g, '');
  return /^\d*$/.test(compact) ? compact : null;
}

/** The number as printed on the card: 4-4-4-4, American Express 4-6-5; at most the brand's length. */
/** @param {string} raw @returns {string} */
export function formatCardNumber(raw) {
  const brand = cardBrand(raw);
  const d = digitsOf(raw).slice(0, brand ? NUMBER_LENGTH[brand] : 16);
  const groups = brand === 'amex' ? [4, 6, 5] : [4, 4, 4, 4];
  const parts = [];
  let at = 0;
  for (const size of groups) {
    if (at >= d.length) break;
    parts.push(d.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** Complete at 15 digits for American Express, 16 otherwise: checked once complete (SPEC 4). */
/** @param {string} raw @returns {boolean} */
export function isCardNumberComplete(raw) {
  const d = numberDigits(raw);
  if (d === null) return true;
  const brand = cardBrand(d);
  return d.length >= (brand ? NUMBER_LENGTH[brand] : 16);
}

/** @param {string} raw @returns {CardRuleMessageId | null} */
export function validateCardNumber(raw) {
  const d = numberDigits(raw);
  if (d === '') return 'required';
  if (d === null) return 'cardNumber';
  const brand = cardBrand(d);
  if (!brand || d.length !== NUMBER_LENGTH[brand] || !passesLuhn(d)) return 'cardNumber';
  return null;
}

/** @param {CardBrand | null} brand @returns {number} */
export function cvvLength(brand) {
  return CVV_LENGTH[brand || 'visa'];
}

/** @param {string} cvv @param {CardBrand | null} brand @returns {boolean} */
export function isCvvComplete(cvv, brand) {
  return String(cvv).length >= cvvLength(brand);
}

/** @param {string} cvv @param {CardBrand | null} brand @returns {CardRuleMessageId | null} */
export function validateCvv(cvv, brand) {
  if (cvv === '') return 'required';
  return new RegExp('^\\d{' + cvvLength(brand) + '}$').test(cvv) ? null : 'wrongValue';
}

/**
 * MM/YY with the slash put in automatically: '123' -> '12/3'; a first digit 2-9 is a one-digit
 * month ('4' -> '04'); a slash typed after two digits stays ('12/'), deleting it deletes it.
 */
/** @param {string} raw @returns {string} */
export function formatExpiry(raw) {
  const oneDigitMonth = /^\s*(\d)\s*\//.exec(raw);
  let d = digitsOf(raw);
  if (oneDigitMonth && d.length >= 1) d = '0' + d;
  else if (/^[2-9]/.test(d)) d = '0' + d;
  d = d.slice(0, 4);
  if (d.length > 2) return d.slice(0, 2) + '/' + d.slice(2);
  if (d.length === 2 && String(raw).includes('/')) return d + '/';
  return d;
}

/** @param {string} value @returns {boolean} */
export function isExpiryComplete(value) {
  return String(value).length >= 5;
}

/** Month 1-12, not before this month (a card is good through its month), at most 10 years ahead. */
/** @param {string} value @param {Date} now @returns {CardRuleMessageId | null} */
export function validateExpiry(value, now) {
  if (String(value).trim() === '') return 'required';
  const m = /^(\d{2})\/(\d{2})$/.exec(String(value).trim());
  if (!m) return 'date';
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return 'date';
  const months = year * 12 + (month - 1);
  const nowMonths = now.getFullYear() * 12 + now.getMonth();
  if (months < nowMonths || months > nowMonths + EXPIRY_LIMIT_YEARS * 12) return 'date';
  return null;
}

/** Letters (any script, with their marks) and spaces only, on input: digits and the rest dropped. */
/** @param {string} raw @returns {string} */
export function sanitizeName(raw) {
  return String(raw).replace(/[^\p{L}\p{M} ]/gu, '');
}

/** @param {string} name @returns {CardRuleMessageId | null} */
export function validateName(name) {
  if (String(name).trim() === '') return 'nameEmpty';
  return /^[\p{L}\p{M} ]+$/u.test(name) ? null : 'wrongValue';
}
