import type { Database } from 'better-sqlite3';
import { SEED_CONSENT_VERSION } from '../seed/legal-texts';

/**
 * The legal texts' first version, inserted when missing. Published texts are never changed (the
 * table refuses it): a new wording is a new version, published by the operator.
 */
export function seedConsent(db: Database, now: number): void {
  const { code, version, texts } = SEED_CONSENT_VERSION;
  db.prepare('INSERT OR IGNORE INTO consent_versions (code, version, published_at) VALUES (?, ?, ?)').run(code, version, now);
  const text = db.prepare('INSERT OR IGNORE INTO consent_texts (code, version, language, title, summary, purposes) VALUES (?, ?, ?, ?, ?, ?)');
  for (const language of ['en', 'ar'] as const) {
    const t = texts[language];
    text.run(code, version, language, t.title, t.summary, JSON.stringify(t.purposes));
  }
}
