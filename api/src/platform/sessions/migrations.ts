import type { MigrationPart } from '../db/migrations';

/**
 * This folder's part of the schema: the visitors (users) and their sessions. Version numbers are global (the whole
 * history is named in src/schema-versions.ts, and existing databases record them); the runner
 * (platform/db/migrations.ts) applies every folder's part of a version in one transaction. Append
 * new versions; never edit an applied one.
 */
export const SESSION_MIGRATIONS: readonly MigrationPart[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE users (
        uid TEXT PRIMARY KEY,
        device_id TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL,
        current_product_code INTEGER REFERENCES products(code),
        product_saved INTEGER NOT NULL DEFAULT 0 CHECK (product_saved IN (0, 1)),
        number_flag INTEGER NOT NULL DEFAULT 0 CHECK (number_flag IN (0, 1)),
        plan_flag INTEGER NOT NULL DEFAULT 0 CHECK (plan_flag IN (0, 1))
      );
      CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        uid TEXT NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        device_id TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        last_seen_at INTEGER NOT NULL
      );
      CREATE INDEX sessions_by_last_seen ON sessions(last_seen_at);
    `,
  },
  {
    version: 15,
    sql: `
      -- The retention sweep's index (flow/retention.ts): visitors by their first visit; sessions by user for the cascade from users.
      CREATE INDEX users_by_created ON users (created_at);
      CREATE INDEX sessions_by_uid ON sessions (uid);
    `,
  },
];
