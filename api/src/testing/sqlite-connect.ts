import { connectSqliteStore } from '../database';
import type { Store } from '../store';

/** A second (third, ...) connection to an already migrated and seeded SQLite file. */
export async function connectStore(location: string): Promise<Store> {
  return connectSqliteStore(location);
}
