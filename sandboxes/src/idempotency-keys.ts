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

  /** This key before: 'new', 'reused' (with another request: 422), or the id of what the same request made. */
  recall(key: string, fingerprint: string): 'new' | 'reused' | { id: string } {
    const known = this.records.get(key);
    if (!known) return 'new';
    return known.fingerprint === fingerprint ? { id: known.id } : 'reused';
  }

  remember(key: string, fingerprint: string, id: string, at: number = this.now()): void {
    this.records.set(key, { fingerprint, id, at });
  }

  /** Forgets the keys older than the retention. */
  prune(): void {
    const before = this.now() - this.retentionMs;
    for (const [key, record] of this.records) if (record.at < before) this.records.delete(key);
  }
}
