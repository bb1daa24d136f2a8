import type { DocumentDetails, DocumentKind, DocumentSide, FacePrompt, ImageSource, ResidentType, SimType } from '@join/shared/contract';

// --- the identity check: a pending check with its images, and the decisions ---

/** One side of the document as received: the image (kept until the decision) and what was read from it. */
export interface NewDocumentSide {
  side: DocumentSide;
  image: Buffer;
  source: ImageSource;
  /** The authority's reading of the machine-readable zone; null for a side without one (an Emirates ID front). */
  document: DocumentDetails | null;
  /** The authority found a face on it: the portrait the selfie is compared with. */
  faceFound: boolean;
}

export interface DocumentSideRecord extends NewDocumentSide {
  receivedAt: number;
}

/** A check under way: one per user, live until its decision or expiresAt. */
export interface IdentityCheckRecord {
  kind: DocumentKind;
  startedAt: number;
  expiresAt: number;
  /** What the machine-readable zone said, once the side carrying it is in. */
  details: DocumentDetails | null;
  /** When the selfie matched the document's portrait; null until then (or after a new side). */
  faceMatchedAt: number | null;
  /** 'passed': the face answered the server's live challenge (never the client's word). */
  liveness: 'passed' | null;
  /** The authority's person whose reference portrait the face matched; null when it holds none for the document. */
  facePersonRef: string | null;
  /** In the order of DOCUMENT_SIDES. */
  sides: DocumentSideRecord[];
}

/** A face challenge as stored: bound to one session (by its token hash) and its user. */
export interface NewFaceChallenge {
  uid: string;
  nonceHash: string;
  prompt: FacePrompt;
  issuedAt: number;
  expiresAt: number;
}
export interface FaceChallengeRecord {
  uid: string;
  prompt: FacePrompt;
  expiresAt: number;
}

/** A decision, as stored for good: the document's kind, number, dates and the outcome; never an image. */
export interface NewIdentityDecision {
  outcome: 'verified' | 'refused';
  /** SPEC 8 code of a refusal; null when verified. */
  code: number | null;
  documentKind: DocumentKind;
  documentNumber: string;
  expiryDate: string;
  birthDate: string;
  residentType: ResidentType;
  simType: SimType;
  /** The authority's reference of the person (verified only). */
  personRef: string | null;
  liveness: 'passed' | null;
  decidedAt: number;
  /**
   * The account that made the check (a verification is the account's, not the
   * device's); null only on decisions recorded before accounts were tied to them.
   */
  accountId: string | null;
  /** The name on the document (given names and surname, as read), for a pickup's hand-over. */
  holderName: string | null;
}

export interface IdentityDecisionRecord extends NewIdentityDecision {
  id: number;
}

/**
 * What a decision does besides being recorded, in the same transaction: a pass sets its flag
 * (resident_done also opens the delivery form) and deletes the pending check with its images;
 * a refusal keeps the check, drops only the face match, or deletes it all.
 */
export type IdentityDecisionEffect =
  | { kind: 'verified'; flag: 'id_verified' | 'resident_done' }
  | { kind: 'refused'; pending: 'keep' | 'drop_face' | 'drop_all' };

/** The identity check; everything per user: nobody reads another's check. */
export interface IdentityRepository {
  /**
   * The activation method's answers (POST /me/activation_method), in one transaction: a
   * residency other than the stored one deletes the pending check and its images (a passport
   * is not an Emirates ID). Answers whether it did.
   */
  setActivationMethod(uid: string, residentType: ResidentType, simType: SimType): Promise<{ droppedPendingCheck: boolean }>;
  /** The user's live pending check with its images; null when none or expired (expiresAt <= now). */
  getIdentityCheck(uid: string, now: number): Promise<IdentityCheckRecord | null>;
  /**
   * Stores one side (replacing that side), in one transaction: starts a check of `kind` when
   * there is none live (an expired one or one of another kind is replaced, it lives `ttlMs`),
   * sets the check's details when given, and forgets any face match (the document changed).
   */
  saveDocumentSide(
    uid: string,
    accountId: string,
    kind: DocumentKind,
    side: NewDocumentSide,
    details: DocumentDetails | null,
    now: number,
    ttlMs: number,
  ): Promise<IdentityCheckRecord>;
  /** The selfie matched: recorded on the live check (the selfie itself is never stored). false: no live check. */
  setFaceMatched(uid: string, liveness: 'passed', now: number, personRef: string | null): Promise<boolean>;
  /**
   * A face challenge for the session, replacing any earlier one: the nonce's hash, the
   * prompt, until `expiresAt`.
   */
  setFaceChallenge(tokenHash: string, challenge: NewFaceChallenge): Promise<void>;
  /**
   * Takes the session's face challenge (deleted whatever it is: a challenge serves one attempt)
   * and answers it if it is still live and its nonce hash is `nonceHash`; else null.
   */
  takeFaceChallenge(tokenHash: string, nonceHash: string, now: number): Promise<FaceChallengeRecord | null>;
  /** Deletes the user's pending check and its images (if any). */
  deleteIdentityCheck(uid: string): Promise<void>;
  /**
   * Records a decision and applies its effect, in one transaction (identity flags only move
   * forward; a pass makes the decision's account the one the flags count for).
   */
  recordIdentityDecision(uid: string, decision: NewIdentityDecision, effect: IdentityDecisionEffect): Promise<void>;
  /** The user's decisions, oldest first. */
  listIdentityDecisions(uid: string): Promise<IdentityDecisionRecord[]>;
  /** The latest verified decision of this user made by this account; null when none. */
  getVerifiedDecision(uid: string, accountId: string): Promise<IdentityDecisionRecord | null>;
  /** Housekeeping: deletes checks (and images) that expired at or before `now`. */
  deleteExpiredIdentityChecks(now: number): Promise<number>;
}
