import type { ProviderResult } from '../platform/provider-result';

/**
 * What the in-memory provider fakes (courier, eSIM, BNPL) keep alike: their records in the order
 * made, each under the idempotency key that made it, as a real provider is honest about it (the
 * same key answers the same record, never a second one), with ids numbered `<prefix>_000001` on.
 * Not a test itself, and never used by the server.
 */
export class FakeLedger<T extends { id: string; request: unknown }> {
  /** Every record made (one per idempotency key), in order, with the request that made it. */
  readonly all: T[] = [];
  private readonly byKey = new Map<string, string>();

  constructor(private readonly prefix: string) {}

  /** The record an earlier call with this key made, if any. */
  madeWith(idempotencyKey: string): T | undefined {
    const id = this.byKey.get(idempotencyKey);
    return id === undefined ? undefined : this.find(id);
  }

  /** The id the next record gets, and its number. */
  next(): { id: string; n: number } {
    const n = this.all.length + 1;
    return { id: `${this.prefix}_${String(n).padStart(6, '0')}`, n };
  }

  add(idempotencyKey: string, record: T): T {
    this.all.push(record);
    this.byKey.set(idempotencyKey, record.id);
    return record;
  }

  find(id: string | undefined): T | undefined {
    return id === undefined ? undefined : this.all.find((r) => r.id === id);
  }

  /** A read by id as a provider answers it: the record's view, or not_found. */
  read<V>(id: string, view: (record: T) => V): ProviderResult<V, 'not_found'> {
    const record = this.find(id);
    return record ? { ok: true, value: view(record) } : { ok: false, reason: 'not_found' };
  }
}
