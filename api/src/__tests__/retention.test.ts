import Database from 'better-sqlite3';
import { DEFAULT_SHUFFLE_VANITY_IDS } from '@join/shared/contract';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RETENTION, retentionCutoffs } from '../modules/flow/retention';
import { tempDir } from '../testing/harness';
import { identityDecision, newPayment, purchase, sale, visitor } from '../testing/retention-fixtures';
import { openSqliteRepositories } from '../database';
import type { Repositories } from '../repositories';

/**
 * The retention schedule of api/README.md "Data at rest and retention", as the repositories
 * apply it: what goes, when, and what stays. The sweep's own test (sweeper.test.ts) runs it on
 * the server's clock.
 */
const DAY = 24 * 3600_000;
const T0 = Date.UTC(2026, 0, 15, 10, 0, 0);

describe('retention schedule', () => {
  it('keeps a sale five years (with leap days) and a visitor who bought nothing 90 days; failed payments 180 days, feedback a year, the retail audit 400 days, the collector’s days 90 (the operations page’s longest range)', () => {
    expect(RETENTION).toEqual({ saleMs: 1827 * DAY, unsoldVisitorMs: 90 * DAY, uncapturedPaymentMs: 180 * DAY, feedbackMs: 365 * DAY, retailAuditMs: 400 * DAY, measurementMs: 90 * DAY });
    expect(retentionCutoffs(T0)).toEqual({
      saleBefore: T0 - 1827 * DAY,
      unsoldVisitorBefore: T0 - 90 * DAY,
      uncapturedPaymentBefore: T0 - 180 * DAY,
      feedbackBefore: T0 - 365 * DAY,
      retailAuditBefore: T0 - 400 * DAY,
      measurementBefore: T0 - 90 * DAY,
      now: T0,
    });
  });
});

describe('SQLite repositories: applyRetention', () => {
  const dir = tempDir();
  let file: string;
  let repos: Repositories;
  let db: Database.Database;
  beforeAll(() => {
    file = join(dir.path, 'join.sqlite');
    repos = openSqliteRepositories(file, { poolSize: 200 }).repos;
    db = new Database(file, { readonly: true });
  });
  afterAll(async () => {
    db.close();
    await repos.close();
    dir.remove();
  });

  const rows = (table: string, uid: string): number => (db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE uid = ?`).get(uid) as { n: number }).n;
  const user = (uid: string): number => (db.prepare('SELECT COUNT(*) AS n FROM users WHERE uid = ?').get(uid) as { n: number }).n;
  /** One run of the sweep as the server makes it: holds an hour past their end released, then the schedule applied. */
  const retain = async (now: number) => {
    await repos.releaseExpiredHolds(now - 3600_000);
    return repos.applyRetention(retentionCutoffs(now));
  };

  it('deletes a sale with everything of its visitor five years after the order, not a day before', async () => {
    const { uid } = await sale(repos, T0, 'SALE00001');
    expect(await retain(T0 + 1826 * DAY)).toMatchObject({ sales: 0 });
    // (Its note to the help modal went after a year.)
    expect([rows('orders', uid), rows('payments', uid), rows('identity_decisions', uid), rows('saved_plans', uid), rows('sessions', uid), user(uid)]).toEqual([1, 1, 1, 1, 0, 1]);
    expect(await retain(T0 + 1828 * DAY)).toMatchObject({ sales: 1 });
    expect([rows('orders', uid), rows('payments', uid), rows('identity_decisions', uid), user(uid)]).toEqual([0, 0, 0, 0]);
  });

  it('counts the five years from the capture when the paid SIM was never ordered', async () => {
    const uid = await visitor(repos, T0);
    await repos.recordIdentityDecision(uid, identityDecision('verified', 'PAID00001', T0), { kind: 'verified', flag: 'id_verified' });
    const p = newPayment(uid, T0, await purchase(repos, uid, T0, 'PAID00001'));
    expect((await repos.startPayment(p)).kind).toBe('created');
    await repos.capturePayment(uid, p.id, { providerRef: 'ch_2', cardBrand: 'visa', cardLast4: '4242', receiptReference: 'JN-PAID-0001' }, T0 + DAY);
    await retain(T0 + 1827 * DAY);
    expect(user(uid)).toBe(1);
    await retain(T0 + 1829 * DAY);
    expect([rows('payments', uid), rows('identity_decisions', uid), user(uid)]).toEqual([0, 0, 0]);
  });

  it('deletes a visitor who bought nothing 90 days after its last step (first visit, identity decision, payment attempt)', async () => {
    const quiet = await visitor(repos, T0);
    const refused = await visitor(repos, T0);
    await repos.recordIdentityDecision(refused, identityDecision('refused', 'REFU00001', T0 + 10 * DAY), { kind: 'refused', pending: 'drop_all' });
    const tried = await visitor(repos, T0);
    // Verified, then a payment attempt that took nothing.
    await repos.recordIdentityDecision(tried, identityDecision('verified', 'TRIE00001', T0 + 20 * DAY), { kind: 'verified', flag: 'id_verified' });
    expect((await repos.startPayment(newPayment(tried, T0 + 20 * DAY, await purchase(repos, tried, T0 + 20 * DAY, 'TRIE00001')))).kind).toBe('created');
    expect(await retain(T0 + 91 * DAY)).toMatchObject({ unsoldVisitors: 1 });
    expect([user(quiet), user(refused), user(tried)]).toEqual([0, 1, 1]);
    await retain(T0 + 101 * DAY);
    expect([user(refused), rows('identity_decisions', refused), user(tried)]).toEqual([0, 0, 1]);
    await retain(T0 + 111 * DAY);
    expect([user(tried), rows('payments', tried)]).toEqual([0, 0]);
  });

  it('keeps a visitor who is still there: a live session, or a number held', async () => {
    const online = await visitor(repos, T0);
    await repos.createSession(`token-${online}`, { uid: online, deviceId: 'device-online' }, T0 + 95 * DAY);
    const holding = await visitor(repos, T0);
    const [free] = await repos.pickFreeNumbers(1, DEFAULT_SHUFFLE_VANITY_IDS, T0, () => 0.5);
    const held = await repos.reserveNumber(holding, free?.msisdn ?? '', T0 + 95 * DAY, T0 + 95 * DAY + 15 * 60_000, { maxExtensions: 2, temporaryVanityLevels: [] });
    expect(held.kind).toBe('reserved');
    await retain(T0 + 95 * DAY);
    expect([user(online), user(holding)]).toEqual([1, 1]);
  });

  it('deletes payment attempts that took no money after 180 days, keeping the captured one', async () => {
    // A declined card first, then the sale.
    const { uid, failedId } = await sale(repos, T0, 'SALE00002', { declinedFirst: true });
    expect(rows('payments', uid)).toBe(2);
    expect(await retain(T0 + 179 * DAY)).toMatchObject({ uncapturedPayments: 0 });
    expect(await retain(T0 + 181 * DAY)).toMatchObject({ uncapturedPayments: 1 });
    expect(await repos.getCapturedPayment(uid)).not.toBeNull();
    expect(await repos.getPayment(uid, failedId ?? '')).toBeNull();
  });

  it('deletes feedback after a year, keeping its visitor', async () => {
    const { uid } = await sale(repos, T0, 'SALE00003');
    expect(await retain(T0 + 366 * DAY)).toMatchObject({ feedback: expect.any(Number) });
    expect([rows('feedback', uid), user(uid)]).toEqual([0, 1]);
  });

  it('leaves nothing of what it deleted readable in the database files', async () => {
    const uid = await visitor(repos, T0);
    await repos.recordIdentityDecision(uid, identityDecision('refused', 'GONE4EVER', T0), { kind: 'refused', pending: 'drop_all' });
    const onDisk = () => [file, `${file}-wal`].filter((f) => existsSync(f) && readFileSync(f).includes(Buffer.from('GONE4EVER')));
    expect(onDisk().length).toBeGreaterThan(0);
    await retain(T0 + 91 * DAY);
    expect(onDisk()).toEqual([]);
  });
});
