import Database from 'better-sqlite3';
import { join } from 'node:path';
import { CONSENT_CODE } from '@join/shared/contract';
import { openSqliteRepositories } from '../../../database';
import { tempDir } from '../../../testing/harness';
import { sqliteImplementation } from '../../../testing/sqlite-repositories';
import { describeConsentRepositoryContract } from './consent-repository-contract';

/** The embedded SQLite implementation against the ConsentRepository suite. */
describeConsentRepositoryContract('SQLite', sqliteImplementation());

const NOW = Date.UTC(2026, 0, 15, 10, 0, 0);

/** What the tables themselves keep, whatever a hand at the sqlite3 shell tries. */
describe('the consent tables (SQLite)', () => {
  const dir = tempDir();
  const file = join(dir.path, 'consent.sqlite');
  const { repos } = openSqliteRepositories(file, { poolSize: 10 });
  const db = new Database(file);
  db.pragma('foreign_keys = ON');
  afterAll(async () => {
    db.close();
    await repos.close();
    dir.remove();
  });

  const user = async (n: number) => repos.findOrCreateUser(`device-t${n}`, `uid-t${n}`, NOW);
  const record = async (uid: string, deviceId: string) =>
    repos.recordConsent({ uid, deviceId, code: CONSENT_CODE, version: 1, analytics: true, marketing: false, createdAt: NOW });

  it('never changes a recorded choice, nor published texts', async () => {
    const u = await user(1);
    const saved = await record(u.uid, u.deviceId);
    expect(() => db.prepare('UPDATE consents SET marketing = 1 WHERE id = ?').run(saved?.id)).toThrow(/never changed/);
    expect(() => db.prepare("UPDATE consent_texts SET title = 'Other' WHERE code = ?").run(CONSENT_CODE)).toThrow(/never changed/);
    expect(() => db.prepare('UPDATE consent_versions SET published_at = 0').run()).toThrow(/never changed/);
    expect(await repos.latestConsent(u.uid, CONSENT_CODE)).toEqual(saved);
  });

  it('keeps the texts a choice answered, and their version', async () => {
    const u = await user(2);
    await record(u.uid, u.deviceId);
    expect(() => db.prepare('DELETE FROM consent_texts WHERE code = ?').run(CONSENT_CODE)).toThrow(/kept as its proof/);
    expect(() => db.prepare('DELETE FROM consent_versions WHERE code = ?').run(CONSENT_CODE)).toThrow(/FOREIGN KEY/);
  });

  it('refuses a yes or no that is not 0 or 1', async () => {
    const u = await user(3);
    expect(() =>
      db.prepare("INSERT INTO consents (uid, device_id, code, version, analytics, marketing, created_at) VALUES (?, ?, ?, 1, 2, 0, ?)").run(u.uid, u.deviceId, CONSENT_CODE, NOW),
    ).toThrow(/CHECK/);
  });

  it('deletes a visitor’s choices with the visitor (ON DELETE CASCADE), and only theirs', async () => {
    const [gone, kept] = [await user(4), await user(5)];
    await record(gone.uid, gone.deviceId);
    await record(gone.uid, gone.deviceId);
    await record(kept.uid, kept.deviceId);
    db.prepare('DELETE FROM users WHERE uid = ?').run(gone.uid);
    expect(db.prepare('SELECT COUNT(*) AS n FROM consents WHERE uid = ?').get(gone.uid)).toEqual({ n: 0 });
    expect(await repos.listConsents(kept.uid, CONSENT_CODE, 10)).toHaveLength(1);
  });

  it('reads a visitor’s choices by the (uid, code, id) index', () => {
    const plan = db.prepare('EXPLAIN QUERY PLAN SELECT id FROM consents WHERE uid = ? AND code = ? ORDER BY id DESC LIMIT 1').all('u', CONSENT_CODE) as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/USING (COVERING )?INDEX consents_by_user/);
  });
});
