import { join } from 'node:path';
import { openSqliteRepositories, type SqliteRepositories } from '../database';
import { tempDir } from './harness';
import type { RepositoryImplementation } from './repository-contract';

/**
 * The embedded SQLite implementation as the repository contract suites take it: a fresh file,
 * migrated and seeded, per suite; further connections (the races' workers) through
 * sqlite-connect.ts.
 */
export function sqliteImplementation(): RepositoryImplementation<SqliteRepositories> {
  return {
    open: async () => {
      const dir = tempDir();
      const location = join(dir.path, 'contract.sqlite');
      const { repos } = openSqliteRepositories(location, { poolSize: 2000 });
      return {
        repos,
        location,
        dispose: async () => {
          await repos.close();
          dir.remove();
        },
      };
    },
    connectModule: join(__dirname, 'sqlite-connect.ts'),
  };
}
