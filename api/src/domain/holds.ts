import { DEFAULT_SHUFFLE_VANITY_IDS, VANITY_LEVELS } from '@join/shared/contract';

/**
 * Rules about holds the API decides on (the spec leaves them open): how often a hold may be
 * extended, what a transfer's temporary number is drawn from, and what counts as VIP.
 */

/** WCAG 2.2.1 (timing adjustable) asks that a user can extend a time limit at least ten times. */
export const MAX_HOLD_EXTENSIONS = 10;

/** A transfer's temporary number is an ordinary one: the levels of the random offer. */
export const TEMPORARY_NUMBER_LEVELS: readonly number[] = DEFAULT_SHUFFLE_VANITY_IDS;

export const HOLD_POLICY = { maxExtensions: MAX_HOLD_EXTENSIONS, temporaryVanityLevels: TEMPORARY_NUMBER_LEVELS } as const;

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
