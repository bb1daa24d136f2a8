import type { MigrationPart } from '../../db/migrations';
import type { ReferenceVersionColumn } from '../migrations';

/**
 * This folder's part of the PostgreSQL schema (baseline version 27 = the SQLite history 1..27 in
 * one step; src/schema-versions-postgres.ts). It runs first, so besides the reference versions'
 * row it holds the three functions every later part uses:
 *
 * - reference_versions_move(column): the version triggers' function. SQLite has three row triggers
 *   per reference table (AFTER INSERT/UPDATE/DELETE, each adding 1 per row); here each table has
 *   one FOR EACH STATEMENT trigger (pgVersionTriggers) that adds 1 per statement, TRUNCATE
 *   included. The cache only asks whether a version moved, never by how much; a statement that
 *   changed no row moves it too (a needless re-read, never a stale answer).
 * - raise_refusal(message): the SQLite triggers' RAISE(ABORT, 'message') for a trigger whose
 *   condition fits its WHEN clause (PostgreSQL allows no subquery there: those triggers have a
 *   function of their own). The message text is SQLite's, word for word (repositories and tests
 *   match it); the SQLSTATE is check_violation (23514), like a CHECK constraint's: an integrity
 *   refusal, as SQLite's SQLITE_CONSTRAINT_TRIGGER is one.
 * - json_valid(text): SQLite's json_valid() for the CHECKs that use it (PostgreSQL 15 has no
 *   IS JSON): false, not an error, for text that is not JSON, so a bad value is a check_violation.
 */
export const REFERENCE_VERSION_PG_MIGRATIONS: readonly MigrationPart[] = [
  {
    version: 27,
    sql: `
      CREATE TABLE reference_versions (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        translations BIGINT NOT NULL,
        business_config BIGINT NOT NULL,
        catalogue BIGINT NOT NULL
      );
      INSERT INTO reference_versions (id, translations, business_config, catalogue) VALUES (1, 0, 0, 0);

      CREATE FUNCTION reference_versions_move() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_NARGS <> 1 OR TG_ARGV[0] NOT IN ('translations', 'business_config', 'catalogue') THEN
          RAISE EXCEPTION 'reference_versions_move: no reference version %', TG_ARGV[0];
        END IF;
        UPDATE reference_versions SET
          translations = translations + CASE WHEN TG_ARGV[0] = 'translations' THEN 1 ELSE 0 END,
          business_config = business_config + CASE WHEN TG_ARGV[0] = 'business_config' THEN 1 ELSE 0 END,
          catalogue = catalogue + CASE WHEN TG_ARGV[0] = 'catalogue' THEN 1 ELSE 0 END
        WHERE id = 1;
        RETURN NULL;
      END $$;

      CREATE FUNCTION raise_refusal() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION USING MESSAGE = TG_ARGV[0], ERRCODE = 'check_violation';
      END $$;

      CREATE FUNCTION json_valid(doc TEXT) RETURNS BOOLEAN LANGUAGE plpgsql IMMUTABLE STRICT AS $$
      BEGIN
        PERFORM doc::json;
        RETURN TRUE;
      EXCEPTION WHEN invalid_text_representation THEN
        RETURN FALSE;
      END $$;
    `,
  },
];

/**
 * The trigger that moves `column` on every statement that inserts, updates, deletes or truncates
 * `table` (a hand edit from psql moves it too): SQLite's versionTriggers, one per table.
 */
export function pgVersionTriggers(table: string, column: ReferenceVersionColumn): string {
  return `CREATE TRIGGER ${table}_moves_${column}_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION reference_versions_move('${column}');`;
}
