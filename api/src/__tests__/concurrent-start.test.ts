import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { openSqliteRepositories } from '../database';
import { MIGRATIONS } from '../schema-versions';
import { tempDir } from '../testing/harness';

/**
 * Several servers starting together on one new SQLite file (npm run start:scaled -- --sqlite):
 * while one holds the write lock longer than the busy timeout (5 s; the first start's seed of
 * 100,000 numbers does on a busy machine), another waits for it instead of failing with
 * "database is locked", then finds the migrations done.
 */

/**
 * Another process's long write: the write lock on `file`, taken by a thread of its own, held until
 * `holdFor(ms)` says for how long from now (however late the thread's message arrived).
 */
function holdWriteLock(file: string): Promise<{ holdFor(ms: number): void; released: Promise<void> }> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const Database = require(workerData.driver);
    const until = new BigInt64Array(workerData.until);
    const db = new Database(workerData.file);
    db.pragma('journal_mode = WAL');
    db.exec('BEGIN IMMEDIATE');
    db.exec('CREATE TABLE IF NOT EXISTS other_process (x INTEGER)');
    parentPort.postMessage('locked');
    const pause = new Int32Array(new SharedArrayBuffer(4));
    while (Atomics.load(until, 0) === 0n || BigInt(Date.now()) < Atomics.load(until, 0)) Atomics.wait(pause, 0, 0, 20);
    db.exec('COMMIT');
    db.close();
  `;
  const until = new BigInt64Array(new SharedArrayBuffer(8));
  const holdFor = (ms: number) => void Atomics.store(until, 0, BigInt(Date.now() + ms));
  const worker = new Worker(code, { eval: true, workerData: { file, until: until.buffer, driver: require.resolve('better-sqlite3') } });
  const released = new Promise<void>((resolve, reject) => {
    worker.once('exit', () => resolve());
    worker.once('error', reject);
  });
  return new Promise((resolve, reject) => {
    worker.once('message', () => resolve({ holdFor, released }));
    worker.once('error', reject);
  });
}

describe('servers starting together on one new SQLite file', () => {
  let dir: ReturnType<typeof tempDir>;
  beforeEach(() => (dir = tempDir()));
  afterEach(() => dir.remove());

  it('waits for the one holding the write lock past the busy timeout, then migrates', async () => {
    const file = join(dir.path, 'join.sqlite');
    const { holdFor, released } = await holdWriteLock(file);
    holdFor(6000);
    const started = Date.now();
    const opened = openSqliteRepositories(file, { poolSize: 100 });
    expect(Date.now() - started).toBeGreaterThan(5000);
    expect(opened.migrationsApplied).toEqual(MIGRATIONS.map((m) => m.version));
    await opened.repos.ping();
    await opened.repos.close();
    await released;
  }, 30_000);

  it('without the wait, the busy timeout alone gives up', async () => {
    const file = join(dir.path, 'join.sqlite');
    const { holdFor, released } = await holdWriteLock(file);
    holdFor(6000);
    expect(() => openSqliteRepositories(file, { poolSize: 100, startLockWaitMs: 0 })).toThrow(/database is locked/);
    await released;
  }, 30_000);
});
