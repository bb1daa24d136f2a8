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
  {
    // SPEC 2's smart banner: the app's listing in each store, the one source of the ratings (GET
    // /cms/rating_list and the business config's smart_banner_apps_rating, built from these rows:
    // the config's own row goes). An edit moves the business config's version: both answers follow.
    version: 26,
    sql: `
      CREATE TABLE app_store_listings (
        store TEXT PRIMARY KEY CHECK (store IN ('ios', 'android')),
        position INTEGER NOT NULL,
        name_en TEXT NOT NULL CHECK (length(name_en) BETWEEN 1 AND 40),
        name_ar TEXT NOT NULL CHECK (length(name_ar) BETWEEN 1 AND 40),
        rating REAL NOT NULL CHECK (rating BETWEEN 0 AND 5),
        rating_count INTEGER NOT NULL CHECK (rating_count >= 0),
        url TEXT NOT NULL CHECK (url LIKE 'https://%' AND length(url) <= 500)
      );
      DELETE FROM business_config WHERE key = 'smart_banner_apps_rating';
      ${versionTriggers('app_store_listings', 'business_config')}
    `,
  },
];
