import type { MigrationPart } from '../../db/migrations';

/**
 * This folder's part of the PostgreSQL schema: the visitors (users) and their sessions, in their
 * shape at SQLite version 27 (baseline; src/schema-versions-postgres.ts). The columns other
 * folders added to users and sessions in SQLite (flow context, account, identity flags, the paid
 * flag) are added by those folders' parts, as there; so is users.current_product_code's foreign
 * key, which the catalogue's part adds once products exists.
 */
export const SESSION_PG_MIGRATIONS: readonly MigrationPart[] = [
  {
    version: 27,
    sql: `
      CREATE TABLE users (
        uid TEXT PRIMARY KEY,
        device_id TEXT NOT NULL UNIQUE,
        created_at BIGINT NOT NULL,
        current_product_code BIGINT,
        product_saved INTEGER NOT NULL DEFAULT 0 CHECK (product_saved IN (0, 1)),
        number_flag INTEGER NOT NULL DEFAULT 0 CHECK (number_flag IN (0, 1)),
        plan_flag INTEGER NOT NULL DEFAULT 0 CHECK (plan_flag IN (0, 1))
      );
      CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        uid TEXT NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        device_id TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        last_seen_at BIGINT NOT NULL
      );
      CREATE INDEX sessions_by_last_seen ON sessions (last_seen_at);
      -- The retention sweep's index (flow/retention.ts): visitors by their first visit; sessions by user for the cascade from users.
      CREATE INDEX users_by_created ON users (created_at);
      CREATE INDEX sessions_by_uid ON sessions (uid);
    `,
  },
];
