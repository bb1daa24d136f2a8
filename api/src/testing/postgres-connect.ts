import { connectPostgresRepositories } from '../database-postgres';
import type { Repositories } from '../repositories';

/** A further connection (its own pool) to an already migrated and seeded PostgreSQL database. */
export async function connectRepositories(location: string): Promise<Repositories> {
  return connectPostgresRepositories(location);
}
