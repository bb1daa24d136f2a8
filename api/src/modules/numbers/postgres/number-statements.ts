import type { PgDatabase } from '../../../platform/db/postgres/pg-database';
import type { ClaimParams, NumberRow } from '../number-rows';

/**
 * The number pool's SQL (the SQLite statements of sqlite/number-statements.ts, $n placeholders;
 * its rows: ../number-rows.ts).
 * A hold counts only while held_until > now; every query compares with the caller's clock, so an
 * expired hold is free the moment it ends, before any sweep. numbers.seq stands for SQLite's rowid
 * (schema.ts): the random offer seeks by it.
 */
const COLUMNS = `msisdn, vanity_level, holder, reservation_id, reserved_at, held_until, extensions, committed,
  transfer_msisdn, transfer_operator`;
const RELEASE = `holder = NULL, reservation_id = NULL, reserved_at = NULL, held_until = NULL, extensions = 0, committed = 0,
  transfer_msisdn = NULL, transfer_operator = NULL`;
/** Nobody holds it at `now` ($n: the placeholder of now). */
const free = (now: string) => `(holder IS NULL OR held_until <= ${now})`;

export function numberStatements(db: PgDatabase) {
  return {
    get: (msisdn: string) => db.maybe<NumberRow>(`SELECT ${COLUMNS} FROM numbers WHERE msisdn = $1`, [msisdn]),
    /**
     * Row-locks, in msisdn order (so two claims never wait for each other the other way round),
     * the number asked for and the user's own hold row if any: what a claim reads and then writes.
     */
    lockForClaim: (msisdn: string, uid: string) =>
      db.many<NumberRow>(`SELECT ${COLUMNS} FROM numbers WHERE msisdn = $1 OR holder = $2 ORDER BY msisdn FOR UPDATE`, [msisdn, uid]),
    /** The user's hold row, live or expired but not yet swept (one at most: unique index). */
    holdOf: (uid: string) => db.maybe<NumberRow>(`SELECT ${COLUMNS} FROM numbers WHERE holder = $1`, [uid]),
    activeHoldOf: (uid: string, now: number) => db.maybe<NumberRow>(`SELECT ${COLUMNS} FROM numbers WHERE holder = $1 AND held_until > $2`, [uid, now]),
    byTransfer: (externalMsisdn: string) => db.maybe<NumberRow>(`SELECT ${COLUMNS} FROM numbers WHERE transfer_msisdn = $1`, [externalMsisdn]),
    /** The row a cancel names (a pool number, or a transfer's external number), locked. */
    lockForCancel: (number: string) =>
      db.maybe<NumberRow>(`SELECT ${COLUMNS} FROM numbers WHERE msisdn = $1 OR transfer_msisdn = $1 ORDER BY msisdn = $1 DESC LIMIT 1 FOR UPDATE`, [
        number,
      ]),
    releaseAllOf: (uid: string) => db.run(`UPDATE numbers SET ${RELEASE} WHERE holder = $1`, [uid]),
    releaseOne: (msisdn: string, uid: string) => db.run(`UPDATE numbers SET ${RELEASE} WHERE msisdn = $1 AND holder = $2`, [msisdn, uid]),
    /** A lapsed transfer claim frees its external number for the next one. */
    releaseExpiredTransfer: (externalMsisdn: string, now: number) =>
      db.run(`UPDATE numbers SET ${RELEASE} WHERE transfer_msisdn = $1 AND held_until <= $2`, [externalMsisdn, now]),
    /** A new reservation id: a sequence, so concurrent claims never wait for each other here (schema.ts). */
    nextReservationId: async () => (await db.one<{ id: number }>("SELECT nextval('reservation_ids') AS id")).id,
    // The claim itself: conditional, so of two writers only one can change the row (the second
    // waits for the first's row lock, then re-reads the row and finds it held).
    claim: (c: ClaimParams) =>
      db.run(
        `UPDATE numbers SET holder = $3, reservation_id = $4, reserved_at = $2, held_until = $5,
           extensions = 0, committed = 0, transfer_msisdn = $6, transfer_operator = $7
         WHERE msisdn = $1 AND ${free('$2')}`,
        [c.msisdn, c.now, c.uid, c.id, c.until, c.transfer, c.operator],
      ),
    // An extension: only the holder's live hold, and only while extensions are left. Never
    // shorter than it is: a payment under way may hold the number longer.
    extend: (e: { uid: string; msisdn: string; now: number; until: number; max: number }) =>
      db.run(
        `UPDATE numbers SET held_until = GREATEST(held_until, $4), extensions = extensions + 1
         WHERE msisdn = $1 AND holder = $2 AND held_until > $3 AND extensions < $5`,
        [e.msisdn, e.uid, e.now, e.until, e.max],
      ),
    commit: (uid: string, now: number) => db.run('UPDATE numbers SET committed = 1 WHERE holder = $1 AND held_until > $2', [uid, now]),
    maxSeq: async () => (await db.one<{ max: number | null }>('SELECT MAX(seq) AS max FROM numbers')).max,
    // Seeks by seq from a random start: an index walk of a few rows, not a sort of the pool.
    // `lock` (inside a claim's transaction) row-locks the number found, skipping numbers another
    // transaction is claiming right now, so the claim that follows cannot lose it.
    nextFree: (p: { start: number; levels: readonly number[]; now: number; lock: boolean }) =>
      db.maybe<NumberRow>(
        `SELECT ${COLUMNS} FROM numbers
         WHERE seq >= $1 AND ${free('$2')} AND vanity_level = ANY($3::bigint[])
         ORDER BY seq LIMIT 1${p.lock ? ' FOR UPDATE SKIP LOCKED' : ''}`,
        [p.start, p.now, p.levels],
      ),
    // Skips rows a claim has locked this moment (it is taking or releasing them): the sweep never
    // waits for a claim nor deadlocks with one, and reads treat an ended hold as free anyway.
    sweep: (before: number) =>
      db.run(
        `UPDATE numbers SET ${RELEASE} WHERE msisdn IN (
           SELECT msisdn FROM numbers WHERE holder IS NOT NULL AND held_until <= $1 FOR UPDATE SKIP LOCKED)`,
        [before],
      ),
  };
}
