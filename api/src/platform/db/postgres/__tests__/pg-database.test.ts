import { OPEN_TIMEOUT_MS } from '../../../../testing/repository-contract';
import { freshDatabase } from '../../../../testing/postgres-test-cluster';
import { PgDatabase, preparedName } from '../pg-database';
import { migratePostgres, pgSchemaVersion } from '../pg-migrations';

/** The PostgreSQL runtime under the repositories: transactions carried through the call chain, savepoints, retries, locks, and migrations that run once. */
describe('PgDatabase (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let db: PgDatabase;

  beforeAll(async () => {
    database = await freshDatabase();
    db = PgDatabase.connect(database.url, { max: 6 });
    await db.query('CREATE TABLE t (k TEXT PRIMARY KEY, n BIGINT NOT NULL)');
  }, OPEN_TIMEOUT_MS);
  afterAll(async () => {
    await db.close();
    await database.drop();
  });
  beforeEach(async () => {
    await db.query('DELETE FROM t');
  });

  it('reads BIGINT as a number', async () => {
    await db.run('INSERT INTO t VALUES ($1, $2)', ['a', 1_768_471_200_000]);
    expect(await db.one('SELECT n, COUNT(*) OVER () AS c FROM t')).toEqual({ n: 1_768_471_200_000, c: 1 });
  });

  it('prepares a statement with parameters once per connection and runs it again by name; one without stays a simple query', async () => {
    const text = 'SELECT k, n FROM t WHERE k = $1';
    const name = preparedName(text)!;
    expect(name).toMatch(/^join_\d+_[0-9a-f]{24}$/);
    expect(preparedName(text)).toBe(name);
    await db.run('INSERT INTO t VALUES ($1, $2)', ['a', 1]);
    await db.transaction(async () => {
      // One connection for the transaction: what it has prepared is its own.
      for (let i = 0; i < 3; i += 1) expect(await db.many(text, ['a'])).toEqual([{ k: 'a', n: 1 }]);
      const prepared = await db.many<{ name: string; calls: number }>(
        'SELECT name, generic_plans + custom_plans AS calls FROM pg_prepared_statements WHERE name = $1',
        [name],
      );
      expect(prepared).toEqual([{ name, calls: 3 }]);
      // Several commands in one text, without parameters: still allowed (a prepared one may not).
      await db.query('SELECT 1; SELECT 2');
    });
  });

  it('a statement prepared before another instance added a column to its table (a rolling deploy) is prepared again and answers', async () => {
    // One connection, so the statement is run again where it was prepared.
    const one = PgDatabase.connect(database.url, { max: 1 });
    try {
      await one.query('CREATE TABLE shape (k TEXT PRIMARY KEY)');
      await one.run('INSERT INTO shape VALUES ($1)', ['a']);
      const text = 'SELECT * FROM shape WHERE k = $1';
      expect(await one.many(text, ['a'])).toEqual([{ k: 'a' }]);
      await db.query('ALTER TABLE shape ADD COLUMN n BIGINT NOT NULL DEFAULT 7');
      expect(await one.many(text, ['a'])).toEqual([{ k: 'a', n: 7 }]);
      // Inside a transaction the refusal aborts it: the transaction runs again, whole.
      await db.query('ALTER TABLE shape ADD COLUMN m BIGINT NOT NULL DEFAULT 8');
      expect(await one.transaction(() => one.many(text, ['a']))).toEqual([{ k: 'a', n: 7, m: 8 }]);
    } finally {
      await one.close();
    }
  });

  it('runs a step of another function inside the open transaction, and rolls all of it back on an error', async () => {
    const otherModuleStep = () => db.run("INSERT INTO t VALUES ('b', 2)");
    await expect(
      db.transaction(async () => {
        await db.run("INSERT INTO t VALUES ('a', 1)");
        await otherModuleStep();
        expect(await db.one('SELECT COUNT(*) AS c FROM t')).toEqual({ c: 2 });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await db.many('SELECT k FROM t')).toEqual([]);
  });

  it('makes a nested transaction a savepoint: its failure undoes only its own writes', async () => {
    await db.transaction(async () => {
      await db.run("INSERT INTO t VALUES ('a', 1)");
      await expect(
        db.transaction(async () => {
          await db.run("INSERT INTO t VALUES ('a', 2)");
        }),
      ).rejects.toMatchObject({ code: '23505' });
      await db.run("INSERT INTO t VALUES ('c', 3)");
    });
    expect(await db.many('SELECT k, n FROM t ORDER BY k')).toEqual([
      { k: 'a', n: 1 },
      { k: 'c', n: 3 },
    ]);
  });

  it('retries a serializable transaction that lost a race, so every increment counts', async () => {
    await db.run("INSERT INTO t VALUES ('counter', 0)");
    const increment = () =>
      db.transaction(
        async () => {
          const { n } = await db.one<{ n: number }>("SELECT n FROM t WHERE k = 'counter'");
          await db.run("UPDATE t SET n = $1 WHERE k = 'counter'", [n + 1]);
        },
        { isolation: 'serializable', attempts: 50 },
      );
    await Promise.all(Array.from({ length: 12 }, increment));
    expect(await db.one("SELECT n FROM t WHERE k = 'counter'")).toEqual({ n: 12 });
  });

  it("serialises one user's read-then-write steps with lockUser (read committed)", async () => {
    await db.run("INSERT INTO t VALUES ('user:u1', 0)");
    const step = () =>
      db.transaction(async () => {
        await db.lockUser('u1');
        const { n } = await db.one<{ n: number }>("SELECT n FROM t WHERE k = 'user:u1'");
        await new Promise((resolve) => setTimeout(resolve, 2));
        await db.run("UPDATE t SET n = $1 WHERE k = 'user:u1'", [n + 1]);
      });
    await Promise.all(Array.from({ length: 8 }, step));
    expect(await db.one("SELECT n FROM t WHERE k = 'user:u1'")).toEqual({ n: 8 });
  });

  it('refuses lockUser outside a transaction', async () => {
    await expect(db.lockUser('u1')).rejects.toThrow('outside a transaction');
  });
});

describe('migratePostgres', () => {
  it('applies each version once when several instances start together, and a failing version not at all', async () => {
    const database = await freshDatabase();
    const instances = Array.from({ length: 4 }, () => PgDatabase.connect(database.url, { max: 2 }));
    try {
      const migrations = [
        { version: 1000, name: 'one', sql: 'CREATE TABLE m1 (id BIGINT PRIMARY KEY); SELECT pg_sleep(0.05);' },
        { version: 1001, name: 'two', sql: 'CREATE TABLE m2 (id BIGINT PRIMARY KEY);' },
      ];
      const applied = await Promise.all(instances.map((db) => migratePostgres(db, migrations, 1)));
      expect(applied.flat().sort()).toEqual([1000, 1001]);
      const [first] = instances;
      if (!first) throw new Error('no instance');
      expect(await pgSchemaVersion(first)).toBe(1001);

      const broken = [...migrations, { version: 1002, name: 'broken', sql: 'CREATE TABLE m3 (id BIGINT); SELECT * FROM no_such_table;' }];
      await expect(migratePostgres(first, broken, 2)).rejects.toThrow('PostgreSQL migration 1002 (broken) failed');
      expect(await pgSchemaVersion(first)).toBe(1001);
      expect(await first.maybe("SELECT to_regclass('m3') AS t")).toEqual({ t: null });
    } finally {
      await Promise.all(instances.map((db) => db.close()));
      await database.drop();
    }
  });
});
