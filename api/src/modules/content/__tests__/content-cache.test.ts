import type { Database } from 'better-sqlite3';
import { BizConfigResponse, EN_TRANSLATIONS, TranslationsResponse } from '@join/shared/contract';
import { openDatabase } from '../../../platform/db/open-database';
import { createTestApp, type TestApp } from '../../../testing/harness';

/**
 * GET /translations and GET /biz_config/app are built once per version of their table and sent
 * as they are, with an ETag: a client that has the answer gets a 304, and an operator's edit
 * (here from another connection, as from the sqlite3 shell while the server runs) is served at
 * once, under a new ETag.
 */
describe('translations and business config, cached', () => {
  let t: TestApp;
  /** Another connection to the server's database: an operator's hand edit. */
  let operator: Database;
  beforeEach(async () => {
    t = await createTestApp();
    operator = openDatabase(t.dbFile);
  });
  afterEach(async () => {
    operator.close();
    await t.close();
  });

  const translations = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/translations?container_id=web', headers });
  const config = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/biz_config/app', headers });

  it('answers the translations with an ETag, and 304 without a body to a matching If-None-Match', async () => {
    const first = await translations();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    // The bytes the route's serializer writes for the answer (nothing re-ordered or re-encoded).
    expect(first.body).toBe(JSON.stringify({ language: 'en', translations: Object.fromEntries(Object.entries(EN_TRANSLATIONS).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) }));
    expect(Number(first.headers['content-length'])).toBe(Buffer.byteLength(first.body));

    const again = await translations();
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(etag);

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const notModified = await translations({ 'if-none-match': ifNoneMatch });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.body).toBe('');
      // What a 200 would carry that a cache needs (RFC 9110 15.4.5), and the security headers.
      expect(notModified.headers).toMatchObject({ etag, 'cache-control': 'no-cache', vary: 'language', 'x-content-type-options': 'nosniff' });
    }
    expect((await translations({ 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });

  it('answers each language and container under its own tag', async () => {
    const en = await translations();
    const ar = await translations({ language: 'ar' });
    expect(TranslationsResponse.parse(ar.json()).language).toBe('ar');
    expect(ar.headers.etag).not.toBe(en.headers.etag);
    // The English tag is no Arabic answer's.
    expect((await translations({ language: 'ar', 'if-none-match': en.headers.etag as string })).statusCode).toBe(200);
    const other = await t.app.inject({ method: 'GET', url: '/api/translations?container_id=other' });
    expect(other.json()).toEqual({ language: 'en', translations: {} });
  });

  it('serves an edited translation at once, under a new tag, and the old tag no longer matches', async () => {
    const before = await translations();
    operator.prepare("UPDATE translations SET value = 'Loading, please wait…' WHERE container_id = 'web' AND language = 'en' AND key = 'LOADING_MESSAGE_APP'").run();
    const after = await translations({ 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(TranslationsResponse.parse(after.json()).translations.LOADING_MESSAGE_APP).toBe('Loading, please wait…');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // An added key and a removed one likewise.
    operator.prepare("INSERT INTO translations (container_id, language, key, value) VALUES ('web', 'en', 'ZZ_NEW', 'New')").run();
    expect(TranslationsResponse.parse((await translations()).json()).translations.ZZ_NEW).toBe('New');
    operator.prepare("DELETE FROM translations WHERE key = 'ZZ_NEW'").run();
    expect(TranslationsResponse.parse((await translations()).json()).translations.ZZ_NEW).toBeUndefined();
    // Back to the first text: the first answer's bytes and tag again.
    operator.prepare("UPDATE translations SET value = ? WHERE container_id = 'web' AND language = 'en' AND key = 'LOADING_MESSAGE_APP'").run(EN_TRANSLATIONS.LOADING_MESSAGE_APP);
    const back = await translations();
    expect(back.body).toBe(before.body);
    expect(back.headers.etag).toBe(before.headers.etag);
  });

  it('answers the business config with an ETag and 304, and serves an edit at once', async () => {
    const first = await config();
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect((await config({ 'if-none-match': etag })).statusCode).toBe(304);
    operator.prepare("UPDATE business_config SET value = '7.5' WHERE key = 'vat_percentage'").run();
    const edited = await config({ 'if-none-match': etag });
    expect(edited.statusCode).toBe(200);
    expect(BizConfigResponse.parse(edited.json()).vat_percentage).toBe(7.5);
    expect(edited.headers.etag).not.toBe(etag);
  });

  it('still refuses a business config an edit broke, and serves it again once repaired', async () => {
    expect((await config()).statusCode).toBe(200);
    operator.prepare("UPDATE business_config SET value = '\"five\"' WHERE key = 'vat_percentage'").run();
    expect((await config()).statusCode).toBe(500);
    operator.prepare("UPDATE business_config SET value = '5' WHERE key = 'vat_percentage'").run();
    expect(BizConfigResponse.parse((await config()).json()).vat_percentage).toBe(5);
  });

  it('refuses a bad header or query before any cached answer', async () => {
    await translations();
    expect((await translations({ language: 'fr' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/translations?container_id=Web!' })).statusCode).toBe(400);
    expect((await config({ 'device-id': 'x' })).statusCode).toBe(400);
  });
});
