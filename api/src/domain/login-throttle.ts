/**
 * Password-guessing throttle (ASVS 5.0 V6.3.1): failed logins are counted per e-mail (whether
 * or not it has an account, so the answer never tells) and per client address. A few failures
 * are free; past them each further failure locks the key for a growing time (30 s, 60 s,
 * 120 s, ... at most 15 min). Pure functions over an injected clock; the store applies them to
 * its rows in one transaction.
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

/** Per e-mail: LOGIN_FREE_FAILURES = 5 in 15 min. */
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

export const emailThrottleKey = (email: string): string => `email:${email.toLowerCase()}`;
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
