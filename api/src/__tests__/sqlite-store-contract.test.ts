import { join } from 'node:path';
import { tempDir } from '../testing/harness';
import { openSqliteStore } from '../database';
import { describeStoreContract } from './store-contract/describe-store-contract';

/** The embedded SQLite store against the one Store suite, races across worker connections included. */
describeStoreContract('SQLite', {
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
  connectModule: join(__dirname, 'store-contract', 'sqlite-connect.ts'),
});
