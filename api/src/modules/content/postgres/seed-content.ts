import type { PgDatabase } from '../../../platform/db/postgres/pg-database';
import { SEED_BUSINESS_CONFIG } from '../seed/biz-config';
import { SEED_APP_LISTINGS } from '../seed/app-listings';
import { SEED_TRANSLATIONS, WEB_CONTAINER_ID } from '../seed/translations';

/**
 * Business config, the app's store listings and translations: inserted when missing (ON CONFLICT
 * DO NOTHING), so a value an operator changed is kept. One statement per table (arrays unnested).
 */
export async function seedContent(db: PgDatabase): Promise<void> {
  const config = Object.entries(SEED_BUSINESS_CONFIG);
  await db.run('INSERT INTO business_config (key, value) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING', [
    config.map(([key]) => key),
    config.map(([, value]) => JSON.stringify(value)),
  ]);
  await db.run(
    `INSERT INTO app_store_listings (store, position, name_en, name_ar, rating, rating_count, url)
     SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::float8[], $6::bigint[], $7::text[])
     ON CONFLICT DO NOTHING`,
    [
      SEED_APP_LISTINGS.map((l) => l.store),
      SEED_APP_LISTINGS.map((_, position) => position),
      SEED_APP_LISTINGS.map((l) => l.nameEn),
      SEED_APP_LISTINGS.map((l) => l.nameAr),
      SEED_APP_LISTINGS.map((l) => l.rating),
      SEED_APP_LISTINGS.map((l) => l.count),
      SEED_APP_LISTINGS.map((l) => l.url),
    ],
  );
  const texts = Object.entries(SEED_TRANSLATIONS).flatMap(([language, dictionary]) => Object.entries(dictionary).map(([key, value]) => [language, key, value] as const));
  await db.run(
    `INSERT INTO translations (container_id, language, key, value)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[]) ON CONFLICT DO NOTHING`,
    [WEB_CONTAINER_ID, texts.map(([language]) => language), texts.map(([, key]) => key), texts.map(([, , value]) => value)],
  );
}
