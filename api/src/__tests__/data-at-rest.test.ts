import Database from 'better-sqlite3';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DocumentDetails } from '@join/shared/contract';
import { tempDir } from '../testing/harness';
import { passportDecision, passportOf } from '../testing/retention-fixtures';
import { openDatabase } from '../platform/db/open-database';
import { openSqliteRepositories } from '../database';
import type { Repositories } from '../repositories';

/**
 * As a review found it: a document image deleted from the identity check
 * was still readable in join.sqlite-wal (and in the freed pages of join.sqlite), and the
 * database files were world-readable (0644).
 */
const NOW = Date.UTC(2026, 0, 15, 10, 0, 0);
const TTL = 30 * 60_000;
/** The account the pending checks are made by (identity_checks.account_id names it; no row needed). */
const ACCOUNT = 'acct-data-at-rest';
const PASSPORT: DocumentDetails = passportOf('P1000001');

const mode = (file: string): string => (statSync(file).mode & 0o777).toString(8);

describe('database files', () => {
  const dir = tempDir();
  afterAll(() => dir.remove());

  it('creates the database, its -wal and -shm for the server\'s user only (0600), in a folder of its own (0700)', async () => {
    const file = join(dir.path, 'data', 'join.sqlite');
    const opened = openSqliteRepositories(file, { poolSize: 200 });
    try {
      for (const f of [file, `${file}-wal`, `${file}-shm`]) {
        expect(existsSync(f)).toBe(true);
        expect([f, mode(f)]).toEqual([f, '600']);
      }
      expect(mode(join(dir.path, 'data'))).toBe('700');
    } finally {
      await opened.repos.close();
    }
  });

  it('takes the world\'s access away from files an earlier version left readable', () => {
    const file = join(dir.path, 'old.sqlite');
    const old = new Database(file);
    old.pragma('journal_mode = WAL');
    old.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)');
    old.close();
    writeFileSync(`${file}-wal`, '');
    chmodSync(file, 0o644);
    chmodSync(`${file}-wal`, 0o644);
    const db = openDatabase(file);
    try {
      expect(mode(file)).toBe('600');
      expect(mode(`${file}-wal`)).toBe('600');
      expect(mode(`${file}-shm`)).toBe('600');
    } finally {
      db.close();
    }
  });

  it('overwrites deleted content (secure_delete)', () => {
    const db = openDatabase(join(dir.path, 'secure.sqlite'));
    try {
      expect(db.pragma('secure_delete', { simple: true })).toBe(1);
    } finally {
      db.close();
    }
  });
});

describe('identity images once deleted', () => {
  const dir = tempDir();
  let file: string;
  let repos: Repositories;
  let made = 0;
  beforeAll(() => {
    file = join(dir.path, 'join.sqlite');
    repos = openSqliteRepositories(file, { poolSize: 200 }).repos;
  });
  afterAll(async () => {
    await repos.close();
    dir.remove();
  });

  /** A JPEG-looking image with a unique marker among random bytes (about 40 KB: overflow pages). */
  const image = (marker: string): Buffer =>
    Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(20_000), Buffer.from(marker), randomBytes(20_000)]);
  const onDisk = (marker: string): string[] =>
    [file, `${file}-wal`].filter((f) => existsSync(f) && readFileSync(f).includes(Buffer.from(marker)));
  /** Another connection moves the WAL into the main file, as SQLite's automatic checkpoint does at any time. */
  const checkpoint = () => {
    const other = new Database(file);
    other.pragma('wal_checkpoint(PASSIVE)');
    other.close();
  };

  async function pendingCheck(checkpointFirst: boolean): Promise<{ uid: string; marker: string }> {
    made += 1;
    const { uid } = await repos.findOrCreateUser(`device-${made}`, `uid-${made}`, NOW);
    await repos.setActivationMethod(uid, 'non_resident', 'esim');
    const marker = `PASSPORT-IMAGE-${randomUUID()}`;
    await repos.saveDocumentSide(uid, ACCOUNT, 'passport', { side: 'data_page', image: image(marker), source: 'upload', document: PASSPORT, faceFound: true }, PASSPORT, NOW, TTL);
    if (checkpointFirst) checkpoint();
    // Stored while the check is under way: the test can find it.
    expect(onDisk(marker).length).toBeGreaterThan(0);
    return { uid, marker };
  }

  const decision = passportDecision(PASSPORT, NOW, { personRef: 'person-1' });


  const deletions: Array<[string, (uid: string) => Promise<unknown>]> = [
    ['the check deleted', (uid) => repos.deleteIdentityCheck(uid)],
    ['a verified decision', (uid) => repos.recordIdentityDecision(uid, decision, { kind: 'verified', flag: 'id_verified' })],
    ['a refusal that drops the check', (uid) => repos.recordIdentityDecision(uid, { ...decision, outcome: 'refused', code: -116, personRef: null }, { kind: 'refused', pending: 'drop_all' })],
    ['another residency declared', (uid) => repos.setActivationMethod(uid, 'resident', 'physical')],
    ['the sweep after 30 minutes', () => repos.deleteExpiredIdentityChecks(NOW + TTL)],
  ];

  describe.each([
    ['still in the WAL', false],
    ['already in the main file', true],
  ])('an image %s', (_where, checkpointFirst) => {
    it.each(deletions)('is unreadable in every database file after %s', async (_how, remove) => {
      const { uid, marker } = await pendingCheck(checkpointFirst);
      await remove(uid);
      expect(await repos.getIdentityCheck(uid, NOW)).toBeNull();
      expect(onDisk(marker)).toEqual([]);
    });
  });

  it('is unreadable once a new document replaces an expired check', async () => {
    const { uid, marker } = await pendingCheck(true);
    const fresh = await repos.saveDocumentSide(uid, ACCOUNT, 'passport', { side: 'data_page', image: image('another page'), source: 'upload', document: PASSPORT, faceFound: true }, PASSPORT, NOW + TTL, TTL);
    expect(fresh.startedAt).toBe(NOW + TTL);
    expect(onDisk(marker)).toEqual([]);
  });
});
