import { DEFAULT_SHUFFLE_VANITY_IDS, VANITY_LEVELS } from '@join/shared/contract';

/**
 * Rules about holds the API decides on (the spec leaves them open): how often a hold may be
 * extended, what a transfer's temporary number is drawn from, and what counts as VIP.
 */

/** WCAG 2.2.1 (timing adjustable) asks that a user can extend a time limit at least ten times. */
export const MAX_HOLD_EXTENSIONS = 10;

/** A transfer's temporary number is an ordinary one: the levels of the random offer. */
export const TEMPORARY_NUMBER_LEVELS: readonly number[] = DEFAULT_SHUFFLE_VANITY_IDS;

/**
 * Anti-hoarding: a hold is for choosing, not for keeping numbers away from others.
 * Counted per account (uid) or device (device-id header), whichever is stricter, and per client
 * address (an IPv6 /64), from the hold ledger. VIP tiers are scarce (the diamond tier is 529
 * numbers), so their limits are tighter.
 */
export interface HoldLimits {
  /** A number let go by an account or device (cancelled, swapped for another, expired) cannot be held again by it for this long. */
  coolOffMs: number;
  /** How long one account or device may hold the same number in total within `windowMs` (15 min + 10 extensions is 165 min). */
  maxHeldPerNumberMs: number;
  /** New holds (extensions not counted) one account or device may take within `windowMs`. */
  claimsPerWindow: { basic: number; vip: number };
  /** Live holds taken from one address at once. */
  liveHoldsPerAddress: { basic: number; vip: number };
  windowMs: number;
}

export const HOLD_LIMITS: HoldLimits = {
  coolOffMs: 30 * 60_000,
  maxHeldPerNumberMs: 3 * 3600_000,
  claimsPerWindow: { basic: 30, vip: 5 },
  liveHoldsPerAddress: { basic: 20, vip: 3 },
  windowMs: 24 * 3600_000,
};

export const HOLD_POLICY = { maxExtensions: MAX_HOLD_EXTENSIONS, temporaryVanityLevels: TEMPORARY_NUMBER_LEVELS, limits: HOLD_LIMITS } as const;

/** SPEC 9: bronze and above are VIP tiers (3 identical digits or better). */
export function isVipLevel(level: number | null): boolean {
  return level !== null && level >= VANITY_LEVELS.bronze;
}

/**
 * The vanity level a hold shows: its number's, except for a transfer, whose number is the
 * visitor's own external one (an ordinary number; the temporary number's level is not theirs).
 */
export function shownVanityLevel(hold: { vanityLevel: number; transfer: unknown }): number {
  return hold.transfer ? VANITY_LEVELS.basic : hold.vanityLevel;
}
