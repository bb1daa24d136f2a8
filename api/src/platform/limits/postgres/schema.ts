import type { MigrationPart } from '../../db/migrations';

/**
 * This folder's part of the PostgreSQL schema: version 28, the limits every API instance counts in
 * together (pg-limit-store.ts). UNLOGGED: the counts are small and short-lived, so they stay out of
 * the write-ahead log (no WAL write per limited request, nothing in WAL archives, base backups or
 * replicas); after a crash PostgreSQL empties them, which resets every window and drops the day's
 * salt: what a restart of the one SQLite process did. The same tables exist, empty, in the SQLite
 * history (../migrations.ts).
 *
 * - limit_counters: fixed windows (request budgets, the operator credential's failures, the
 *   collector's per-visitor counts, used challenge solutions). No index on reset_at: the sweep
 *   reads the small table once a minute, and a hit inside its window changes only `count`, so it
 *   can stay a HOT update (fillfactor leaves room on each page for that).
 * - limit_set_members: the transfer check's numbers per account, device and address, with the
 *   operators tried for each.
 * - limit_daily_salts: the collector's salt of the day, deleted once the day is over.
 */
export const LIMITS_PG_MIGRATIONS: readonly MigrationPart[] = [
  {
    version: 28,
    sql: `
      CREATE UNLOGGED TABLE limit_counters (
        key TEXT PRIMARY KEY,
        count BIGINT NOT NULL,
        reset_at BIGINT NOT NULL
      ) WITH (fillfactor = 70);
      CREATE UNLOGGED TABLE limit_set_members (
        set_key TEXT NOT NULL,
        member TEXT NOT NULL,
        tag TEXT NOT NULL,
        expires_at BIGINT NOT NULL,
        PRIMARY KEY (set_key, member, tag)
      );
      CREATE UNLOGGED TABLE limit_daily_salts (
        day TEXT PRIMARY KEY CHECK (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
        salt BYTEA NOT NULL CHECK (length(salt) = 32)
      );
    `,
  },
];
