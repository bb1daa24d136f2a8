import type { PgDatabase } from '../../../platform/db/postgres/pg-database';
import { generateNumberPool } from '../seed/number-pool';
import { SEED_OPERATORS } from '../seed/operators';

/** The operators a number can be transferred from (inserted when missing: an operator may rename one). */
export async function seedTransfer(db: PgDatabase): Promise<void> {
  await db.run('INSERT INTO mnp_operators (code, name) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING', [
    SEED_OPERATORS.map((o) => o.code),
    SEED_OPERATORS.map((o) => o.name),
  ]);
}

/** Rows per INSERT: a few hundred kilobytes of parameters each, and few round trips for the default pool. */
const CHUNK = 50_000;

/**
 * The number pool (into an empty table only), in the generated (shuffled) order: numbers.seq
 * follows it, as SQLite's rowid does, so the random offer and the search's pages look random.
 * The caller holds the seed's lock, so two instances starting at once do not both find it empty.
 */
export async function seedNumbers(db: PgDatabase, poolSize: number): Promise<number> {
  const { count } = await db.one<{ count: number }>('SELECT COUNT(*) AS count FROM numbers');
  if (count > 0) return 0;
  const pool = generateNumberPool(poolSize);
  for (let from = 0; from < pool.length; from += CHUNK) {
    const chunk = pool.slice(from, from + CHUNK);
    await db.run(
      `INSERT INTO numbers (msisdn, vanity_level)
       SELECT msisdn, vanity_level FROM unnest($1::text[], $2::bigint[]) WITH ORDINALITY AS n(msisdn, vanity_level, i) ORDER BY i`,
      [chunk.map((n) => n.msisdn), chunk.map((n) => n.vanityLevel)],
    );
  }
  return pool.length;
}
