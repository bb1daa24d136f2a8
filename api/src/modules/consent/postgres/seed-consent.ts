import type { PgDatabase } from '../../../platform/db/postgres/pg-database';
import { SEED_CONSENT_VERSION } from '../seed/legal-texts';

/**
 * The legal texts' first version, inserted when missing. Published texts are never changed (the
 * table refuses it): a new wording is a new version, published by the operator.
 */
export async function seedConsent(db: PgDatabase, now: number): Promise<void> {
  const { code, version, texts } = SEED_CONSENT_VERSION;
  await db.run('INSERT INTO consent_versions (code, version, published_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [code, version, now]);
  const languages = ['en', 'ar'] as const;
  await db.run(
    `INSERT INTO consent_texts (code, version, language, title, summary, purposes)
     SELECT $1::text, $2::bigint, * FROM unnest($3::text[], $4::text[], $5::text[], $6::text[]) ON CONFLICT DO NOTHING`,
    [
      code,
      version,
      languages,
      languages.map((l) => texts[l].title),
      languages.map((l) => texts[l].summary),
      languages.map((l) => JSON.stringify(texts[l].purposes)),
    ],
  );
}
