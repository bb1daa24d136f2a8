import type { Database } from 'better-sqlite3';
import { migrate } from './migrations';
import { openDatabase } from './open-database';
import { seedDatabase, type SeedOptions, type SeedReport } from './seed-db';
import { SqliteStore } from './sqlite-store';

/**
 * Opens (creating if need be), migrates and seeds a SQLite database and wraps it in the
 * Store. A caller that passes an open database keeps ownership of it.
 */
export interface OpenedStore {
  store: SqliteStore;
  migrationsApplied: number[];
  seed: SeedReport;
  seedMs: number;
}

export function openSqliteStore(source: string | Database, options: SeedOptions & { now?: number } = {}): OpenedStore {
  const owns = typeof source === 'string';
  const db = typeof source === 'string' ? openDatabase(source) : source;
  try {
    const migrationsApplied = migrate(db, options.now ?? Date.now());
    const started = performance.now();
    const seed = seedDatabase(db, options);
    return { store: new SqliteStore(db, owns), migrationsApplied, seed, seedMs: Math.round(performance.now() - started) };
  } catch (e) {
    if (owns) db.close();
    throw e;
  }
}
