import { atom } from 'jotai';
import type { ApiError } from '@join/shared';
import type { DocumentDetails, DocumentSide, Guidance } from '@join/shared/identity';
import type { CheckPath } from './paths';

/**
 * What the check's screens share while the visitor moves between them: the sides the server
 * still wants, the details read from the document (for the confirm screen), and a decision's
 * guidance waiting for the screen where it can be acted on. Memory only: the details are
 * personal data, and nothing of them is kept in the browser's storage; a reload starts again
 * at the document (the server keeps nothing the page would need to resume either).
 */
export interface CheckState {
  /** Which path these belong to: answering the residency again starts afresh. */
  readonly path: CheckPath | null;
  /** Sides still to send, as the server last said; null before the first side. */
  readonly remaining: readonly DocumentSide[] | null;
  readonly details: DocumentDetails | null;
  /** Whether the face matched the document (the confirm screen is next). */
  readonly faceMatched: boolean;
}

export const EMPTY_CHECK: CheckState = { path: null, remaining: null, details: null, faceMatched: false };

export const checkAtom = atom<CheckState>(EMPTY_CHECK);

/** A decision the visitor must act on, with the code it came with (the catalogue text is the code's). */
export interface PendingGuidance {
  readonly guidance: Guidance;
  readonly code: ApiError['code'];
}

export const guidanceAtom = atom<PendingGuidance | null>(null);

/**
 * Set by the "use your Emirates ID" guidance (a resident who answered "I'm visiting"): the
 * questions open with "I live in the UAE" chosen, which is what the guidance asked for.
 */
export const suggestResidentAtom = atom(false);
