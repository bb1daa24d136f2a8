import { timingSafeEqual } from 'node:crypto';
import { DocumentDetails, type DocumentKind, type DocumentSide, type FacePrompt, type ImageSource, type SimType } from '@join/shared/contract';
import type { DocumentSideRecord, FaceChallengeRecord, IdentityCheckRecord, IdentityDecisionRecord, NewIdentityDecision } from './repository';

/**
 * The identity module's stored rows and their mapping to and from records, shared by the SQLite
 * (sqlite/) and PostgreSQL (postgres/) repositories: the SQL differs by dialect, what a row means
 * does not.
 */

/** A row of `identity_checks` (migration 9): a check under way. */
export interface CheckRow {
  kind: DocumentKind;
  started_at: number;
  expires_at: number;
  details_json: string | null;
  face_matched_at: number | null;
  liveness: 'passed' | null;
  face_person_ref: string | null;
}

/** A row of `identity_check_sides`: one side's image and what was read from it. */
export interface SideRow {
  side: DocumentSide;
  image: Buffer;
  source: ImageSource;
  document_json: string | null;
  face_found: number;
  received_at: number;
}

/** A row of `identity_decisions`: kept for good, never an image. */
export interface DecisionRow {
  id: number;
  outcome: 'verified' | 'refused';
  code: number | null;
  document_kind: DocumentKind;
  document_number: string;
  expiry_date: string;
  birth_date: string;
  resident_type: 'resident' | 'non_resident';
  sim_type: SimType;
  person_ref: string | null;
  liveness: 'passed' | null;
  decided_at: number;
  account_id: string | null;
  holder_name: string | null;
}

/** A row of `face_challenges` (migration 17): one per session, by its token's hash. */
export interface FaceChallengeRow {
  uid: string;
  nonce_hash: string;
  prompt: FacePrompt;
  expires_at: number;
}

/** A stored document's details (details_json, document_json): parsed, not trusted. */
const parseDetails = (json: string | null): DocumentDetails | null => (json === null ? null : DocumentDetails.parse(JSON.parse(json)));

/** The details_json or document_json column of a document's details. */
export const detailsJson = (details: DocumentDetails | null): string | null => (details === null ? null : JSON.stringify(details));

export function toIdentityCheck(row: CheckRow, sides: readonly SideRow[]): IdentityCheckRecord {
  return {
    kind: row.kind,
    startedAt: row.started_at,
    expiresAt: row.expires_at,
    details: parseDetails(row.details_json),
    faceMatchedAt: row.face_matched_at,
    liveness: row.liveness,
    facePersonRef: row.face_person_ref,
    sides: sides.map(
      (s): DocumentSideRecord => ({
        side: s.side,
        image: s.image,
        source: s.source,
        document: parseDetails(s.document_json),
        faceFound: s.face_found === 1,
        receivedAt: s.received_at,
      }),
    ),
  };
}

export function fromDecision(uid: string, d: NewIdentityDecision): Record<string, string | number | null> {
  return { uid, ...d };
}

export function toDecision(row: DecisionRow): IdentityDecisionRecord {
  return {
    id: row.id,
    outcome: row.outcome,
    code: row.code,
    documentKind: row.document_kind,
    documentNumber: row.document_number,
    expiryDate: row.expiry_date,
    birthDate: row.birth_date,
    residentType: row.resident_type,
    simType: row.sim_type,
    personRef: row.person_ref,
    liveness: row.liveness,
    decidedAt: row.decided_at,
    accountId: row.account_id,
    holderName: row.holder_name,
  };
}

/** A taken challenge, if it is still live and `nonceHash` is its nonce's (compared in constant time); else null. */
export function answeredChallenge(row: FaceChallengeRow | undefined, nonceHash: string, now: number): FaceChallengeRecord | null {
  if (!row || row.expires_at <= now) return null;
  const given = Buffer.from(nonceHash, 'hex');
  const stored = Buffer.from(row.nonce_hash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) return null;
  return { uid: row.uid, prompt: row.prompt, expiresAt: row.expires_at };
}
