/**
 * What a sandbox remembers of each Idempotency-Key (the IETF draft, as the real providers do): the
 * request it came with (a fingerprint: the parsed body in the schema's order, so the same request
 * whatever its spacing) and the id of what it made, for `retentionMs` (a day), so a long-running
 * sandbox does not grow without end. The courier's jobs, the eSIM service's profiles and the BNPL
 * checkouts, captures and refunds each keep their keys in one of these.
 */
export class IdempotencyKeys {
  private readonly records = new Map<string, { fingerprint: string; id: string; at: number }>();

  constructor(
    private readonly now: () => number,
    private readonly retentionMs: number,
  ) {}

  /**
   * This key before: 'reused' with another request (422), what the same request made (looked up by
   * its id; undefined when it is gone), or undefined for a new key.
   */
  recall<T>(key: string, request: unknown, lookup: (id: string) => T | undefined): 'reused' | T | undefined {
    const known = this.records.get(key);
    if (!known) return undefined;
    return known.fingerprint === JSON.stringify(request) ? lookup(known.id) : 'reused';
  }

  remember(key: string, request: unknown, id: string, at: number = this.now()): void {
    this.records.set(key, { fingerprint: JSON.stringify(request), id, at });
  }

  /** Forgets the keys older than the retention. */
  prune(): void {
    const before = this.now() - this.retentionMs;
    for (const [key, record] of this.records) if (record.at < before) this.records.delete(key);
  }
}
