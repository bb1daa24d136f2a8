/**
 * Password-guessing throttle (ASVS 5.0 V6.3.1): failed logins are counted per e-mail AT one
 * client address (whether or not the e-mail has an account, so the answer never tells), and per
 * address over all e-mails. A few failures are free; past them each further failure locks the
 * key for a growing time (30 s, 60 s, 120 s, ... at most 15 min). Pure functions over an
 * injected clock; the repository applies them to its rows in one transaction.
 *
 * Why not per e-mail alone: a lock per e-mail is a lock anybody can put on the
 * owner. Five wrong passwords typed from anywhere used to lock the real owner's password login
 * everywhere for 15 minutes. Counted per (e-mail, address), a guesser locks only themself (and
 * whoever shares their address); the owner at their own address logs in as before. What a
 * guesser with many addresses can still do is bounded per address (5 free tries per e-mail, 20
 * over all e-mails, then growing locks) and by the per-address request budgets; see
 * api/README.md "Accounts", "Password failures".
 *
 * A counter starts afresh once the key has been quiet for the window: after its first failure
 * while still within the free ones, after its lock ran out once locking began. So an attacker
 * who waits out a lock and tries again at once keeps the longest lock (one guess per 15 min),
 * while a visitor who mistyped a few times and comes back later starts clean.
 */
export interface ThrottleRules {
  freeFailures: number;
  windowMs: number;
  firstLockMs: number;
  maxLockMs: number;
}

/** Per e-mail at one address: 5 free failures in 15 min. */
export const EMAIL_THROTTLE: Readonly<ThrottleRules> = Object.freeze({
  freeFailures: 5,
  windowMs: 15 * 60_000,
  firstLockMs: 30_000,
  maxLockMs: 15 * 60_000,
});

/**
 * Per address: more free failures, since a hotel's or an airport's guests share one address and
 * one guest's typos should not lock the others out; still, an address that sprays guesses over
 * many e-mails is slowed down the same growing way.
 */
export const ADDRESS_THROTTLE: Readonly<ThrottleRules> = Object.freeze({ ...EMAIL_THROTTLE, freeFailures: 20 });

export interface FailureRecord {
  key: string;
  count: number;
  firstAt: number;
  lastAt: number;
  lockedUntil: number | null;
}

/**
 * The key of one e-mail's failures at one address (`addressKey` of src/http/client-key.ts:
 * IPv4 as is, IPv6 by its /64). An address never holds '|', so the pair reads back one way.
 */
export const emailThrottleKey = (email: string, address: string): string => `email-at:${address}|${email.toLowerCase()}`;
export const addressThrottleKey = (address: string): string => `addr:${address}`;

/** Milliseconds the key stays locked (0: free to try). */
export function lockRemainingMs(record: FailureRecord | null, now: number): number {
  if (!record || record.lockedUntil === null) return 0;
  return Math.max(0, record.lockedUntil - now);
}

function isStale(record: FailureRecord, now: number, rules: ThrottleRules): boolean {
  const quietSince = record.lockedUntil ?? record.firstAt;
  return now - quietSince >= rules.windowMs;
}

/** The lock after the `count`-th failure: none while free, then doubling from firstLockMs to maxLockMs. */
export function lockMsFor(count: number, rules: ThrottleRules): number {
  const over = count - rules.freeFailures;
  if (over <= 0) return 0;
  // 2 ** 30 would overflow nothing here, but the cap is reached long before: stop doubling there.
  return Math.min(rules.firstLockMs * 2 ** Math.min(over - 1, 30), rules.maxLockMs);
}

/** The record after one more failure. */
export function afterFailure(previous: FailureRecord | null, key: string, now: number, rules: ThrottleRules): FailureRecord {
  const fresh = previous === null || isStale(previous, now, rules);
  const count = fresh ? 1 : previous.count + 1;
  const lockMs = lockMsFor(count, rules);
  return {
    key,
    count,
    firstAt: fresh ? now : previous.firstAt,
    lastAt: now,
    lockedUntil: lockMs > 0 ? now + lockMs : fresh ? null : previous.lockedUntil,
  };
}
