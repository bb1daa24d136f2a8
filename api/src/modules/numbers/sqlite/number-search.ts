import type { Database, Statement } from 'better-sqlite3';
import { VANITY_LEVELS } from '@join/shared/contract';
import type { NumberRecord, NumberSearch } from '../repository';

/**
 * Number search over the pool (1,000,000 numbers in the benchmark) in a few milliseconds.
 *
 * The numbers_search FTS5 table (migration 2) holds one document per number, keyed by its
 * rowid: "<7 subscriber digits>$$ v<level>", e.g. "1234567$$ v03". Its trigram tokenizer
 * turns that into 123 234 345 456 567 67$ 7$$ and the tier token v03, so:
 *
 * - contains, 3+ digits: every trigram of the pattern (AND);
 * - ends with, any length: the pattern's trigrams with the end anchor ("67$" = ends in 67);
 * - a tier set without basic (the rare tiers): an OR of tier tokens, so 2,700 diamonds are a
 *   short posting list rather than a million-row scan;
 * - anything else (no pattern, or 1-2 digits "contains", with basic numbers allowed) matches
 *   densely, so a plain scan in rowid order finds a page within a few dozen rows.
 *
 * The index is detail=none (no positions, so small), which means it only narrows: every
 * candidate is checked against its row (pattern, level, and that it is free), and the index
 * result comes in rowid order, so LIMIT stops the walk early and no sort is needed. Paging is
 * by rowid order in both paths, which is stable; the pool's rowids are shuffled at seeding, so
 * the order looks random to a visitor.
 */
const tierToken = (level: number): string => `v${String(level).padStart(2, '0')}`;

function trigramsOf(text: string): string[] {
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= text.length; i++) grams.add(text.slice(i, i + 3));
  return [...grams];
}

/** The FTS5 MATCH expression for a search, or null when a scan in rowid order is the better path. */
export function searchIndexQuery(search: Pick<NumberSearch, 'pattern' | 'match' | 'vanityLevels'>): string | null {
  const { pattern, match, vanityLevels } = search;
  const terms: string[] = [];
  if (match === 'contains' && pattern.length >= 3) terms.push(...trigramsOf(pattern));
  if (match === 'ends_with' && pattern.length > 0) {
    const anchored = trigramsOf(`${pattern}$$`);
    // "x$$" (ends in one digit: a tenth of the pool) adds nothing once "xy$" is there.
    terms.push(...(pattern.length >= 2 ? anchored.filter((t) => !t.endsWith('$$')) : anchored));
  }
  const quoted = terms.map((t) => `"${t}"`);
  // Basic numbers are most of the pool: filtering them on the row is cheaper than merging
  // their posting list, so only a set of rarer tiers goes into the index query.
  if (!vanityLevels.includes(VANITY_LEVELS.basic)) quoted.push(`(${vanityLevels.map((l) => `"${tierToken(l)}"`).join(' OR ')})`);
  return quoted.length > 0 ? quoted.join(' AND ') : null;
}

interface SearchParams {
  query?: string;
  pattern: string;
  endsWith: number;
  levels: string;
  now: number;
  limit: number;
  offset: number;
}

/** The row checks both paths share: the pattern itself, the tier and that nobody holds it. */
const ROW_CHECKS = `
  (@pattern = '' OR CASE WHEN @endsWith = 1 THEN substr(n.msisdn, -length(@pattern)) = @pattern
                         ELSE instr(substr(n.msisdn, 6), @pattern) > 0 END)
  AND n.vanity_level IN (SELECT value FROM json_each(@levels))
  AND (n.holder IS NULL OR n.held_until <= @now)`;

export class NumberSearcher {
  readonly viaIndex: Statement<[SearchParams], NumberRecord>;
  readonly viaScan: Statement<[SearchParams], NumberRecord>;

  constructor(db: Database) {
    this.viaIndex = db.prepare(
      `SELECT n.msisdn AS msisdn, n.vanity_level AS vanityLevel
       FROM numbers_search s JOIN numbers n ON n.rowid = s.rowid
       WHERE numbers_search MATCH @query AND ${ROW_CHECKS}
       ORDER BY s.rowid LIMIT @limit OFFSET @offset`,
    );
    this.viaScan = db.prepare(
      `SELECT n.msisdn AS msisdn, n.vanity_level AS vanityLevel FROM numbers n
       WHERE ${ROW_CHECKS}
       ORDER BY n.rowid LIMIT @limit OFFSET @offset`,
    );
  }

  search(search: NumberSearch, now: number): NumberRecord[] {
    const params: SearchParams = {
      pattern: search.pattern,
      endsWith: search.match === 'ends_with' ? 1 : 0,
      levels: JSON.stringify(search.vanityLevels),
      now,
      limit: search.limit,
      offset: search.offset,
    };
    const query = searchIndexQuery(search);
    return query === null ? this.viaScan.all(params) : this.viaIndex.all({ ...params, query });
  }
}
