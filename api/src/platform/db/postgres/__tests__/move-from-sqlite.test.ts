import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openSqliteRepositories, type SqliteRepositories } from '../../../../database';
import { connectPostgresRepositories } from '../../../../database-postgres';
import { verifiedBuyer } from '../../../../testing/verified-buyer';
import { NOW, OPEN_TIMEOUT_MS } from '../../../../testing/repository-contract';
import { PG_MIGRATIONS } from '../../../../schema-versions-postgres';
import { tempDir } from '../../../../testing/harness';
import { freshEmptyDatabase, testCluster } from '../../../../testing/postgres-test-cluster';
import { PgDatabase } from '../pg-database';
import { moveSqliteToPostgres } from '../move-from-sqlite';

/** The move of an embedded database to PostgreSQL: every row, counted, or nothing. */
describe('moveSqliteToPostgres', () => {
  const dir = tempDir();
  const file = join(dir.path, 'source.sqlite');
  let sqliteOrder: Awaited<ReturnType<SqliteRepositories['getOrder']>> = null;
  afterAll(() => dir.remove());

  beforeAll(async () => {
    const { repos } = openSqliteRepositories(file, { poolSize: 300 });
    // Some visitors with sessions and holds, beside the seeded reference data.
    for (let i = 0; i < 5; i += 1) {
      const user = await repos.findOrCreateUser(`device-${i}`, `uid-${i}`, 1_768_471_200_000);
      await repos.createSession(`token-${i}`.padEnd(64, '0'), user, 1_768_471_200_000);
      const [free] = await repos.pickFreeNumbers(1, [1, 2, 3, 4, 5, 6, 7, 8, 9], 1_768_471_200_000, Math.random);
      if (free) await repos.reserveNumber(user.uid, free.msisdn, 1_768_471_200_000, 1_768_471_200_000 + 900_000, { maxExtensions: 2, temporaryVanityLevels: [1] });
    }
    // A sale: a verified buyer's cash-on-delivery order.
    const buyer = await repos.findOrCreateUser('device-buyer', 'uid-buyer', NOW);
    const bound = await verifiedBuyer(repos, buyer.uid, 'physical', NOW);
    await repos.placeOrder(
      {
        ...bound,
        id: 'ord_moved000001',
        uid: buyer.uid,
        orderNumber: 'JO-MOVE-0001',
        kind: 'delivery',
        status: 'received',
        delivery: { lat: 25.2, lng: 55.28, address: 'Villa 1', address2: '', instructions: 'Ring twice', phone: '971501234567' },
        storeId: null,
        amountDueFils: 3675,
        msisdn: '971581234567',
        eta: NOW + 45 * 60_000,
        createdAt: NOW,
      },
      false,
    );
    sqliteOrder = await repos.getOrder(buyer.uid);
    await repos.close();
    await testCluster();
  }, OPEN_TIMEOUT_MS);

  it('copies every table into an empty database and counts each one', async () => {
    const target = await freshEmptyDatabase();
    const pg = PgDatabase.connect(target.url, { max: 2 });
    try {
      const report = await moveSqliteToPostgres(file, pg, PG_MIGRATIONS);
      const source = new Database(file, { readonly: true });
      const count = (table: string) => (source.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
      expect(report.tables.find((t) => t.table === 'numbers')?.rows).toBe(300);
      for (const { table, rows } of report.tables) expect(rows).toBe(count(table));
      // The rowid the random offer seeks by comes along as seq.
      const rowids = source.prepare('SELECT msisdn, rowid AS seq FROM numbers ORDER BY rowid LIMIT 3').all();
      expect(await pg.many('SELECT msisdn, seq FROM numbers ORDER BY seq LIMIT 3')).toEqual(rowids);
      expect(await pg.many('SELECT uid, device_id FROM users ORDER BY uid')).toEqual(source.prepare('SELECT uid, device_id FROM users ORDER BY uid').all());
      // The reservation ids go on after the last one SQLite handed out.
      const { value } = source.prepare("SELECT value FROM counters WHERE name = 'reservation_id'").get() as { value: number };
      expect(value).toBeGreaterThan(0);
      expect(await pg.one("SELECT nextval('reservation_ids') AS next")).toEqual({ next: value + 1 });
      // Identities go on after the highest copied id.
      expect(await pg.one("SELECT nextval(pg_get_serial_sequence('numbers', 'seq')) AS next")).toEqual({ next: 301 });
      source.close();
      // The product, on PostgreSQL now, reads the same order, its identity, the same visitor.
      const moved = connectPostgresRepositories(target.url);
      try {
        expect(sqliteOrder).toMatchObject({ orderNumber: 'JO-MOVE-0001' });
        expect(await moved.getOrder('uid-buyer')).toEqual(sqliteOrder);
        expect(await moved.findOrCreateUser('device-buyer', 'uid-other', NOW)).toEqual({ uid: 'uid-buyer', deviceId: 'device-buyer' });
      } finally {
        await moved.close();
      }
    } finally {
      await pg.close();
      await target.drop();
    }
  });

  it('refuses a target that has rows already, and leaves it as it was', async () => {
    const target = await freshEmptyDatabase();
    const pg = PgDatabase.connect(target.url, { max: 2 });
    try {
      await moveSqliteToPostgres(file, pg, PG_MIGRATIONS);
      const before = await pg.one<{ n: number }>('SELECT COUNT(*) AS n FROM users');
      await expect(moveSqliteToPostgres(file, pg, PG_MIGRATIONS)).rejects.toThrow(/has \d+ rows already: a move goes into an empty database/);
      expect(await pg.one('SELECT COUNT(*) AS n FROM users')).toEqual(before);
    } finally {
      await pg.close();
      await target.drop();
    }
  });

  it('refuses a SQLite database of another schema version', async () => {
    const target = await freshEmptyDatabase();
    const pg = PgDatabase.connect(target.url, { max: 2 });
    try {
      const older = PG_MIGRATIONS.map((m) => ({ ...m, version: m.version + 1 }));
      await expect(moveSqliteToPostgres(file, pg, older)).rejects.toThrow(/start the product once on the SQLite file/);
      expect(await pg.maybe("SELECT to_regclass('users') AS t")).toEqual({ t: null });
    } finally {
      await pg.close();
      await target.drop();
    }
  });
});
