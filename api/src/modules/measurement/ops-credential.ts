import { createHash, timingSafeEqual } from 'node:crypto';
import type { LimitStore } from '../../platform/limits/limit-store';
import type { OpsFailureRules } from './deps';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/**
 * The operator credential of the operations summary: one bearer token (JOIN_OPS_TOKEN), compared
 * in constant time (both sides hashed to 32 bytes first, so neither the length nor the first wrong
 * character shows in the time taken), and the failed attempts per address, counted in the
 * LimitStore (across every instance on PostgreSQL): past `max` in `windowMs`, the address waits
 * for the window to end, right token or not.
 */
export class OpsCredential {
  private readonly expected: Buffer | null;

  constructor(
    token: string | null,
    private readonly rules: OpsFailureRules,
    private readonly now: () => number,
    private readonly failures: LimitStore,
  ) {
    this.expected = token === null ? null : digest(token);
  }

  get configured(): boolean {
    return this.expected !== null;
  }

  /** Seconds the address must still wait (0: it may try). */
  async lockedFor(address: string): Promise<number> {
    const t = this.now();
    const f = await this.failures.peek(failureKey(address), t);
    return f && f.count >= this.rules.max ? Math.ceil((f.resetAt - t) / 1000) : 0;
  }

  /** Whether the Authorization header carries the token; a wrong one counts against the address. */
  async check(authorization: string | undefined, address: string): Promise<boolean> {
    const given = /^Bearer ([\x21-\x7e]{1,512})$/.exec(authorization ?? '')?.[1];
    const ok = this.expected !== null && given !== undefined && timingSafeEqual(digest(given), this.expected);
    if (!ok) await this.failures.hit(failureKey(address), this.rules.windowMs, this.now());
    return ok;
  }
}

const failureKey = (address: string) => `ops-failures:${address}`;
