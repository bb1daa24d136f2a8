import type { PgDatabase } from '../../../platform/db/postgres/pg-database';
import type { NumberRecord, NumberSearch } from '../repository';

/**
 * Number search over the pool, the PostgreSQL equivalent of sqlite/number-search.ts (its FTS5
 * trigram table): the pg_trgm GIN index numbers_search on `substr(msisdn, 6)` (the subscriber
 * digits) and numbers_by_tier on (vanity_level, seq), as schema.ts describes. One query serves
 * every search; the planner picks the path SQLite's code picked by hand:
 *
 * - contains 3+ digits: the AND of the pattern's trigrams in the GIN index;
 * - ends with 2+ digits: pg_trgm pads the end of the digits, so the anchored trigram narrows it
 *   (the FTS "$$" anchor);
 * - a tier set without basic numbers: numbers_by_tier;
 * - anything else (no pattern, 1-2 digits contains, 1 digit ends with, basic allowed) matches
 *   densely: a walk of numbers_seq_key in seq order that stops at LIMIT.
 *
 * Every candidate is checked on its row (pattern, tier, free), and pages are in seq order (the
 * pool is shuffled at seeding, so it looks random to a visitor): stable, so pages do not
 * overlap. The LIKE must read exactly `substr(msisdn, 6) LIKE $1` for the index to serve it,
 * and the query runs with its values (an unnamed statement), so it is planned for them.
 */

/** The pattern as a LIKE operand: its characters literally (the routes allow digits only; LIKE's own are escaped anyway). */
export function likeOperand(search: Pick<NumberSearch, 'pattern' | 'match'>): string {
  const literal = search.pattern.replace(/[\\%_]/g, (c) => `\\${c}`);
  return search.match === 'ends_with' ? `%${literal}` : `%${literal}%`;
}

export const SEARCH_SQL = `
  SELECT msisdn, vanity_level AS "vanityLevel" FROM numbers
  WHERE substr(msisdn, 6) LIKE $1
    AND vanity_level = ANY($2::bigint[])
    AND (holder IS NULL OR held_until <= $3)
  ORDER BY seq LIMIT $4 OFFSET $5`;

export function searchNumbers(db: PgDatabase, search: NumberSearch, now: number): Promise<NumberRecord[]> {
  return db.many<NumberRecord>(SEARCH_SQL, [likeOperand(search), search.vanityLevels, now, search.limit, search.offset]);
}
