import pg from 'pg';
import { CONSENT_CODE } from '@join/shared/contract';
import { connectPostgresRepositories, type PostgresRepositories } from '../../../database-postgres';
import { postgresImplementation } from '../../../testing/postgres-repositories';
import { freshDatabase } from '../../../testing/postgres-test-cluster';
import { describeConsentRepositoryContract } from './consent-repository-contract';

/** The PostgreSQL implementation against the ConsentRepository suite. */
describeConsentRepositoryContract('PostgreSQL', postgresImplementation());

const NOW = Date.UTC(2026, 0, 15, 10, 0, 0);

/** What the tables themselves keep, whatever a hand at psql tries (sqlite-consent-repository.test.ts's checks, on PostgreSQL). */
describe('the consent tables (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let repos: PostgresRepositories;
  let db: pg.Client;
  beforeAll(async () => {
    database = await freshDatabase();
    repos = connectPostgresRepositories(database.url);
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await repos.close();
    await database.drop();
  });

  const user = async (n: number) => repos.findOrCreateUser(`device-t${n}`, `uid-t${n}`, NOW);
  const record = async (uid: string, deviceId: string) =>
    repos.recordConsent({ uid, deviceId, code: CONSENT_CODE, version: 1, analytics: true, marketing: false, createdAt: NOW });

  it('never changes a recorded choice, nor published texts', async () => {
    const u = await user(1);
    const saved = await record(u.uid, u.deviceId);
    await expect(db.query('UPDATE consents SET marketing = 1 WHERE id = $1', [saved?.id])).rejects.toThrow(/never changed/);
    await expect(db.query("UPDATE consent_texts SET title = 'Other' WHERE code = $1", [CONSENT_CODE])).rejects.toThrow(/never changed/);
    await expect(db.query('UPDATE consent_versions SET published_at = 0')).rejects.toThrow(/never changed/);
    expect(await repos.latestConsent(u.uid, CONSENT_CODE)).toEqual(saved);
  });

  it('keeps the texts a choice answered, and their version', async () => {
    const u = await user(2);
    await record(u.uid, u.deviceId);
    await expect(db.query('DELETE FROM consent_texts WHERE code = $1', [CONSENT_CODE])).rejects.toThrow(/kept as its proof/);
    await expect(db.query('DELETE FROM consent_versions WHERE code = $1', [CONSENT_CODE])).rejects.toThrow(/foreign key/);
  });

  it('refuses a yes or no that is not 0 or 1', async () => {
    const u = await user(3);
    await expect(
      db.query('INSERT INTO consents (uid, device_id, code, version, analytics, marketing, created_at) VALUES ($1, $2, $3, 1, 2, 0, $4)', [u.uid, u.deviceId, CONSENT_CODE, NOW]),
    ).rejects.toThrow(/check constraint/);
  });

  it('deletes a visitor’s choices with the visitor (ON DELETE CASCADE), and only theirs', async () => {
    const [gone, kept] = [await user(4), await user(5)];
    await record(gone.uid, gone.deviceId);
    await record(gone.uid, gone.deviceId);
    await record(kept.uid, kept.deviceId);
    await db.query('DELETE FROM users WHERE uid = $1', [gone.uid]);
    expect((await db.query('SELECT COUNT(*)::int AS n FROM consents WHERE uid = $1', [gone.uid])).rows).toEqual([{ n: 0 }]);
    expect(await repos.listConsents(kept.uid, CONSENT_CODE, 10)).toHaveLength(1);
  });

  it('can read a visitor’s choices by the (uid, code, id) index', async () => {
    await db.query('BEGIN');
    try {
      // A table this small is read whole; with that way closed the plan shows the index it has.
      await db.query('SET LOCAL enable_seqscan = off');
      const plan = await db.query<{ 'QUERY PLAN': string }>("EXPLAIN SELECT id FROM consents WHERE uid = 'u' AND code = $1 ORDER BY id DESC LIMIT 1", [CONSENT_CODE]);
      expect(plan.rows.map((r) => r['QUERY PLAN']).join(' ')).toMatch(/Index (Only )?Scan (Backward )?using consents_by_user/);
    } finally {
      await db.query('ROLLBACK');
    }
  });
});
