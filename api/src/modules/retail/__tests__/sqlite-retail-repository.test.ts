import Database from 'better-sqlite3';
import { openSqliteRepositories } from '../../../database';
import { tempDir } from '../../../testing/harness';
import { sqliteImplementation } from '../../../testing/sqlite-repositories';
import { describeRetailRepositoryContract } from './retail-repository-contract';

/** The embedded SQLite implementation against the RetailRepository suite. */
describeRetailRepositoryContract('SQLite', sqliteImplementation());

describe('SQLite retail audit table', () => {
  it('refuses an UPDATE of an audit entry (a trigger), whoever runs it', () => {
    const dir = tempDir();
    const file = `${dir.path}/audit.sqlite`;
    const { repos } = openSqliteRepositories(file, { poolSize: 10 });
    const db = new Database(file);
    try {
      db.prepare("INSERT INTO retail_audit (at, action, shop_id, device_id, staff_id, ref) VALUES (1, 'staff_signed_in', 'dxb-mall', NULL, 'S1001', NULL)").run();
      expect(() => db.prepare("UPDATE retail_audit SET staff_id = 'S1002'").run()).toThrow(/append-only/);
      expect(db.prepare('SELECT staff_id FROM retail_audit').get()).toEqual({ staff_id: 'S1001' });
    } finally {
      db.close();
      void repos.close();
      dir.remove();
    }
  });
});
