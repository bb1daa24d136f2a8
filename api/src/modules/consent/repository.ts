import type { ConsentPurposeText } from '@join/shared/contract';

export type ConsentLanguage = 'en' | 'ar';

/** One version of a code's legal texts in one language (what GET /consent.json answers). */
export interface ConsentTextsRecord {
  code: string;
  version: number;
  language: ConsentLanguage;
  title: string;
  summary: string;
  /** In the order shown; `necessary` is required (always on). */
  purposes: ConsentPurposeText[];
}

/** A new version of a code's texts, in every language at once (a version is never half published). */
export interface NewConsentVersion {
  code: string;
  version: number;
  publishedAt: number;
  texts: Readonly<Record<ConsentLanguage, Omit<ConsentTextsRecord, 'code' | 'version' | 'language'>>>;
}

/** A visitor's choice, as recorded: who (user and device), which texts, yes or no per optional purpose, when. */
export interface NewConsent {
  uid: string;
  deviceId: string;
  code: string;
  version: number;
  analytics: boolean;
  marketing: boolean;
  createdAt: number;
}

export interface ConsentRecord extends NewConsent {
  id: number;
}

/**
 * The legal texts by code, version and language, and the visitors' choices: append-only, the
 * latest of a visitor and code wins. A choice is kept while its visitor exists and goes with it.
 */
export interface ConsentRepository {
  /** The current version (the highest) of a code, or null when none is published. */
  currentConsentVersion(code: string): Promise<number | null>;
  /** The current version's texts in `language`, or null (no version, or none in that language). */
  currentConsentTexts(code: string, language: ConsentLanguage): Promise<ConsentTextsRecord | null>;
  /** Publishes a version (both languages, in one transaction); a version that exists already is refused. */
  publishConsentVersion(version: NewConsentVersion): Promise<void>;
  /**
   * Records a choice, only if it answers the code's current version, checked in the same
   * statement as the insert (a version published meanwhile cannot slip between): null otherwise,
   * and nothing is stored.
   */
  recordConsent(consent: NewConsent): Promise<ConsentRecord | null>;
  /** The visitor's latest choice for a code (whatever its version), or null. */
  latestConsent(uid: string, code: string): Promise<ConsentRecord | null>;
  /** The visitor's choices for a code, newest first, at most `limit` (the history kept as proof). */
  listConsents(uid: string, code: string, limit: number): Promise<ConsentRecord[]>;
}
