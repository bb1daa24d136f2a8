import { IDENTITY_ERROR_CODES, IMAGE_FORMAT_CODE, IMAGE_TOO_LARGE_CODE } from '@join/shared/contract';
import { DomainError, ServiceFailure, type ErrorStatuses } from '../../platform/domain-error';
import { IDENTITY_API_FAILURE } from './authority-client';
import { EXPIRED_DATE, RETRY_SCAN, UNCORRELATED_IDENTIFIERS, UNDER_AGE } from './identity-check';

/**
 * The situations of the check's SPEC 8 codes: any code the authority or our own checks give is
 * answered by where it comes from, not by its value (-169 is 422 here, 403 at the payment).
 */
const REFUSED = 'identity_refused';
const IMAGE_TOO_LARGE = 'identity_image_too_large';
const AUTHORITY_UNREACHABLE = 'identity_unreachable';

/** The HTTP status of each code (or situation) the identity module refuses with. */
export const IDENTITY_ERROR_STATUSES: ErrorStatuses = {
  [REFUSED]: 422,
  [IMAGE_TOO_LARGE]: 413,
  [AUTHORITY_UNREACHABLE]: 503,
  [IDENTITY_ERROR_CODES.checkOutOfOrder]: 409,
  [IDENTITY_ERROR_CODES.detailsChanged]: 409,
  [IDENTITY_ERROR_CODES.faceChallenge]: 409,
};

const MESSAGES: Readonly<Record<number, string>> = {
  [IDENTITY_API_FAILURE]: 'The identity service could not be reached: please try again in a moment',
  [IMAGE_FORMAT_CODE]: 'Send a JPEG or PNG photo',
  [IMAGE_TOO_LARGE_CODE]: 'The image is too large: send one of at most 5 MB',
  [UNCORRELATED_IDENTIFIERS]: 'The two sides belong to different cards: scan both sides of one Emirates ID',
  [UNDER_AGE]: 'You must be 18 or older to get a SIM',
  [EXPIRED_DATE]: 'This document has expired: use a valid one',
  [RETRY_SCAN]: 'The document could not be read: take the photo again',
};

/**
 * A SPEC 8 code of the check as an answer: -607 is 503 (try again), -644 413, every other code
 * 422 (the request was understood; the document, face or person was refused).
 */
export function identityRefusal(code: number): DomainError {
  const message = MESSAGES[code] ?? 'The identity check did not pass';
  if (code === IDENTITY_API_FAILURE) return new ServiceFailure(code, message, undefined, undefined, AUTHORITY_UNREACHABLE);
  return new DomainError(code, message, undefined, undefined, code === IMAGE_TOO_LARGE_CODE ? IMAGE_TOO_LARGE : REFUSED);
}

export const outOfOrder = (message: string) => new DomainError(IDENTITY_ERROR_CODES.checkOutOfOrder, message);
export const detailsChanged = () =>
  new DomainError(IDENTITY_ERROR_CODES.detailsChanged, 'The details differ from the document read: reload them and confirm again');
/** 409 face_challenge_invalid: the page asks for a new challenge and the visitor tries again. */
export const faceChallengeInvalid = () =>
  new DomainError(IDENTITY_ERROR_CODES.faceChallenge, 'The face check timed out or was already used: start the face scan again');
