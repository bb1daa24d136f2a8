import type { MigrationPart } from '../../platform/db/migrations';
import { versionTriggers } from '../../platform/reference-versions/migrations';

/**
 * This folder's part of the schema: business configuration, translations and feedback. Version numbers are global (the whole
 * history is named in src/schema-versions.ts, and existing databases record them); the runner
 * (platform/db/migrations.ts) applies every folder's part of a version in one transaction. Append
 * new versions; never edit an applied one.
 */
export const CONTENT_MIGRATIONS: readonly MigrationPart[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE business_config (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      CREATE TABLE translations (
        container_id TEXT NOT NULL,
        language TEXT NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (container_id, language, key)
      );
    `,
  },
  {
    version: 6,
    sql: `
      -- SPEC 5: up to 50 characters. SQLite's length() counts characters, as the client does.
      CREATE TABLE feedback (
        id INTEGER PRIMARY KEY,
        uid TEXT NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        device_id TEXT NOT NULL,
        text TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 50),
        route TEXT NOT NULL CHECK (length(route) BETWEEN 1 AND 200),
        step TEXT,
        language TEXT NOT NULL CHECK (language IN ('en', 'ar')),
        created_at INTEGER NOT NULL
      );
      CREATE INDEX feedback_by_user ON feedback(uid, id);
      CREATE INDEX feedback_by_time ON feedback(created_at);
    `,
  },
  {
    // An operator may edit both tables by hand while the server runs: the served answers are
    // cached under these versions (content-routes.ts).
    version: 22,
    sql: [versionTriggers('translations', 'translations'), versionTriggers('business_config', 'business_config')].join('\n'),
  },
];
