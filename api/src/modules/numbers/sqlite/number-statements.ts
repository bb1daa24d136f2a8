import type { Database } from 'better-sqlite3';
import type { ClaimParams, NumberRow } from '../number-rows';

/**
 * The number pool's SQL (its rows: ../number-rows.ts). A hold counts only while held_until > now;
 * every query compares with the caller's clock, so an expired hold is free the moment it ends,
 * before any sweep.
 */
const COLUMNS = `msisdn, vanity_level, holder, reservation_id, reserved_at, held_until, extensions, committed,
  transfer_msisdn, transfer_operator`;
const RELEASE = `holder = NULL, reservation_id = NULL, reserved_at = NULL, held_until = NULL, extensions = 0, committed = 0,
  transfer_msisdn = NULL, transfer_operator = NULL`;

export function numberStatements(db: Database) {
  return {
    get: db.prepare<[string], NumberRow>(`SELECT ${COLUMNS} FROM numbers WHERE msisdn = ?`),
    /** The user's hold row, live or expired but not yet swept (one at most: unique index). */
    holdOf: db.prepare<[string], NumberRow>(`SELECT ${COLUMNS} FROM numbers WHERE holder = ?`),
    activeHoldOf: db.prepare<[string, number], NumberRow>(`SELECT ${COLUMNS} FROM numbers WHERE holder = ? AND held_until > ?`),
    byTransfer: db.prepare<[string], NumberRow>(`SELECT ${COLUMNS} FROM numbers WHERE transfer_msisdn = ?`),
    releaseAllOf: db.prepare<[string]>(`UPDATE numbers SET ${RELEASE} WHERE holder = ?`),
    releaseOne: db.prepare<[string, string]>(`UPDATE numbers SET ${RELEASE} WHERE msisdn = ? AND holder = ?`),
    /** A lapsed transfer claim frees its external number for the next one. */
    releaseExpiredTransfer: db.prepare<[string, number]>(
      `UPDATE numbers SET ${RELEASE} WHERE transfer_msisdn = ? AND held_until <= ?`,
    ),
    nextReservationId: db.prepare<[], { value: number }>(
      "UPDATE counters SET value = value + 1 WHERE name = 'reservation_id' RETURNING value",
    ),
    // The claim itself: conditional, so of two writers only one can change the row.
    claim: db.prepare<[ClaimParams]>(
      `UPDATE numbers SET holder = @uid, reservation_id = @id, reserved_at = @now, held_until = @until,
         extensions = 0, committed = 0, transfer_msisdn = @transfer, transfer_operator = @operator
       WHERE msisdn = @msisdn AND (holder IS NULL OR held_until <= @now)`,
    ),
    // An extension: only the holder's live hold, and only while extensions are left. Never
    // shorter than it is: a payment under way may hold the number longer.
    extend: db.prepare<[{ uid: string; msisdn: string; now: number; until: number; max: number }]>(
      `UPDATE numbers SET held_until = MAX(held_until, @until), extensions = extensions + 1
       WHERE msisdn = @msisdn AND holder = @uid AND held_until > @now AND extensions < @max`,
    ),
    commit: db.prepare<[string, number]>('UPDATE numbers SET committed = 1 WHERE holder = ? AND held_until > ?'),
    maxRowid: db.prepare<[], { max: number | null }>('SELECT MAX(rowid) AS max FROM numbers'),
    // Seeks by rowid from a random start: an index walk of a few rows, not a sort of the pool.
    nextFree: db.prepare<[{ start: number; levels: string; now: number }], NumberRow>(
      `SELECT ${COLUMNS} FROM numbers
       WHERE rowid >= @start AND vanity_level IN (SELECT value FROM json_each(@levels))
         AND (holder IS NULL OR held_until <= @now)
       ORDER BY rowid LIMIT 1`,
    ),
    sweep: db.prepare<[number]>(`UPDATE numbers SET ${RELEASE} WHERE holder IS NOT NULL AND held_until <= ?`),
  };
}
