import {
  ageOn,
  DOCUMENT_SIDES,
  guidanceForCode,
  MINIMUM_AGE,
  type DocumentDetails,
  type DocumentKind,
  type DocumentSide,
} from '@join/shared/contract';
import type { DocumentSideRecord, IdentityCheckRecord, IdentityDecisionEffect } from './repository';
import { IDENTITY_API_FAILURE } from './authority-client';

/**
 * The identity check's rules with no I/O (api/README.md "Identity check"): which sides are
 * still needed, whether two sides are one card, which image carries the portrait, the API's own
 * age and expiry checks, what a refusal leaves of the pending check, and the log's masking.
 */

/** How long a pending check (and its images) lives, from its first side. */
export const PENDING_CHECK_TTL_MS = 30 * 60_000;

/** SPEC 8 codes the API decides itself, before asking the authority. */
export const UNDER_AGE = -10018;
export const EXPIRED_DATE = -639;
export const UNCORRELATED_IDENTIFIERS = -619;
export const RESIDENT_WITH_PASSPORT = -611;
export const RESIDENCY_EXISTS = -614;
export const RETRY_SCAN = -606;

/** Sides of the document still to send, in order. */
export function remainingSides(kind: DocumentKind, sides: readonly Pick<DocumentSideRecord, 'side'>[]): DocumentSide[] {
  const have = new Set(sides.map((s) => s.side));
  return DOCUMENT_SIDES[kind].filter((s) => !have.has(s));
}

/** Every side in, and the details of the machine-readable zone read. */
export function isDocumentComplete(check: IdentityCheckRecord | null): check is IdentityCheckRecord & { details: DocumentDetails } {
  return check !== null && check.details !== null && remainingSides(check.kind, check.sides).length === 0;
}

/**
 * Whether two readings are of one card: same kind and number, and the same identity number
 * where both carry one. An Emirates ID whose back belongs to another card than its front is
 * SPEC 8 -619 "uncorrelated identifiers".
 */
export function sameDocument(a: DocumentDetails, b: DocumentDetails): boolean {
  if (a.kind !== b.kind || a.number !== b.number) return false;
  return a.id_number === null || b.id_number === null || a.id_number === b.id_number;
}

/** The image the selfie is compared with: the side where a face was found, else the first side. */
export function portraitOf(check: IdentityCheckRecord): DocumentSideRecord | null {
  return check.sides.find((s) => s.faceFound) ?? check.sides[0] ?? null;
}

/** The details as sent equal the details read (every field; id_number null and absent alike). */
export function sameDetails(sent: DocumentDetails, read: DocumentDetails): boolean {
  const keys = Object.keys(read) as (keyof DocumentDetails)[];
  return keys.every((k) => (sent[k] ?? null) === (read[k] ?? null)) && Object.keys(sent).length === keys.length;
}

/** Today's date in the UAE (UTC+4, no daylight saving), as YYYY-MM-DD. */
export function uaeToday(now: number): string {
  return new Date(now + 4 * 3600_000).toISOString().slice(0, 10);
}

/**
 * The API's own refusals, before the authority is asked: under 18 on today's UAE date (the
 * kernel's ageOn and MINIMUM_AGE; -10018), or a document whose expiry date has passed (-639).
 */
export function localRefusal(details: DocumentDetails, now: number): number | null {
  const [y, m, d] = uaeToday(now).split('-').map(Number) as [number, number, number];
  const age = ageOn(details.birth_date, new Date(y, m - 1, d));
  if (age === null || age < MINIMUM_AGE) return UNDER_AGE;
  if (details.expiry_date < uaeToday(now)) return EXPIRED_DATE;
  return null;
}

/**
 * What a refusal leaves of the pending check. The visitor fixes some codes by retaking one part
 * (the guidance table of shared/src/domains/identity): a face to retake drops the face match
 * only; a document to retake or upload again drops the whole check (the face was compared with
 * that document); details to check keep everything, as does -607 (nothing was decided). Every
 * other code is final for this document: the images are deleted.
 */
export function effectOfRefusal(code: number): IdentityDecisionEffect {
  if (code === IDENTITY_API_FAILURE) return { kind: 'refused', pending: 'keep' };
  switch (guidanceForCode(code)?.kind) {
    case 'retake_face':
      return { kind: 'refused', pending: 'drop_face' };
    case 'check_details':
      return { kind: 'refused', pending: 'keep' };
    default:
      return { kind: 'refused', pending: 'drop_all' };
  }
}

/** A document or card number for the log: its last three characters only. */
export function maskNumber(value: string | null | undefined): string | null {
  if (!value) return null;
  return `${'*'.repeat(Math.max(value.length - 3, 1))}${value.slice(-3)}`;
}
