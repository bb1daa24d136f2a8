import { z } from 'zod';
import { ConsentPurposeText } from '@join/shared/contract';
import type { ConsentLanguage, ConsentRecord, ConsentTextsRecord } from './repository';

/**
 * The consent module's stored rows and their mapping to records, shared by the SQLite (sqlite/)
 * and PostgreSQL (postgres/) repositories: the SQL differs by dialect, what a row means does not.
 */

/** A row of `consents`, its columns aliased to the record's names by each implementation's SELECT. */
export interface ConsentRow {
  id: number;
  uid: string;
  deviceId: string;
  code: string;
  version: number;
  analytics: number;
  marketing: number;
  createdAt: number;
}

/** A row of `consent_texts`: `purposes` is the JSON of the purposes' texts. */
export interface TextsRow {
  code: string;
  version: number;
  language: ConsentLanguage;
  title: string;
  summary: string;
  purposes: string;
}

const Purposes = z.array(ConsentPurposeText).min(1);

export const toConsentRecord = (row: ConsentRow): ConsentRecord => ({ ...row, analytics: row.analytics === 1, marketing: row.marketing === 1 });

/** The texts of a row. The table is an edge too (an operator may publish by hand): its purposes are parsed, not trusted. */
export const toTextsRecord = (row: TextsRow): ConsentTextsRecord => ({ ...row, purposes: Purposes.parse(JSON.parse(row.purposes)) });

/** The `purposes` column of a version's texts, checked before it is written. */
export const storedPurposes = (purposes: readonly ConsentPurposeText[]): string => JSON.stringify(Purposes.parse(purposes));
