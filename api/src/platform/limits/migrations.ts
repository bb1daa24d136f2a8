import type { MigrationPart } from '../db/migrations';

/**
 * This folder's part of the SQLite schema: version 28, the shared limits' tables, the same as
 * PostgreSQL's (postgres/schema.ts), so both databases keep one history of version numbers. The
 * embedded database leaves them empty: its one process counts in memory (memory-limit-store.ts);
 * they are here so that a database moved from SQLite to PostgreSQL, or read by either, has the
 * same tables at the same version.
 */
export const LIMITS_MIGRATIONS: readonly MigrationPart[] = [
  {
    version: 28,
    sql: `
      CREATE TABLE limit_counters (
        key TEXT PRIMARY KEY,
        count INTEGER NOT NULL,
        reset_at INTEGER NOT NULL
      );
      CREATE TABLE limit_set_members (
        set_key TEXT NOT NULL,
        member TEXT NOT NULL,
        tag TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        PRIMARY KEY (set_key, member, tag)
      );
      CREATE TABLE limit_daily_salts (
        day TEXT PRIMARY KEY CHECK (length(day) = 10),
        salt BLOB NOT NULL
      );
    `,
  },
];
