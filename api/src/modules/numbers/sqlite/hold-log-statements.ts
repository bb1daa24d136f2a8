import type { Database } from 'better-sqlite3';
import type { HoldLogEntry } from '../number-rows';

/** The hold ledger's SQL (migration 7; its entry: ../number-rows.ts): what the anti-hoarding limits count. */
export function holdLogStatements(db: Database) {
  const who = '(uid = @uid OR device_id = @deviceId)';
  return {
    insert: db.prepare<[HoldLogEntry]>(
      `INSERT INTO hold_log (reservation_id, msisdn, uid, device_id, address, vip, granted_at, ends_at)
       VALUES (@reservationId, @msisdn, @uid, @deviceId, @address, @vip, @grantedAt, @endsAt)`,
    ),
    /** An extension: the claim now ends later. */
    extend: db.prepare<[{ reservationId: number; endsAt: number }]>('UPDATE hold_log SET ends_at = @endsAt WHERE reservation_id = @reservationId'),
    /** A release before the end: the claim ended now. */
    end: db.prepare<[{ reservationId: number; now: number }]>(
      'UPDATE hold_log SET ends_at = MAX(granted_at, MIN(ends_at, @now)) WHERE reservation_id = @reservationId',
    ),
    /** When this account or device last let go of the number (a release, a swap or an expiry), if lately. */
    lastEnd: db.prepare<[{ msisdn: string; uid: string; deviceId: string; since: number }], { ends_at: number | null }>(
      `SELECT MAX(ends_at) AS ends_at FROM hold_log WHERE msisdn = @msisdn AND ${who} AND ends_at > @since`,
    ),
    /** How long this account or device has held the number since `since`, up to now. */
    heldFor: db.prepare<[{ msisdn: string; uid: string; deviceId: string; since: number; now: number }], { ms: number | null }>(
      `SELECT SUM(MIN(ends_at, @now) - MAX(granted_at, @since)) AS ms FROM hold_log
       WHERE msisdn = @msisdn AND ${who} AND ends_at > @since`,
    ),
    /** Claims (not extensions) this account or device made since `since`, VIP or not. */
    claimsSince: db.prepare<[{ uid: string; deviceId: string; vip: number; since: number }], { n: number }>(
      `SELECT COUNT(*) AS n FROM hold_log WHERE ${who} AND vip = @vip AND granted_at > @since`,
    ),
    /** Live holds taken from this address, VIP or not. */
    liveFromAddress: db.prepare<[{ address: string; vip: number; now: number }], { n: number }>(
      'SELECT COUNT(*) AS n FROM hold_log WHERE address = @address AND vip = @vip AND ends_at > @now',
    ),
    prune: db.prepare<[number]>('DELETE FROM hold_log WHERE ends_at < ?'),
  };
}
