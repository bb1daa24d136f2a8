import type { Database } from 'better-sqlite3';

/**
 * Schema migrations, applied in order and recorded in schema_migrations, so opening a
 * database twice (or an older one) is safe. Append new versions; never edit an applied one.
 *
 * Each folder that owns tables (a module, the platform's sessions) keeps its own list of
 * parts; a version is global (existing databases record its number) and may have parts in
 * several folders, as the versions written before the split do. mergeMigrations joins the parts
 * of each version in the order the folders are given, and migrate applies a version, all its
 * parts, in one transaction.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** One folder's share of a schema version. */
export interface MigrationPart {
  version: number;
  sql: string;
}

/**
 * One migration per named version, its SQL the parts of every folder in the order given. A part
 * of a version the history does not name, or a named version without any part, is a mistake
 * made while adding a migration: it throws at start-up rather than leave a gap in the schema.
 */
export function mergeMigrations(names: ReadonlyMap<number, string>, folders: readonly (readonly MigrationPart[])[]): Migration[] {
  const parts = folders.flat();
  for (const part of parts) {
    if (!names.has(part.version)) throw new Error(`migration part of version ${part.version}, which the schema history does not name`);
  }
  return [...names.entries()]
    .sort(([a], [b]) => a - b)
    .map(([version, name]) => {
      const sql = parts.filter((p) => p.version === version).map((p) => p.sql);
      if (sql.length === 0) throw new Error(`schema version ${version} (${name}) has no migration part`);
      return { version, name, sql: sql.join('\n') };
    });
}

export function schemaVersion(db: Database): number {
  const row = db.prepare('SELECT MAX(version) AS version FROM schema_migrations').get() as { version: number | null };
  return row.version ?? 0;
}

/** Applies the migrations this database lacks; each in its own transaction. Returns the versions applied. */
export function migrate(db: Database, migrations: readonly Migration[], now: number): number[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
  const applied: number[] = [];
  for (const m of migrations) {
    // Read inside the loop and the transaction: another process may have migrated meanwhile.
    db.transaction(() => {
      if (schemaVersion(db) >= m.version) return;
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, now);
      applied.push(m.version);
    }).immediate();
  }
  return applied;
}
