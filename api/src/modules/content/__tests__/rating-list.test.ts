import type { Database } from 'better-sqlite3';
import { BizConfigResponse, RatingListResponse } from '@join/shared/contract';
import { openDatabase } from '../../../platform/db/open-database';
import { createTestApp, type TestApp } from '../../../testing/harness';

/**
 * SPEC 7 GET /cms/rating_list and SPEC 3's smart_banner_apps_rating: one source, the app's store
 * listings (app_store_listings), so the banner's list and the business config always agree, and an
 * operator's edit reaches both at once.
 */
describe('GET /cms/rating_list', () => {
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

  const list = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/cms/rating_list', headers });
  const config = async () => BizConfigResponse.parse((await t.app.inject({ method: 'GET', url: '/api/biz_config/app' })).json());

  it('answers the seeded listings without a session, the store names in the language asked for', async () => {
    const en = await list();
    expect(en.statusCode).toBe(200);
    expect(en.headers['cache-control']).toBe('no-cache');
    expect(en.headers.vary).toBe('language');
    expect(RatingListResponse.parse(en.json())).toEqual({
      ratings: [
        { store: 'ios', name: 'App Store', rating: 4.7, count: 9412, url: 'https://apps.apple.com/ae/app/tourist-sim/id0000000000' },
        { store: 'android', name: 'Google Play', rating: 4.6, count: 18234, url: 'https://play.google.com/store/apps/details?id=ae.example.touristsim' },
      ],
    });
    const ar = RatingListResponse.parse((await list({ language: 'ar' })).json());
    expect(ar.ratings.map((r) => r.name)).toEqual(['آب ستور', 'جوجل بلاي']);
    expect(ar.ratings.map((r) => r.rating)).toEqual([4.7, 4.6]);
  });

  it('agrees with the business config, also after an operator edits a listing (both follow at once)', async () => {
    expect((await config()).smart_banner_apps_rating).toEqual([{ Android: { count: 18234, rating: 4.6 }, iOS: { count: 9412, rating: 4.7 } }]);
    const before = await list();
    operator.prepare("UPDATE app_store_listings SET rating = 4.8, rating_count = 12345 WHERE store = 'android'").run();
    expect((await config()).smart_banner_apps_rating).toEqual([{ Android: { count: 12345, rating: 4.8 }, iOS: { count: 9412, rating: 4.7 } }]);
    const after = await list();
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(RatingListResponse.parse(after.json()).ratings[1]).toMatchObject({ store: 'android', rating: 4.8, count: 12345 });
    // A client holding the answer gets a 304.
    expect((await list({ 'if-none-match': after.headers.etag as string })).statusCode).toBe(304);
  });

  it('with one store left, the list has it and the business config has no pair to show', async () => {
    operator.prepare("DELETE FROM app_store_listings WHERE store = 'ios'").run();
    expect(RatingListResponse.parse((await list()).json()).ratings.map((r) => r.store)).toEqual(['android']);
    expect((await config()).smart_banner_apps_rating).toEqual([]);
  });

  it('the table refuses what the banner could not show: a rating past 5, a negative count, a link that is not https', () => {
    const refused = (sql: string) => {
      try {
        operator.prepare(sql).run();
        return false;
      } catch {
        return true;
      }
    };
    expect(refused("UPDATE app_store_listings SET rating = 5.1 WHERE store = 'ios'")).toBe(true);
    expect(refused("UPDATE app_store_listings SET rating_count = -1 WHERE store = 'ios'")).toBe(true);
    expect(refused("UPDATE app_store_listings SET url = 'javascript:alert(1)' WHERE store = 'ios'")).toBe(true);
    expect(refused("INSERT INTO app_store_listings VALUES ('huawei', 3, 'AppGallery', 'آب غاليري', 4, 1, 'https://appgallery.example')")).toBe(true);
    expect(refused("UPDATE app_store_listings SET rating = 5 WHERE store = 'ios'")).toBe(false);
  });

  it('leaves out a listing whose link a hand edit made unusable in a page (a quote in it), rather than failing', async () => {
    operator.prepare(`UPDATE app_store_listings SET url = 'https://apps.apple.com/"><script>' WHERE store = 'ios'`).run();
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(RatingListResponse.parse(res.json()).ratings.map((r) => r.store)).toEqual(['android']);
  });

  it('validates its headers and refuses a query it does not take', async () => {
    const badLanguage = await list({ language: 'fr' });
    expect(badLanguage.statusCode).toBe(400);
    expect(badLanguage.json()).toMatchObject({ field: 'headers.language' });
    const post = await t.app.inject({ method: 'POST', url: '/api/cms/rating_list', payload: {} });
    expect(post.statusCode).toBe(404);
  });
});
