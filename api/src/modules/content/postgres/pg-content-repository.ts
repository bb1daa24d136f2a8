import type { BusinessConfig } from '@join/shared/contract';
import type { PgDatabase } from '../../../platform/db/postgres/pg-database';
import { toBusinessConfig, toTranslations, type KeyValueRow } from '../content-rows';
import type { AppListing, ContentRepository, FeedbackRecord, NewFeedback } from '../repository';

const FEEDBACK_COLUMNS = 'id, uid, device_id AS "deviceId", text, route, step, language, created_at AS "createdAt"';
// Ordered by byte, as SQLite's BINARY collation orders them, whatever the database's locale.
const LISTINGS = `SELECT store, name_en AS "nameEn", name_ar AS "nameAr", rating, rating_count AS count, url
                  FROM app_store_listings ORDER BY position, store COLLATE "C"`;

/**
 * The PostgreSQL implementation of ContentRepository (the SQLite one's SQL, $n placeholders).
 * Nothing here reads and then writes: a note is one INSERT (its id from the identity, RETURNING),
 * the rest are reads of tables an operator edits by hand, and a prune is one DELETE.
 */
export class PgContentRepository implements ContentRepository {
  constructor(private readonly db: PgDatabase) {}

  async addFeedback(f: NewFeedback): Promise<FeedbackRecord> {
    const { id } = await this.db.one<{ id: number }>(
      `INSERT INTO feedback (uid, device_id, text, route, step, language, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [f.uid, f.deviceId, f.text, f.route, f.step, f.language, f.createdAt],
    );
    return { ...f, id };
  }

  async listFeedback(uid: string, limit: number): Promise<FeedbackRecord[]> {
    return this.db.many<FeedbackRecord>(`SELECT ${FEEDBACK_COLUMNS} FROM feedback WHERE uid = $1 ORDER BY id DESC LIMIT $2`, [uid, limit]);
  }

  async pruneFeedback(before: number): Promise<number> {
    return this.db.run('DELETE FROM feedback WHERE created_at < $1', [before]);
  }

  async getBusinessConfig(): Promise<BusinessConfig> {
    // Two reads, each its own snapshot, as on SQLite.
    const [rows, listings] = await Promise.all([
      this.db.many<KeyValueRow>('SELECT key, value FROM business_config'),
      this.db.many<AppListing>(LISTINGS),
    ]);
    return toBusinessConfig(rows, listings);
  }

  async getAppListings(): Promise<AppListing[]> {
    return this.db.many<AppListing>(LISTINGS);
  }

  async getTranslations(containerId: string, language: string): Promise<Record<string, string>> {
    const rows = await this.db.many<KeyValueRow>('SELECT key, value FROM translations WHERE container_id = $1 AND language = $2 ORDER BY key COLLATE "C"', [
      containerId,
      language,
    ]);
    return toTranslations(rows);
  }
}
