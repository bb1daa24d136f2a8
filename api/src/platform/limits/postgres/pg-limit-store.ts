import type { PoolClient } from 'pg';
import type { PgDatabase } from '../../db/postgres/pg-database';
import { decideSets, type LimitStore, type SetAnswer, type SetRule, type WindowCount } from '../limit-store';

/**
 * The limits in PostgreSQL (schema version 28, postgres/schema.ts): every API instance counts in
 * the same UNLOGGED rows. A hit is one statement, one round trip: an INSERT that, on the key's
 * existing row, adds to the count or starts a new window when the old one has ended, and returns
 * the row. The transfer check's sets take one short transaction with their keys locked. Queries go
 * to the pool itself, never into a transaction a repository may have open on this call chain: a
 * count must stand even if that transaction rolls back.
 */
export class PgLimitStore implements LimitStore {
  readonly shared = true;

  constructor(private readonly db: PgDatabase) {}

  async hit(key: string, windowMs: number, now: number, amount = 1): Promise<WindowCount> {
    const { rows } = await this.db.pool.query<{ count: number; reset_at: number }>(
      `INSERT INTO limit_counters AS c (key, count, reset_at) VALUES ($1, $2::bigint, $3::bigint + $4::bigint)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN c.reset_at <= $3::bigint THEN $2::bigint ELSE c.count + $2::bigint END,
         reset_at = CASE WHEN c.reset_at <= $3::bigint THEN $3::bigint + $4::bigint ELSE c.reset_at END
       RETURNING count, reset_at`,
      [key, amount, now, windowMs],
    );
    const row = rows[0];
    if (!row) throw new Error('limit_counters: no row returned');
    return { count: Number(row.count), resetAt: Number(row.reset_at) };
  }

  async peek(key: string, now: number): Promise<WindowCount | null> {
    const { rows } = await this.db.pool.query<{ count: number; reset_at: number }>('SELECT count, reset_at FROM limit_counters WHERE key = $1 AND reset_at > $2::bigint', [key, now]);
    const row = rows[0];
    return row ? { count: Number(row.count), resetAt: Number(row.reset_at) } : null;
  }

  async addToSets(rules: readonly SetRule[], member: string, tag: string, windowMs: number, now: number): Promise<SetAnswer> {
    const sets = rules.map((r) => r.set);
    return this.inTransaction(async (client) => {
      // One transaction per check at a time for these sets, whichever instance it runs on; the
      // keys in one order, so two checks sharing sets never wait for each other in a circle.
      for (const set of [...new Set(sets)].sort()) await client.query("SELECT pg_advisory_xact_lock(hashtextextended('limit-set:' || $1, 0))", [set]);
      const { rows } = await client.query<{ set_key: string; member: string; tag: string; expires_at: number }>(
        'SELECT set_key, member, tag, expires_at FROM limit_set_members WHERE set_key = ANY($1::text[]) AND expires_at > $2::bigint',
        [sets, now],
      );
      const live = new Map<string, Map<string, { tags: Set<string>; expiresAt: number }>>();
      for (const row of rows) {
        const members = live.get(row.set_key) ?? new Map<string, { tags: Set<string>; expiresAt: number }>();
        const entry = members.get(row.member) ?? { tags: new Set<string>(), expiresAt: Number(row.expires_at) };
        entry.tags.add(row.tag);
        members.set(row.member, entry);
        live.set(row.set_key, members);
      }
      const answer = decideSets(rules, (set) => live.get(set) ?? new Map(), member, tag);
      if (!answer.added) return answer;
      const expires = sets.map((set) => live.get(set)?.get(member)?.expiresAt ?? now + windowMs);
      // An expired row of the same (set, member, tag) is taken over with the new expiry.
      await client.query(
        `INSERT INTO limit_set_members AS m (set_key, member, tag, expires_at)
         SELECT s, $2, $3, e FROM unnest($1::text[], $4::bigint[]) AS t(s, e)
         ON CONFLICT (set_key, member, tag) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE m.expires_at <= $5::bigint`,
        [sets, member, tag, expires, now],
      );
      return answer;
    });
  }

  async dailySalt(day: string, candidate: Buffer): Promise<Buffer> {
    // One statement: the earlier days' salts go, and the day's salt is the stored one or this one.
    const { rows } = await this.db.pool.query<{ salt: Buffer }>(
      `WITH gone AS (DELETE FROM limit_daily_salts WHERE day < $1)
       INSERT INTO limit_daily_salts AS s (day, salt) VALUES ($1, $2)
       ON CONFLICT (day) DO UPDATE SET salt = s.salt
       RETURNING salt`,
      [day, candidate],
    );
    const row = rows[0];
    if (!row) throw new Error('limit_daily_salts: no row returned');
    return row.salt;
  }

  async sweep(now: number): Promise<number> {
    const today = new Date(now).toISOString().slice(0, 10);
    const { rows } = await this.db.pool.query<{ gone: number }>(
      `WITH c AS (DELETE FROM limit_counters WHERE reset_at <= $1::bigint RETURNING 1),
            m AS (DELETE FROM limit_set_members WHERE expires_at <= $1::bigint RETURNING 1),
            s AS (DELETE FROM limit_daily_salts WHERE day < $2 RETURNING 1)
       SELECT (SELECT count(*) FROM c) + (SELECT count(*) FROM m) + (SELECT count(*) FROM s) AS gone`,
      [now, today],
    );
    return Number(rows[0]?.gone ?? 0);
  }

  private async inTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.db.pool.connect();
    let broken = false;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (e) {
      try {
        await client.query('ROLLBACK');
      } catch {
        broken = true;
      }
      throw e;
    } finally {
      client.release(broken);
    }
  }
}
