import { VANITY_LEVELS } from '@join/shared/contract';

/**
 * Vanity level of a number, from its seven subscriber digits (the part after 97158 that a
 * person reads and remembers). Checked from the rarest tier down, so a number gets the best
 * tier it qualifies for (SPEC 9: bronze 3 identical digits, gold 4, diamond 5, red a pattern).
 */
export type VanityLevelId = (typeof VANITY_LEVELS)[keyof typeof VANITY_LEVELS];

const SUBSCRIBER_DIGITS = /^\d{7}$/;
// A module-level copy: classifying a big pool makes millions of calls (see prng.ts).
const { max } = Math;
const MSISDN_PREFIX = '97158';

/** Length of the longest run of one digit repeated back to back. */
export function longestRepeat(digits: string): number {
  let best = 1;
  let run = 1;
  for (let i = 1; i < digits.length; i++) {
    run = digits[i] === digits[i - 1] ? run + 1 : 1;
    best = max(best, run);
  }
  return best;
}

/** Length of the longest run climbing or falling by one per digit (12345, 98765). */
export function longestStepRun(digits: string): number {
  let best = 1;
  let up = 1;
  let down = 1;
  for (let i = 1; i < digits.length; i++) {
    const step = digits.charCodeAt(i) - digits.charCodeAt(i - 1);
    up = step === 1 ? up + 1 : 1;
    down = step === -1 ? down + 1 : 1;
    best = max(best, up, down);
  }
  return best;
}

/** True when the digits repeat with the given period all the way through (ABABABA, ABCABCA). */
export function repeatsWithPeriod(digits: string, period: number): boolean {
  for (let i = period; i < digits.length; i++) if (digits[i] !== digits[i - period]) return false;
  return true;
}

export function isPalindrome(digits: string): boolean {
  return digits === [...digits].reverse().join('');
}

/** Runs of exactly two identical digits (1123345 has two: 11 and 33). */
export function countPairs(digits: string): number {
  let pairs = 0;
  let run = 1;
  for (let i = 1; i <= digits.length; i++) {
    if (i < digits.length && digits[i] === digits[i - 1]) run++;
    else {
      if (run === 2) pairs++;
      run = 1;
    }
  }
  return pairs;
}

function isRedPattern(digits: string): boolean {
  return longestStepRun(digits) >= 5 || repeatsWithPeriod(digits, 2) || repeatsWithPeriod(digits, 3) || isPalindrome(digits);
}

export function classifySubscriberDigits(digits: string): VanityLevelId {
  if (!SUBSCRIBER_DIGITS.test(digits)) throw new RangeError(`expected 7 subscriber digits, got "${digits}"`);
  if (isRedPattern(digits)) return VANITY_LEVELS.red;
  const repeat = longestRepeat(digits);
  if (repeat >= 5) return VANITY_LEVELS.diamond;
  if (repeat === 4) return VANITY_LEVELS.gold;
  if (repeat === 3) return VANITY_LEVELS.bronze;
  if (countPairs(digits) >= 2) return VANITY_LEVELS.basicPlus;
  return VANITY_LEVELS.basic;
}

/** The pool holds 97158 numbers only; the subscriber digits are the last seven. */
export function classifyMsisdn(msisdn: string): VanityLevelId {
  if (!msisdn.startsWith(MSISDN_PREFIX) || msisdn.length !== MSISDN_PREFIX.length + 7) {
    throw new RangeError(`expected ${MSISDN_PREFIX} and 7 digits, got "${msisdn}"`);
  }
  return classifySubscriberDigits(msisdn.slice(MSISDN_PREFIX.length));
}

export function msisdnOf(subscriberDigits: string): string {
  return MSISDN_PREFIX + subscriberDigits;
}
