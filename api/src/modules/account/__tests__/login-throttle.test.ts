import {
  ADDRESS_THROTTLE,
  EMAIL_THROTTLE,
  addressThrottleKey,
  afterFailure,
  emailThrottleKey,
  lockMsFor,
  lockRemainingMs,
  type FailureRecord,
} from '../login-throttle';

const NOW = Date.UTC(2026, 0, 15, 10, 0, 0);

function fail(times: number, start = NOW, step = 1000, from: FailureRecord | null = null): FailureRecord | null {
  let r = from;
  for (let i = 0; i < times; i += 1) r = afterFailure(r, 'email:x', start + i * step, EMAIL_THROTTLE);
  return r;
}

describe('login throttle', () => {
  it('lets 5 failures pass, then locks for 30 s, 60 s, 120 s ... up to 15 min', () => {
    expect([5, 6, 7, 8, 9, 10, 11, 12, 20].map((n) => lockMsFor(n, EMAIL_THROTTLE) / 1000)).toEqual([0, 30, 60, 120, 240, 480, 900, 900, 900]);
    const five = fail(5);
    expect(lockRemainingMs(five, NOW + 5000)).toBe(0);
    const six = afterFailure(five, 'email:x', NOW + 5000, EMAIL_THROTTLE);
    expect(lockRemainingMs(six, NOW + 5000)).toBe(30_000);
    expect(lockRemainingMs(six, NOW + 35_000)).toBe(0);
    const seven = afterFailure(six, 'email:x', NOW + 35_000, EMAIL_THROTTLE);
    expect(lockRemainingMs(seven, NOW + 35_000)).toBe(60_000);
  });

  it('starts afresh 15 min after the first of a few failures', () => {
    const four = fail(4);
    const later = afterFailure(four, 'email:x', NOW + 15 * 60_000, EMAIL_THROTTLE);
    expect(later).toMatchObject({ count: 1, lockedUntil: null });
  });

  it('keeps the longest lock for whoever tries again as soon as a lock ends', () => {
    let r = fail(6);
    for (let i = 0; i < 10; i += 1) {
      const until = r?.lockedUntil ?? 0;
      r = afterFailure(r, 'email:x', until, EMAIL_THROTTLE);
    }
    expect(lockRemainingMs(r, r?.lastAt ?? 0)).toBe(EMAIL_THROTTLE.maxLockMs);
    // Quiet for 15 min after the lock ended: clean again.
    const until = r?.lockedUntil ?? 0;
    expect(afterFailure(r, 'email:x', until + EMAIL_THROTTLE.windowMs, EMAIL_THROTTLE)).toMatchObject({ count: 1, lockedUntil: null });
  });

  it('gives a shared address more free failures than one e-mail', () => {
    expect(ADDRESS_THROTTLE.freeFailures).toBeGreaterThan(EMAIL_THROTTLE.freeFailures);
    expect(lockMsFor(EMAIL_THROTTLE.freeFailures + 1, ADDRESS_THROTTLE)).toBe(0);
    expect(lockMsFor(ADDRESS_THROTTLE.freeFailures + 1, ADDRESS_THROTTLE)).toBe(30_000);
  });

  it('keys an e-mail per address (one e-mail at two addresses is two keys), the e-mail without case', () => {
    expect(emailThrottleKey('Amira@Example.com', '198.51.100.66')).toBe(emailThrottleKey('amira@example.com', '198.51.100.66'));
    expect(emailThrottleKey('amira@example.com', '198.51.100.66')).not.toBe(emailThrottleKey('amira@example.com', '203.0.113.10'));
    expect(emailThrottleKey('amira@example.com', '2001:db8:1:2::/64')).toBe('email-at:2001:db8:1:2::/64|amira@example.com');
    // Neither an e-mail key nor an address key can pose as the other.
    expect(emailThrottleKey('x@y.ae', '1.2.3.4')).not.toBe(addressThrottleKey('1.2.3.4'));
  });
});
