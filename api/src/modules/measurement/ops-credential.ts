import { createHash, timingSafeEqual } from 'node:crypto';
import type { OpsFailureRules } from './deps';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/**
 * The operator credential of the operations summary: one bearer token (JOIN_OPS_TOKEN), compared
 * in constant time (both sides hashed to 32 bytes first, so neither the length nor the first wrong
 * character shows in the time taken), and the failed attempts per address, counted in memory: past
 * `max` in `windowMs`, the address waits for the window to end, right token or not.
 */
export class OpsCredential {
  private readonly expected: Buffer | null;
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    token: string | null,
    private readonly rules: OpsFailureRules,
    private readonly now: () => number,
  ) {
    this.expected = token === null ? null : digest(token);
  }

  get configured(): boolean {
    return this.expected !== null;
  }

  /** Seconds the address must still wait (0: it may try). */
  lockedFor(address: string): number {
    const f = this.failures.get(address);
    if (!f) return 0;
    const t = this.now();
    if (t >= f.resetAt) {
      this.failures.delete(address);
      return 0;
    }
    return f.count >= this.rules.max ? Math.ceil((f.resetAt - t) / 1000) : 0;
  }

  /** Whether the Authorization header carries the token; a wrong one counts against the address. */
  check(authorization: string | undefined, address: string): boolean {
    const given = /^Bearer ([\x21-\x7e]{1,512})$/.exec(authorization ?? '')?.[1];
    const ok = this.expected !== null && given !== undefined && timingSafeEqual(digest(given), this.expected);
    if (!ok) this.fail(address);
    return ok;
  }

  private fail(address: string): void {
    const t = this.now();
    // Entries of addresses that stopped trying go when their window ends; a flood of addresses is bounded.
    if (this.failures.size >= 10_000) for (const [a, f] of this.failures) if (t >= f.resetAt) this.failures.delete(a);
    const f = this.failures.get(address);
    if (!f || t >= f.resetAt) this.failures.set(address, { count: 1, resetAt: t + this.rules.windowMs });
    else f.count += 1;
  }
}
