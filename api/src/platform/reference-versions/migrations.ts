import type { MigrationPart } from '../db/migrations';

/**
 * This folder's part of the schema: the reference data's versions (repository.ts), one row. Its
 * part of a version runs before the modules' (schema-versions.ts), so their triggers find it.
 * Version numbers are global (the whole history is named in src/schema-versions.ts); append new
 * versions, never edit an applied one.
 */
export const REFERENCE_VERSION_MIGRATIONS: readonly MigrationPart[] = [
  {
    version: 22,
    sql: `
      CREATE TABLE reference_versions (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        translations INTEGER NOT NULL,
        business_config INTEGER NOT NULL,
        catalogue INTEGER NOT NULL
      );
      INSERT INTO reference_versions (id, translations, business_config, catalogue) VALUES (1, 0, 0, 0);
    `,
  },
];

/** The reference_versions columns, one per kind of reference data. */
export type ReferenceVersionColumn = 'translations' | 'business_config' | 'catalogue';

/**
 * The triggers that move `column` on every row inserted, updated or deleted in `table` (SQLite
 * triggers run for every connection's writes: a hand edit from the sqlite3 shell moves it too).
 */
export function versionTriggers(table: string, column: ReferenceVersionColumn): string {
  return (['INSERT', 'UPDATE', 'DELETE'] as const)
    .map(
      (event) =>
        `CREATE TRIGGER ${table}_${event.toLowerCase()}_moves_${column}_version AFTER ${event} ON ${table}
         BEGIN UPDATE reference_versions SET ${column} = ${column} + 1 WHERE id = 1; END;`,
    )
    .join('\n');
}
