import { PgDatabase } from '../../db/postgres/pg-database';
import { freshDatabase } from '../../../testing/postgres-test-cluster';
import { PgLimitStore } from '../postgres/pg-limit-store';
import { describeLimitStoreContract } from './limit-store-contract';

/**
 * The PostgreSQL store against the LimitStore suite, with a second store on its own pool as a
 * second API instance would hold: what one counts, the other sees (the races run across both).
 */
describeLimitStoreContract('PostgreSQL', async () => {
  const database = await freshDatabase();
  const [a, b] = [PgDatabase.connect(database.url, { max: 4 }), PgDatabase.connect(database.url, { max: 4 })];
  return {
    store: new PgLimitStore(a),
    other: new PgLimitStore(b),
    dispose: async () => {
      await Promise.all([a.close(), b.close()]);
      await database.drop();
    },
  };
});
