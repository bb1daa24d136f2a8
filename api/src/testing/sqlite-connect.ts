import { connectSqliteRepositories } from '../database';
import type { Repositories } from '../repositories';

/** A second (third, ...) connection to an already migrated and seeded SQLite file. */
export async function connectRepositories(location: string): Promise<Repositories> {
  return connectSqliteRepositories(location);
}
