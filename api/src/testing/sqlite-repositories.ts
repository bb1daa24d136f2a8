import { join } from 'node:path';
import { openSqliteStore, type SqliteStore } from '../database';
import { tempDir } from './harness';
import type { RepositoryImplementation } from './repository-contract';

/**
 * The embedded SQLite implementation as the repository contract suites take it: a fresh file,
 * migrated and seeded, per suite; further connections (the races' workers) through
 * sqlite-connect.ts.
 */
export function sqliteImplementation(): RepositoryImplementation<SqliteStore> {
  return {
    open: async () => {
      const dir = tempDir();
      const location = join(dir.path, 'contract.sqlite');
      const { store } = openSqliteStore(location, { poolSize: 2000 });
      return {
        store,
        location,
        dispose: async () => {
          await store.close();
          dir.remove();
        },
      };
    },
    connectModule: join(__dirname, 'sqlite-connect.ts'),
  };
}
