import type { Database, Statement } from 'better-sqlite3';
import { BusinessConfig } from '@join/shared/contract';
import type { AppListing, ContentRepository, FeedbackRecord, NewFeedback } from '../repository';

/** The embedded SQLite implementation of ContentRepository. */
export class SqliteContentRepository implements ContentRepository {
  private readonly insertFeedback: Statement<[NewFeedback]>;
  private readonly feedbackOf: Statement<[string, number], FeedbackRecord>;
  private readonly deleteFeedbackBefore: Statement<[number]>;
  private readonly config: Statement<[], { key: string; value: string }>;
  private readonly translations: Statement<[string, string], { key: string; value: string }>;
  private readonly listings: Statement<[], AppListing>;

  constructor(db: Database) {
    this.insertFeedback = db.prepare(
      `INSERT INTO feedback (uid, device_id, text, route, step, language, created_at)
       VALUES (@uid, @deviceId, @text, @route, @step, @language, @createdAt)`,
    );
    this.feedbackOf = db.prepare(
      `SELECT id, uid, device_id AS deviceId, text, route, step, language, created_at AS createdAt
       FROM feedback WHERE uid = ? ORDER BY id DESC LIMIT ?`,
    );
    this.deleteFeedbackBefore = db.prepare('DELETE FROM feedback WHERE created_at < ?');
    this.config = db.prepare('SELECT key, value FROM business_config');
    this.translations = db.prepare('SELECT key, value FROM translations WHERE container_id = ? AND language = ? ORDER BY key');
    this.listings = db.prepare(
      `SELECT store, name_en AS nameEn, name_ar AS nameAr, rating, rating_count AS count, url
       FROM app_store_listings ORDER BY position, store`,
    );
  }

  async addFeedback(f: NewFeedback): Promise<FeedbackRecord> {
    const info = this.insertFeedback.run(f);
    return { ...f, id: Number(info.lastInsertRowid) };
  }

  async listFeedback(uid: string, limit: number): Promise<FeedbackRecord[]> {
    return this.feedbackOf.all(uid, limit);
  }

  async pruneFeedback(before: number): Promise<number> {
    return this.deleteFeedbackBefore.run(before).changes;
  }

  async getBusinessConfig(): Promise<BusinessConfig> {
    const rows = this.config.all();
    // SPEC 3's smart_banner_apps_rating is the app's listings (their table is its one source; a
    // row of that name in the config table, from before it, is not read): both stores, or none.
    const listings = this.listings.all();
    const ios = listings.find((l) => l.store === 'ios');
    const android = listings.find((l) => l.store === 'android');
    const ratings = ios && android ? [{ Android: { count: android.count, rating: android.rating }, iOS: { count: ios.count, rating: ios.rating } }] : [];
    // The table is an edge too: an operator may edit it by hand, so it is parsed, not trusted.
    return BusinessConfig.parse({
      ...Object.fromEntries(rows.filter((r) => r.key !== 'smart_banner_apps_rating').map((r) => [r.key, JSON.parse(r.value) as unknown])),
      smart_banner_apps_rating: ratings,
    });
  }

  async getAppListings(): Promise<AppListing[]> {
    return this.listings.all();
  }

  async getTranslations(containerId: string, language: string): Promise<Record<string, string>> {
    return Object.fromEntries(this.translations.all(containerId, language).map((r) => [r.key, r.value]));
  }
}
