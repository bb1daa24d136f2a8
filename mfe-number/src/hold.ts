import { VANITY_TIER_BY_ID, type PhoneNumber, type VanityTier } from '@join/shared';
import { NUMBER_HOLD_WARNING_SECONDS } from '@join/shared/numbers';

/**
 * When the hold countdown turns into a warning: two minutes before the end, or half the hold
 * when holds are short (test servers), so the warning always comes with time to act.
 */
export function warningThresholdSeconds(n: Pick<PhoneNumber, 'ReservationDate' | 'ExpiryDate'>): number {
  if (!n.ReservationDate || !n.ExpiryDate) return NUMBER_HOLD_WARNING_SECONDS;
  const total = (Date.parse(n.ExpiryDate) - Date.parse(n.ReservationDate)) / 1000;
  return Math.min(NUMBER_HOLD_WARNING_SECONDS, Math.floor(total / 2));
}

/** The display tier of a vanity level, or null for a basic number. VIP means a tier. */
export function tierOf(vanityLevelId: number): VanityTier | null {
  return VANITY_TIER_BY_ID[vanityLevelId] ?? null;
}

export const isVip = (vanityLevelId: number): boolean => tierOf(vanityLevelId) !== null;

/** A transfer in progress: the held number stands for the visitor's own number. */
export const isTransfer = (n: PhoneNumber): boolean => n.InTransferTo !== null;
