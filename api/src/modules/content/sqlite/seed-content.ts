import type { Database } from 'better-sqlite3';
import { SEED_BUSINESS_CONFIG } from '../seed/biz-config';
import { SEED_APP_LISTINGS } from '../seed/app-listings';
import { SEED_TRANSLATIONS, WEB_CONTAINER_ID } from '../seed/translations';

/** Business config, the app's store listings and translations: inserted when missing, so a value an operator changed is kept. */
export function seedContent(db: Database): void {
  const config = db.prepare('INSERT OR IGNORE INTO business_config (key, value) VALUES (?, ?)');
  for (const [key, value] of Object.entries(SEED_BUSINESS_CONFIG)) config.run(key, JSON.stringify(value));
  const listing = db.prepare(
    `INSERT OR IGNORE INTO app_store_listings (store, position, name_en, name_ar, rating, rating_count, url)
     VALUES (@store, @position, @nameEn, @nameAr, @rating, @count, @url)`,
  );
  SEED_APP_LISTINGS.forEach((l, position) => listing.run({ ...l, position }));
  const text = db.prepare('INSERT OR IGNORE INTO translations (container_id, language, key, value) VALUES (?, ?, ?, ?)');
  for (const [language, dictionary] of Object.entries(SEED_TRANSLATIONS)) {
    for (const [key, value] of Object.entries(dictionary)) text.run(WEB_CONTAINER_ID, language, key, value);
  }
}
