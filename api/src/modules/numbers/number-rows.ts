import type { HoldRecord } from './repository';

/**
 * The numbers module's stored rows and their mapping to records, shared by the SQLite
 * (sqlite/) and PostgreSQL (postgres/) repositories: the SQL differs by dialect, what a row
 * means does not. A column added to `numbers` or `hold_log` is added here once.
 */

/** A row of `numbers`. A hold counts only while held_until > now (the caller's clock). */
export interface NumberRow {
  msisdn: string;
  vanity_level: number;
  holder: string | null;
  reservation_id: number | null;
  reserved_at: number | null;
  held_until: number | null;
  extensions: number;
  committed: number;
  transfer_msisdn: string | null;
  transfer_operator: string | null;
}

/** What a new claim writes on a free number. */
export interface ClaimParams {
  uid: string;
  id: number;
  now: number;
  until: number;
  msisdn: string;
  transfer: string | null;
  operator: string | null;
}

/** A claim's entry in the hold ledger (`hold_log`): what the anti-hoarding limits count. */
export interface HoldLogEntry {
  reservationId: number;
  msisdn: string;
  uid: string;
  deviceId: string;
  address: string;
  vip: number;
  grantedAt: number;
  endsAt: number;
}

export function toHold(row: NumberRow): HoldRecord {
  return {
    msisdn: row.msisdn,
    vanityLevel: row.vanity_level,
    reservationId: row.reservation_id ?? 0,
    reservedAt: row.reserved_at ?? 0,
    heldUntil: row.held_until ?? 0,
    extensions: row.extensions,
    committed: row.committed === 1,
    transfer:
      row.transfer_msisdn !== null && row.transfer_operator !== null
        ? { externalMsisdn: row.transfer_msisdn, operatorCode: row.transfer_operator }
        : null,
  };
}
