import { VANITY_LEVELS } from '@join/shared/contract';
import { mulberry32, randomInt } from './prng';
import { classifySubscriberDigits, msisdnOf, type VanityLevelId } from './vanity';

/**
 * The seeded pool of numbers a visitor can pick from. Plain random digits give only a
 * handful of gold, diamond and red numbers per 100,000, so specials are made on purpose
 * until every tier has enough to search and show.
 */
export interface PoolNumber {
  msisdn: string;
  vanityLevel: VanityLevelId;
}

export const DEFAULT_POOL_SIZE = 100_000;
export const POOL_SEED = 0x5eed_71c5;
/** Each made tier gets this share of the pool (0.5% of 100,000 is 500). */
const SPECIALS_SHARE = 0.005;
/** Bound on the tries per wanted special: far above what the default pool needs. */
const MAX_TRIES_PER_SPECIAL = 20;

type Maker = (random: () => number) => string;

const DIGITS = '0123456789';
const digit = (random: () => number): string => DIGITS[randomInt(random, 10)]!;
function randomDigits(random: () => number, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += digit(random);
  return out;
}

/** Puts `block` at a random place among random digits, seven digits in all. */
function embed(random: () => number, block: string): string {
  const at = randomInt(random, 7 - block.length + 1);
  return randomDigits(random, at) + block + randomDigits(random, 7 - at - block.length);
}

const repeatBlock = (len: number): Maker => (random) => embed(random, digit(random).repeat(len));

const redMakers: Maker[] = [
  (random) => {
    const start = randomInt(random, 6); // 0..5, so a run of five stays within 0..9
    const run = Array.from({ length: 5 }, (_, i) => String(start + i)).join('');
    return embed(random, random() < 0.5 ? run : [...run].reverse().join(''));
  },
  (random) => {
    const half = randomDigits(random, 3);
    return half + digit(random) + [...half].reverse().join('');
  },
  (random) => randomDigits(random, 3).repeat(3).slice(0, 7),
];

const MAKERS: ReadonlyArray<readonly [VanityLevelId, Maker]> = [
  [VANITY_LEVELS.red, (random) => redMakers[randomInt(random, redMakers.length)]!(random)],
  [VANITY_LEVELS.diamond, repeatBlock(5)],
  [VANITY_LEVELS.gold, repeatBlock(4)],
  [VANITY_LEVELS.bronze, repeatBlock(3)],
];

export function generateNumberPool(size = DEFAULT_POOL_SIZE, seed = POOL_SEED, specialsShare = SPECIALS_SHARE): PoolNumber[] {
  const random = mulberry32(seed);
  const seen = new Set<string>();
  const pool: PoolNumber[] = [];
  const add = (digits: string, wanted?: VanityLevelId): boolean => {
    if (seen.has(digits)) return false;
    const vanityLevel = classifySubscriberDigits(digits);
    if (wanted !== undefined && vanityLevel !== wanted) return false;
    seen.add(digits);
    pool.push({ msisdn: msisdnOf(digits), vanityLevel });
    return true;
  };

  const perTier = Math.max(1, Math.floor(size * specialsShare));
  for (const [level, make] of MAKERS) {
    let made = 0;
    // A maker can produce a better tier than asked (a run of 5 inside a palindrome); those are
    // skipped. A tier has only so many distinct numbers (about 3,000 diamonds of the 10 million),
    // so a big pool stops making a tier once tries keep landing on numbers it already has; the
    // default pool never gets near that bound, so it stays the same on every machine.
    for (let tries = 0; made < perTier && pool.length < size && tries < perTier * MAX_TRIES_PER_SPECIAL; tries++) {
      if (add(make(random), level)) made++;
    }
  }
  while (pool.length < size) add(randomDigits(random, 7));

  // Shuffle so the made specials are spread over the table rather than packed at its start.
  for (let i = pool.length - 1; i > 0; i--) {
    const j = randomInt(random, i + 1);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool;
}
