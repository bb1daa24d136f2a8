import type { Database, Statement } from 'better-sqlite3';
import type { BusinessConfig } from '@join/shared/contract';
import { toBusinessConfig, toTranslations, type KeyValueRow } from '../content-rows';
import type { AppListing, ContentRepository, FeedbackRecord, NewFeedback } from '../repository';

/** The embedded SQLite implementation of ContentRepository. */
export class SqliteContentRepository implements ContentRepository {
  private readonly insertFeedback: Statement<[NewFeedback]>;
  private readonly feedbackOf: Statement<[string, number], FeedbackRecord>;
  private readonly deleteFeedbackBefore: Statement<[number]>;
  private readonly config: Statement<[], KeyValueRow>;
  private readonly translations: Statement<[string, string], KeyValueRow>;
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
    return toBusinessConfig(this.config.all(), this.listings.all());
  }

  async getAppListings(): Promise<AppListing[]> {
    return this.listings.all();
  }

  async getTranslations(containerId: string, language: string): Promise<Record<string, string>> {
    return toTranslations(this.translations.all(containerId, language));
  }
}
