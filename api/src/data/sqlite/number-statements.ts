import type { Database } from 'better-sqlite3';

/**
 * The number pool's SQL. A hold counts only while held_until > now; every query compares
 * with the caller's clock, so an expired hold is free the moment it ends, before any sweep.
 */
export interface NumberRow {
  msisdn: string;
  vanity_level: number;
  holder: string | null;
  reserved_at: number | null;
  held_until: number | null;
}

const RELEASE = 'holder = NULL, reserved_at = NULL, held_until = NULL';

export function numberStatements(db: Database) {
  return {
    get: db.prepare<[string], NumberRow>('SELECT msisdn, vanity_level, holder, reserved_at, held_until FROM numbers WHERE msisdn = ?'),
    activeHoldOf: db.prepare<[string, number], NumberRow>(
      'SELECT msisdn, vanity_level, holder, reserved_at, held_until FROM numbers WHERE holder = ? AND held_until > ?',
    ),
    releaseAllOf: db.prepare<[string]>(`UPDATE numbers SET ${RELEASE} WHERE holder = ?`),
    releaseOne: db.prepare<[string, string]>(`UPDATE numbers SET ${RELEASE} WHERE msisdn = ? AND holder = ?`),
    // The claim itself: conditional, so of two writers only one can change the row.
    claim: db.prepare<[{ uid: string; now: number; until: number; msisdn: string }]>(
      `UPDATE numbers SET holder = @uid, reserved_at = @now, held_until = @until
       WHERE msisdn = @msisdn AND (holder IS NULL OR held_until <= @now)`,
    ),
    maxRowid: db.prepare<[], { max: number | null }>('SELECT MAX(rowid) AS max FROM numbers'),
    // Seeks by rowid from a random start: an index walk of a few rows, not a sort of the pool.
    nextFree: db.prepare<[{ start: number; levels: string; now: number }], NumberRow>(
      `SELECT msisdn, vanity_level, holder, reserved_at, held_until FROM numbers
       WHERE rowid >= @start AND vanity_level IN (SELECT value FROM json_each(@levels))
         AND (holder IS NULL OR held_until <= @now)
       ORDER BY rowid LIMIT 1`,
    ),
    sweep: db.prepare<[number]>(`UPDATE numbers SET ${RELEASE} WHERE holder IS NOT NULL AND held_until <= ?`),
  };
}
