import type { Database, Statement, Transaction } from 'better-sqlite3';
import type { ConsentLanguage, ConsentRecord, ConsentRepository, ConsentTextsRecord, NewConsent, NewConsentVersion } from '../repository';
import { storedPurposes, toConsentRecord, toTextsRecord, type ConsentRow, type TextsRow } from '../consent-rows';

const CONSENT_COLUMNS = 'id, uid, device_id AS deviceId, code, version, analytics, marketing, created_at AS createdAt';

/** The embedded SQLite implementation of ConsentRepository. */
export class SqliteConsentRepository implements ConsentRepository {
  private readonly currentVersion: Statement<[string], { version: number | null }>;
  private readonly currentTexts: Statement<[{ code: string; language: string }], TextsRow>;
  private readonly insertVersion: Statement<[string, number, number]>;
  private readonly insertTexts: Statement<[TextsRow]>;
  private readonly insertConsent: Statement<[Omit<ConsentRow, 'id'>]>;
  private readonly consentsOf: Statement<[string, string, number], ConsentRow>;
  private readonly publish: Transaction<(version: NewConsentVersion) => void>;

  constructor(db: Database) {
    this.currentVersion = db.prepare('SELECT MAX(version) AS version FROM consent_versions WHERE code = ?');
    this.currentTexts = db.prepare(
      `SELECT t.code, t.version, t.language, t.title, t.summary, t.purposes FROM consent_texts t
       WHERE t.code = @code AND t.language = @language AND t.version = (SELECT MAX(version) FROM consent_versions WHERE code = @code)`,
    );
    this.insertVersion = db.prepare('INSERT INTO consent_versions (code, version, published_at) VALUES (?, ?, ?)');
    this.insertTexts = db.prepare(
      'INSERT INTO consent_texts (code, version, language, title, summary, purposes) VALUES (@code, @version, @language, @title, @summary, @purposes)',
    );
    // The version is checked in the insert itself: a choice for texts that are not current is never stored.
    this.insertConsent = db.prepare(
      `INSERT INTO consents (uid, device_id, code, version, analytics, marketing, created_at)
       SELECT @uid, @deviceId, @code, @version, @analytics, @marketing, @createdAt
       WHERE @version = (SELECT MAX(version) FROM consent_versions WHERE code = @code)`,
    );
    this.consentsOf = db.prepare(`SELECT ${CONSENT_COLUMNS} FROM consents WHERE uid = ? AND code = ? ORDER BY id DESC LIMIT ?`);
    this.publish = db.transaction((v: NewConsentVersion) => {
      this.insertVersion.run(v.code, v.version, v.publishedAt);
      for (const language of ['en', 'ar'] as const) {
        const t = v.texts[language];
        this.insertTexts.run({ code: v.code, version: v.version, language, title: t.title, summary: t.summary, purposes: storedPurposes(t.purposes) });
      }
    });
  }

  async currentConsentVersion(code: string): Promise<number | null> {
    return this.currentVersion.get(code)?.version ?? null;
  }

  async currentConsentTexts(code: string, language: ConsentLanguage): Promise<ConsentTextsRecord | null> {
    const row = this.currentTexts.get({ code, language });
    return row ? toTextsRecord(row) : null;
  }

  async publishConsentVersion(version: NewConsentVersion): Promise<void> {
    this.publish.immediate(version);
  }

  async recordConsent(c: NewConsent): Promise<ConsentRecord | null> {
    const info = this.insertConsent.run({ ...c, analytics: c.analytics ? 1 : 0, marketing: c.marketing ? 1 : 0 });
    if (info.changes === 0) return null;
    return { ...c, id: Number(info.lastInsertRowid) };
  }

  async latestConsent(uid: string, code: string): Promise<ConsentRecord | null> {
    const row = this.consentsOf.get(uid, code, 1);
    return row ? toConsentRecord(row) : null;
  }

  async listConsents(uid: string, code: string, limit: number): Promise<ConsentRecord[]> {
    return this.consentsOf.all(uid, code, limit).map(toConsentRecord);
  }
}
