import { join } from 'node:path';
import { connectPostgresRepositories, type PostgresRepositories } from '../database-postgres';
import type { RepositoryImplementation } from './repository-contract';
import { freshDatabase } from './postgres-test-cluster';

/**
 * The PostgreSQL implementation as the repository contract suites take it: a fresh database per
 * suite, copied from the run's migrated and seeded template (postgres-test-cluster.ts); further
 * connections (the races' workers, each its own pool) through postgres-connect.ts.
 */
export function postgresImplementation(): RepositoryImplementation<PostgresRepositories> {
  return {
    open: async () => {
      const database = await freshDatabase();
      const repos = connectPostgresRepositories(database.url);
      return {
        repos,
        location: database.url,
        dispose: async () => {
          await repos.close();
          await database.drop();
        },
      };
    },
    connectModule: join(__dirname, 'postgres-connect.ts'),
  };
}
