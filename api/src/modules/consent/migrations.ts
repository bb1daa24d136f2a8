import type { MigrationPart } from '../../platform/db/migrations';

/**
 * This folder's part of the schema: the legal texts a visitor consents to (by code, version and
 * language) and each visitor's choices. Version numbers are global (the whole history is named in
 * src/schema-versions.ts); append new versions, never edit an applied one.
 *
 * What a choice answered must stay provable: a published version's texts cannot be changed, nor
 * deleted while a choice refers to them, and a choice is never changed (a withdrawal is a new row).
 * A choice goes only with its visitor (ON DELETE CASCADE from users: api/README.md "Consent").
 */
export const CONSENT_MIGRATIONS: readonly MigrationPart[] = [
  {
    version: 23,
    sql: `
      CREATE TABLE consent_versions (
        code TEXT NOT NULL CHECK (length(code) BETWEEN 1 AND 40),
        version INTEGER NOT NULL CHECK (version >= 1),
        published_at INTEGER NOT NULL,
        PRIMARY KEY (code, version)
      );
      -- One row per language of a version; purposes: a JSON array of { id, required, title, description }.
      CREATE TABLE consent_texts (
        code TEXT NOT NULL,
        version INTEGER NOT NULL,
        language TEXT NOT NULL CHECK (language IN ('en', 'ar')),
        title TEXT NOT NULL CHECK (length(title) >= 1),
        summary TEXT NOT NULL CHECK (length(summary) >= 1),
        purposes TEXT NOT NULL CHECK (json_valid(purposes) AND json_type(purposes) = 'array' AND json_array_length(purposes) >= 1),
        PRIMARY KEY (code, version, language),
        FOREIGN KEY (code, version) REFERENCES consent_versions(code, version)
      );
      CREATE TRIGGER consent_texts_fixed BEFORE UPDATE ON consent_texts
        BEGIN SELECT RAISE(ABORT, 'published consent texts are never changed: publish a new version'); END;
      CREATE TRIGGER consent_versions_fixed BEFORE UPDATE ON consent_versions
        BEGIN SELECT RAISE(ABORT, 'a published consent version is never changed: publish a new version'); END;
      CREATE TRIGGER consent_texts_kept BEFORE DELETE ON consent_texts
        WHEN EXISTS (SELECT 1 FROM consents WHERE code = OLD.code AND version = OLD.version)
        BEGIN SELECT RAISE(ABORT, 'consent texts a choice answered are kept as its proof'); END;

      -- Append-only: every choice is a row (a withdrawal too); the latest of a visitor and code wins.
      CREATE TABLE consents (
        id INTEGER PRIMARY KEY,
        uid TEXT NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        device_id TEXT NOT NULL,
        code TEXT NOT NULL,
        version INTEGER NOT NULL,
        analytics INTEGER NOT NULL CHECK (analytics IN (0, 1)),
        marketing INTEGER NOT NULL CHECK (marketing IN (0, 1)),
        created_at INTEGER NOT NULL,
        FOREIGN KEY (code, version) REFERENCES consent_versions(code, version)
      );
      CREATE INDEX consents_by_user ON consents(uid, code, id);
      CREATE TRIGGER consents_append_only BEFORE UPDATE ON consents
        BEGIN SELECT RAISE(ABORT, 'a recorded consent is never changed: record a new choice'); END;
    `,
  },
];
