import type { PgDatabase } from '../../../platform/db/postgres/pg-database';
import type { ConsentLanguage, ConsentRecord, ConsentRepository, ConsentTextsRecord, NewConsent, NewConsentVersion } from '../repository';
import { storedPurposes, toConsentRecord, toTextsRecord, type ConsentRow, type TextsRow } from '../consent-rows';

/** The SQLite list's, with the aliases quoted (PostgreSQL folds unquoted names to lower case). */
const CONSENT_COLUMNS = 'id, uid, device_id AS "deviceId", code, version, analytics, marketing, created_at AS "createdAt"';

/**
 * The PostgreSQL implementation of ConsentRepository (the SQLite one's SQL, $n placeholders).
 * What keeps it right with several connections: published versions and texts are only ever
 * added (the schema's triggers refuse a change, the foreign keys a deletion while a choice
 * refers to them), a version is one primary key, and a choice is checked against the current
 * version in the statement that stores it.
 */
export class PgConsentRepository implements ConsentRepository {
  constructor(private readonly db: PgDatabase) {}

  async currentConsentVersion(code: string): Promise<number | null> {
    const row = await this.db.one<{ version: number | null }>('SELECT MAX(version) AS version FROM consent_versions WHERE code = $1', [code]);
    return row.version;
  }

  async currentConsentTexts(code: string, language: ConsentLanguage): Promise<ConsentTextsRecord | null> {
    const row = await this.db.maybe<TextsRow>(
      `SELECT t.code, t.version, t.language, t.title, t.summary, t.purposes FROM consent_texts t
       WHERE t.code = $1 AND t.language = $2 AND t.version = (SELECT MAX(version) FROM consent_versions WHERE code = $1)`,
      [code, language],
    );
    return row ? toTextsRecord(row) : null;
  }

  async publishConsentVersion(v: NewConsentVersion): Promise<void> {
    // Both languages' purposes are checked before anything is written.
    const texts = (['en', 'ar'] as const).map((language) => {
      const t = v.texts[language];
      return { language, title: t.title, summary: t.summary, purposes: storedPurposes(t.purposes) };
    });
    // One transaction, so a version is never half published. Protected by the primary key of
    // consent_versions: of two publishers of one version the second fails on it (after waiting
    // for the first to commit) and writes nothing.
    await this.db.transaction(async () => {
      await this.db.run('INSERT INTO consent_versions (code, version, published_at) VALUES ($1, $2, $3)', [v.code, v.version, v.publishedAt]);
      await this.db.run(
        `INSERT INTO consent_texts (code, version, language, title, summary, purposes)
         SELECT $1::text, $2::bigint, * FROM unnest($3::text[], $4::text[], $5::text[], $6::text[])`,
        [v.code, v.version, texts.map((t) => t.language), texts.map((t) => t.title), texts.map((t) => t.summary), texts.map((t) => t.purposes)],
      );
    });
  }

  async recordConsent(c: NewConsent): Promise<ConsentRecord | null> {
    // The version is checked in the insert itself: a choice for texts that are not current is
    // never stored. One statement, one snapshot: versions are only added, so a choice stored
    // answered the current version when the statement began; a version whose publication commits
    // while it runs is ordered after it (as on SQLite, where it would have waited), and the
    // visitor is asked again for it (the latest choice then answers an older version).
    const row = await this.db.maybe<{ id: number }>(
      `INSERT INTO consents (uid, device_id, code, version, analytics, marketing, created_at)
       SELECT $1::text, $2::text, $3::text, $4::bigint, $5::integer, $6::integer, $7::bigint
       WHERE $4::bigint = (SELECT MAX(version) FROM consent_versions WHERE code = $3::text)
       RETURNING id`,
      [c.uid, c.deviceId, c.code, c.version, c.analytics ? 1 : 0, c.marketing ? 1 : 0, c.createdAt],
    );
    return row ? { ...c, id: row.id } : null;
  }

  async latestConsent(uid: string, code: string): Promise<ConsentRecord | null> {
    const row = await this.db.maybe<ConsentRow>(`SELECT ${CONSENT_COLUMNS} FROM consents WHERE uid = $1 AND code = $2 ORDER BY id DESC LIMIT 1`, [uid, code]);
    return row ? toConsentRecord(row) : null;
  }

  async listConsents(uid: string, code: string, limit: number): Promise<ConsentRecord[]> {
    const rows = await this.db.many<ConsentRow>(`SELECT ${CONSENT_COLUMNS} FROM consents WHERE uid = $1 AND code = $2 ORDER BY id DESC LIMIT $3`, [uid, code, limit]);
    return rows.map(toConsentRecord);
  }
}
