import type { AuditEntry } from '@join/shared/contract';

/**
 * What the SQLite (sqlite/) and PostgreSQL (postgres/) retail repositories share besides their
 * SQL: the one row that is not its record as selected (the audit's), and the housekeeping's
 * keep time. The other rows are their records, the columns aliased by each dialect's SELECT.
 */

/** Dead pairing codes and credentials stay a day (a late poll is told expired_token, not an unknown code), then go. */
export const DEAD_KEPT_MS = 24 * 3600_000;

/** A listAudit row: the entry with its time as stored (ms). */
export type AuditRow = Omit<AuditEntry, 'at'> & { at: number };

export const toAuditEntry = (row: AuditRow): AuditEntry => ({ ...row, at: new Date(row.at).toISOString() });
