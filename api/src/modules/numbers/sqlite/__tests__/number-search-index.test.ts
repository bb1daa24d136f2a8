import { join } from 'node:path';
import { tempDir } from '../../../../testing/harness';
import { NumberSearcher, searchIndexQuery } from '../number-search';
import { openDatabase } from '../../../../platform/db/open-database';
import { openSqliteRepositories } from '../../../../database';

const ALL = [1, 2, 3, 4, 6, 10];

describe('searchIndexQuery', () => {
  it('uses every trigram of a contains pattern of 3 or more digits', () => {
    expect(searchIndexQuery({ pattern: '123', match: 'contains', vanityLevels: ALL })).toBe('"123"');
    expect(searchIndexQuery({ pattern: '12345', match: 'contains', vanityLevels: ALL })).toBe('"123" AND "234" AND "345"');
    expect(searchIndexQuery({ pattern: '1111', match: 'contains', vanityLevels: ALL })).toBe('"111"');
  });

  it('anchors ends_with at the end of the digits, for any length', () => {
    expect(searchIndexQuery({ pattern: '7', match: 'ends_with', vanityLevels: ALL })).toBe('"7$$"');
    expect(searchIndexQuery({ pattern: '67', match: 'ends_with', vanityLevels: ALL })).toBe('"67$"');
    expect(searchIndexQuery({ pattern: '567', match: 'ends_with', vanityLevels: ALL })).toBe('"567" AND "67$"');
  });

  it('adds the tier tokens only for a set without basic numbers', () => {
    expect(searchIndexQuery({ pattern: '', match: 'contains', vanityLevels: [6, 10] })).toBe('("v06" OR "v10")');
    expect(searchIndexQuery({ pattern: '12', match: 'contains', vanityLevels: [3] })).toBe('("v03")');
    expect(searchIndexQuery({ pattern: '123', match: 'contains', vanityLevels: [2, 4] })).toBe('"123" AND ("v02" OR "v04")');
    expect(searchIndexQuery({ pattern: '123', match: 'contains', vanityLevels: [1, 6] })).toBe('"123"');
  });

  it('leaves dense searches to a scan', () => {
    expect(searchIndexQuery({ pattern: '', match: 'contains', vanityLevels: ALL })).toBeNull();
    expect(searchIndexQuery({ pattern: '12', match: 'contains', vanityLevels: [1, 2] })).toBeNull();
    expect(searchIndexQuery({ pattern: '', match: 'ends_with', vanityLevels: [1] })).toBeNull();
  });
});

/** The planner must walk the index (or the table) in rowid order and stop at LIMIT: never sort the pool. */
describe('search query plans', () => {
  const dir = tempDir();
  afterAll(() => dir.remove());

  it('drive the search from the trigram index or the rowid, with no sort', async () => {
    const file = join(dir.path, 'plans.sqlite');
    const opened = openSqliteRepositories(file, { poolSize: 50 });
    await opened.repos.close();
    const db = openDatabase(file);
    const searcher = new NumberSearcher(db);
    const plan = (sql: string, params: object) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[]).map((r) => r.detail).join('\n');
    const params = { pattern: '123', endsWith: 0, levels: '[6]', now: 0, limit: 11, offset: 0 };
    const viaIndex = plan(searcher.viaIndex.source, { ...params, query: '"123"' });
    expect(viaIndex).toMatch(/SCAN s VIRTUAL TABLE INDEX \d+:M/);
    expect(viaIndex).toMatch(/SEARCH n USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(viaIndex).not.toMatch(/TEMP B-TREE/);
    const viaScan = plan(searcher.viaScan.source, params);
    expect(viaScan).toMatch(/^SCAN n$/m);
    expect(viaScan).not.toMatch(/TEMP B-TREE/);
    db.close();
  });
});
