import Database from 'better-sqlite3';
import { join } from 'node:path';
import { NumbersResponse } from '@join/shared/contract';
import { createTestApp, form, tempDir, type TestApp } from '../testing/harness';
import { identityDecision, sale, visitor } from '../testing/retention-fixtures';
import { openSqliteRepositories } from '../database';
import type { Repositories } from '../repositories';

const HOUR = 3600_000;

describe('housekeeping sweep', () => {
  it('clears long-expired holds and dead sessions in the background', async () => {
    const t = await createTestApp({ sweepIntervalMs: 10 });
    const v = await t.login();
    const offer = await t.app.inject({ method: 'POST', url: '/api/numbers/random', headers: v.headers });
    const msisdn = NumbersResponse.parse(offer.json()).numbers[0]!.MSISDN;
    await t.app.inject({ method: 'POST', url: '/api/numbers', ...form(v.headers, { number: msisdn }) });

    const db = new Database(t.dbFile, { readonly: true });
    const holder = () => (db.prepare('SELECT holder FROM numbers WHERE msisdn = ?').get(msisdn) as { holder: string | null }).holder;
    const sessions = () => (db.prepare('SELECT COUNT(*) AS n FROM sessions').get() as { n: number }).n;
    await new Promise((r) => setTimeout(r, 40));
    expect(holder()).toBe(v.uid);
    expect(sessions()).toBe(1);

    t.clock.advance(2 * HOUR);
    await new Promise((r) => setTimeout(r, 40));
    expect(holder()).toBeNull();
    expect(sessions()).toBe(0);
    db.close();
    await t.close();
  });
});

/**
 * Identity decisions, orders and payments used to be kept without any limit. The
 * sweep enforces the retention schedule (api/README.md "Data at rest and retention"), on the
 * server's clock: here a clock the test moves, and the sweep's timer moved by Jest (no real wait).
 */
describe('the retention schedule, enforced by the sweep', () => {
  const DAY = 24 * HOUR;
  const INTERVAL = 60_000;
  const dir = tempDir();
  let t: TestApp;
  let repos: Repositories;
  beforeAll(async () => {
    // Only the sweep's interval is faked: requests, the database and promises run as usual.
    jest.useFakeTimers({ doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout'] });
    repos = openSqliteRepositories(join(dir.path, 'retention.sqlite'), { poolSize: 200 }).repos;
    t = await createTestApp({ db: repos, sweepIntervalMs: INTERVAL });
  });
  afterAll(async () => {
    await t.close();
    await repos.close();
    jest.useRealTimers();
    dir.remove();
  });

  /** Moves the server's clock, then lets the sweep run once. */
  const after = async (ms: number) => {
    t.clock.advance(ms);
    jest.advanceTimersByTime(INTERVAL);
    await new Promise((r) => setImmediate(r));
  };

  it('deletes a sale five years on, a visitor who bought nothing 90 days on, and keeps each until then', async () => {
    const start = t.clock.now();
    const sold = await sale(repos, start, 'SOLD00001');
    const browsed = await visitor(repos, start);
    await repos.recordIdentityDecision(browsed, identityDecision('refused', 'REFUSED01', start), { kind: 'refused', pending: 'drop_all' });

    await after(89 * DAY);
    expect(await repos.listIdentityDecisions(browsed)).toHaveLength(1);
    await after(2 * DAY);
    // 91 days on: the visitor who bought nothing is gone, with its identity decisions.
    expect(await repos.listIdentityDecisions(browsed)).toEqual([]);
    expect(await repos.getOrder(sold.uid)).not.toBeNull();

    await after(5 * 365 * DAY - 93 * DAY);
    expect(await repos.getOrder(sold.uid)).not.toBeNull();
    expect(await repos.getCapturedPayment(sold.uid)).not.toBeNull();
    expect(await repos.listIdentityDecisions(sold.uid)).toHaveLength(1);
    await after(5 * DAY);
    // Five years on (and a few days): the order, its payment and the identity decision are gone.
    expect(await repos.getOrder(sold.uid)).toBeNull();
    expect(await repos.getPayment(sold.uid, sold.paymentId)).toBeNull();
    expect(await repos.listIdentityDecisions(sold.uid)).toEqual([]);
  });
});
