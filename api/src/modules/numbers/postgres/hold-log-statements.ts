import type { PgDatabase } from '../../../platform/db/postgres/pg-database';
import type { HoldLogEntry } from '../number-rows';

/** The hold ledger's SQL (the SQLite statements of sqlite/hold-log-statements.ts): what the anti-hoarding limits count. */
/** This account or this device, whichever: $2 the uid, $3 the device id. */
const WHO = '(uid = $2 OR device_id = $3)';

export function holdLogStatements(db: PgDatabase) {
  return {
    insert: (e: HoldLogEntry) =>
      db.run(
        `INSERT INTO hold_log (reservation_id, msisdn, uid, device_id, address, vip, granted_at, ends_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [e.reservationId, e.msisdn, e.uid, e.deviceId, e.address, e.vip, e.grantedAt, e.endsAt],
      ),
    /** An extension: the claim now ends later. */
    extend: (reservationId: number, endsAt: number) => db.run('UPDATE hold_log SET ends_at = $2 WHERE reservation_id = $1', [reservationId, endsAt]),
    /** A release before the end: the claim ended now. */
    end: (reservationId: number, now: number) =>
      db.run('UPDATE hold_log SET ends_at = GREATEST(granted_at, LEAST(ends_at, $2)) WHERE reservation_id = $1', [reservationId, now]),
    /** When this account or device last let go of the number (a release, a swap or an expiry), if lately. */
    lastEnd: async (w: { msisdn: string; uid: string; deviceId: string; since: number }) =>
      (
        await db.one<{ ends_at: number | null }>(`SELECT MAX(ends_at) AS ends_at FROM hold_log WHERE msisdn = $1 AND ${WHO} AND ends_at > $4`, [
          w.msisdn,
          w.uid,
          w.deviceId,
          w.since,
        ])
      ).ends_at,
    /** How long this account or device has held the number since `since`, up to now (SUM of BIGINT is numeric: cast back). */
    heldFor: async (w: { msisdn: string; uid: string; deviceId: string; since: number; now: number }) =>
      (
        await db.one<{ ms: number | null }>(
          `SELECT SUM(LEAST(ends_at, $5) - GREATEST(granted_at, $4))::bigint AS ms FROM hold_log
           WHERE msisdn = $1 AND ${WHO} AND ends_at > $4`,
          [w.msisdn, w.uid, w.deviceId, w.since, w.now],
        )
      ).ms,
    /** Claims (not extensions) this account or device made since `since`, VIP or not. */
    claimsSince: async (w: { uid: string; deviceId: string; vip: number; since: number }) =>
      (
        await db.one<{ n: number }>(`SELECT COUNT(*) AS n FROM hold_log WHERE ${WHO} AND vip = $4 AND granted_at > $1`, [
          w.since,
          w.uid,
          w.deviceId,
          w.vip,
        ])
      ).n,
    /** Live holds taken from this address, VIP or not. */
    liveFromAddress: async (w: { address: string; vip: number; now: number }) =>
      (
        await db.one<{ n: number }>('SELECT COUNT(*) AS n FROM hold_log WHERE address = $1 AND vip = $2 AND ends_at > $3', [
          w.address,
          w.vip,
          w.now,
        ])
      ).n,
    prune: (before: number) => db.run('DELETE FROM hold_log WHERE ends_at < $1', [before]),
  };
}
