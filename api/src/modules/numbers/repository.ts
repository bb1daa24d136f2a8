import type { Operator, RequestHeaders } from '@join/shared/contract';
import type { HoldLimits } from './holds';

export interface NumberRecord {
  msisdn: string;
  vanityLevel: number;
}

/** A transfer (MNP) hold: the external number the held pool number stands in for. */
export interface TransferRecord {
  externalMsisdn: string;
  operatorCode: string;
}

/** A user's hold of a pool number: a plain reservation, or the temporary number of a transfer. */
export interface HoldRecord extends NumberRecord {
  /** Unique over time: a new claim gets a new id, an extension keeps it. */
  reservationId: number;
  reservedAt: number;
  heldUntil: number;
  extensions: number;
  committed: boolean;
  transfer: TransferRecord | null;
}

export type ReserveResult =
  | { kind: 'reserved' | 'extended'; hold: HoldRecord }
  | { kind: 'extension_limit' }
  | { kind: 'unknown' }
  | { kind: 'taken' }
  /** This account or device let go of the number lately: it may claim it again from `until`. */
  | { kind: 'cooling_off'; until: number }
  /** An anti-hoarding limit is reached (which one is said, not to whom else it applies). */
  | { kind: 'hold_limit'; limit: 'per_number' | 'claims' | 'address' }
  /** A payment of the user is open: its number cannot be let go for another. */
  | { kind: 'payment_open' };
export type TransferReserveResult =
  | { kind: 'reserved' | 'extended'; hold: HoldRecord }
  | { kind: 'extension_limit' }
  | { kind: 'payment_open' }
  /** Another user holds a live transfer of this external number. */
  | { kind: 'in_transfer' }
  | { kind: 'no_temporary_number' };
/** not_held covers someone else's hold, a free number and an unknown one alike: holds are private. */
export type CancelResult = 'cancelled' | 'expired' | 'not_held' | 'payment_open';
/** none: no hold at all; expired: the user's hold has ended but is not swept yet. */
export type CommitResult = { kind: 'committed'; hold: HoldRecord } | { kind: 'expired' } | { kind: 'none' };

export interface NumberSearch {
  /** 0 to 7 digits of the subscriber part (after 97158); empty matches any number. */
  pattern: string;
  match: 'contains' | 'ends_with';
  vanityLevels: readonly number[];
  limit: number;
  offset: number;
}

/** How often a hold may be extended, and what to claim a transfer's temporary number from. */
export interface HoldPolicy {
  maxExtensions: number;
  temporaryVanityLevels: readonly number[];
  /** Anti-hoarding limits checked on a new claim (domain/holds.ts); none when absent. */
  limits?: HoldLimits | undefined;
}

/** Who is claiming, besides the account: what the anti-hoarding limits count by. */
export interface Claimant {
  deviceId: string;
  /** The client address key (IPv4, or an IPv6 /64). */
  address: string;
}

/** The number pool, holds (with the anti-hoarding ledger), search and transfer (MNP). */
export interface NumbersRepository {
  // --- numbers: a hold is live while held_until > now; anything else is free ---
  getActiveHold(uid: string, now: number): Promise<HoldRecord | null>;
  /**
   * Claims `msisdn` until `heldUntil`, releasing the user's previous hold, all or nothing.
   * The user's own live hold of `msisdn` is extended instead, at most policy.maxExtensions times
   * (never shortened: a payment may hold it longer). A new claim while a payment of the user is
   * open is payment_open.
   */
  reserveNumber(uid: string, msisdn: string, now: number, heldUntil: number, policy: HoldPolicy, claimant?: Claimant): Promise<ReserveResult>;
  /**
   * Releases the user's hold of `number` (a pool number, or the external number of a transfer);
   * a cancel also moves a multi-month product back to `defaultProductCode`. payment_open while a
   * payment of the user is open.
   */
  cancelHold(uid: string, number: string, now: number, defaultProductCode: number): Promise<CancelResult>;
  /** Marks the user's live hold committed (idempotent); the expiry does not move. */
  commitHold(uid: string, now: number): Promise<CommitResult>;
  /** Up to `count` distinct free numbers of the given vanity levels, spread at random over the pool. */
  pickFreeNumbers(count: number, vanityLevels: readonly number[], now: number, random: () => number): Promise<NumberRecord[]>;
  /** Free numbers matching the search, in a stable order (so pages do not overlap). */
  searchFreeNumbers(search: NumberSearch, now: number): Promise<NumberRecord[]>;

  // --- transfer (MNP) ---
  listOperators(language?: RequestHeaders['language']): Promise<Operator[]>;
  /** Who holds a live transfer of the external number, if anyone. */
  getTransferHolder(externalMsisdn: string, now: number): Promise<string | null>;
  /**
   * In one transaction: releases the user's hold (any type), claims a random free number of
   * policy.temporaryVanityLevels as the temporary number, and records the transfer on it.
   * The user's own live transfer of the same external number is extended instead. A new claim
   * while a payment of the user is open is payment_open.
   */
  reserveTransfer(
    uid: string,
    transfer: TransferRecord,
    now: number,
    heldUntil: number,
    policy: HoldPolicy,
    random: () => number,
  ): Promise<TransferReserveResult>;
  /** Housekeeping: clears holds that ended before `before`; reads already treat them as free. */
  releaseExpiredHolds(before: number): Promise<number>;
}

/** How long a paid number stays held for its buyer: until activation (a later issue) takes it over. */
export const PAID_HOLD_MS = 90 * 24 * 3600_000;
