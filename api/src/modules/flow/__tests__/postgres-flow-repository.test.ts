import pg from 'pg';
import { connectPostgresRepositories, type PostgresRepositories } from '../../../database-postgres';
import { postgresImplementation } from '../../../testing/postgres-repositories';
import { freshDatabase } from '../../../testing/postgres-test-cluster';
import { describeFlowRepositoryContract } from './flow-repository-contract';

/** The PostgreSQL implementation against the FlowRepository suite. */
describeFlowRepositoryContract('PostgreSQL', postgresImplementation());

const DAY = 24 * 3600_000;
const NOW = Date.UTC(2026, 0, 15, 10, 0, 0);
const CUTOFFS = { saleBefore: NOW - 1827 * DAY, unsoldVisitorBefore: NOW - 90 * DAY };

/**
 * The sweep of whole visitors beside a visitor's own step on another connection (PostgreSQL has
 * no one writer at a time): a step under way when the sweep starts is waited for, and what it
 * committed counts.
 */
describe('the retention of visitors beside their own steps (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let repos: PostgresRepositories;
  let other: pg.Client;
  beforeAll(async () => {
    database = await freshDatabase();
    repos = connectPostgresRepositories(database.url);
    other = new pg.Client({ connectionString: database.url });
    await other.connect();
  });
  afterAll(async () => {
    await other.end();
    await repos.close();
    await database.drop();
  });

  const exists = async (uid: string) => (await repos.db.maybe('SELECT 1 FROM users WHERE uid = $1', [uid])) !== undefined;
  /** Whether `p` is still waiting after a while. */
  const stillWaiting = (p: Promise<unknown>) => Promise.race([p.then(() => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 300))]);

  it('waits for a session being made for the visitor, then keeps the visitor', async () => {
    const old = await repos.findOrCreateUser('sweep-device-1', 'sweep-1', NOW - 100 * DAY);
    await other.query('BEGIN');
    await other.query('INSERT INTO sessions (token_hash, uid, device_id, created_at, last_seen_at) VALUES ($1, $2, $3, $4, $4)', ['f'.repeat(64), old.uid, old.deviceId, NOW]);
    const sweep = repos.pruneVisitors(CUTOFFS);
    expect(await stillWaiting(sweep)).toBe(true);
    await other.query('COMMIT');
    expect(await sweep).toEqual({ sales: 0, unsoldVisitors: 0 });
    expect(await exists(old.uid)).toBe(true);
  });

  it('deletes the visitor when the step under way is undone', async () => {
    const old = await repos.findOrCreateUser('sweep-device-2', 'sweep-2', NOW - 100 * DAY);
    await other.query('BEGIN');
    await other.query('INSERT INTO sessions (token_hash, uid, device_id, created_at, last_seen_at) VALUES ($1, $2, $3, $4, $4)', ['e'.repeat(64), old.uid, old.deviceId, NOW]);
    const sweep = repos.pruneVisitors(CUTOFFS);
    expect(await stillWaiting(sweep)).toBe(true);
    await other.query('ROLLBACK');
    expect(await sweep).toEqual({ sales: 0, unsoldVisitors: 1 });
    expect(await exists(old.uid)).toBe(false);
  });

  it('runs one sweep at a time across connections: two at once delete each visitor once', async () => {
    for (let i = 0; i < 20; i += 1) await repos.findOrCreateUser(`sweep-many-device-${i}`, `sweep-many-${i}`, NOW - 100 * DAY);
    const second = connectPostgresRepositories(database.url);
    try {
      const reports = await Promise.all([repos.pruneVisitors(CUTOFFS), second.pruneVisitors(CUTOFFS)]);
      expect(reports[0].unsoldVisitors + reports[1].unsoldVisitors).toBe(20);
    } finally {
      await second.close();
    }
  });
});
