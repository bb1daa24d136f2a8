import { postgresImplementation } from '../../../testing/postgres-repositories';
import { describeRetailRepositoryContract } from './retail-repository-contract';

/** The PostgreSQL implementation against the RetailRepository suite. */
describeRetailRepositoryContract('PostgreSQL', postgresImplementation());

describe('PostgreSQL retail audit table', () => {
  it('refuses an UPDATE of an audit entry (a trigger), whoever runs it; the sweep still deletes', async () => {
    const sut = await postgresImplementation().open();
    const { db } = sut.repos;
    try {
      await db.run("INSERT INTO retail_audit (at, action, shop_id, device_id, staff_id, ref) VALUES (1, 'staff_signed_in', 'dxb-mall', NULL, 'S1001', NULL)");
      await expect(db.run("UPDATE retail_audit SET staff_id = 'S1002'")).rejects.toMatchObject({ message: expect.stringMatching(/append-only/) });
      expect(await db.many('SELECT staff_id FROM retail_audit')).toEqual([{ staff_id: 'S1001' }]);
      expect(await db.run('DELETE FROM retail_audit WHERE at < 2')).toBe(1);
    } finally {
      await sut.dispose();
    }
  });
});
