import type { Store } from '../../store';
import { openDatabase } from '../../sqlite/open-database';
import { SqliteStore } from '../../sqlite/sqlite-store';

/** A second (third, ...) connection to an already migrated and seeded SQLite file. */
export async function connectStore(location: string): Promise<Store> {
  return new SqliteStore(openDatabase(location), true);
}
