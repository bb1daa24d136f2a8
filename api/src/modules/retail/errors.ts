import { RETAIL_ERROR_CODES } from '@join/shared/contract';
import { DomainError, type ErrorStatuses } from '../../platform/domain-error';

/** A new device id is needed for each customer on a shop device: one already used is refused. */
export const DEVICE_ID_REUSED = 'device_id_reused';
/** The session to adopt is not this device's, not that account's, or not there. */
export const ADOPT_REFUSED = 'retail_session_not_adoptable';

/** The HTTP status of each code the retail module refuses with. */
export const RETAIL_ERROR_STATUSES: ErrorStatuses = {
  [RETAIL_ERROR_CODES.retailOff]: 404,
  [RETAIL_ERROR_CODES.deviceNotEnrolled]: 401,
  [RETAIL_ERROR_CODES.staffSignedOut]: 401,
  [RETAIL_ERROR_CODES.signInFailed]: 401,
  [RETAIL_ERROR_CODES.staffLocked]: 423,
  [RETAIL_ERROR_CODES.notManager]: 403,
  [RETAIL_ERROR_CODES.pairingCodeInvalid]: 400,
  [RETAIL_ERROR_CODES.retailCredentialRequired]: 403,
  [DEVICE_ID_REUSED]: 409,
  [ADOPT_REFUSED]: 403,
};

export const retailOff = () => new DomainError(RETAIL_ERROR_CODES.retailOff, 'Retail mode is not available');
export const deviceNotEnrolled = () => new DomainError(RETAIL_ERROR_CODES.deviceNotEnrolled, 'This device is not enrolled as a shop device');
export const staffSignedOut = () => new DomainError(RETAIL_ERROR_CODES.staffSignedOut, 'Staff sign-in needed on this device');
/** One message for an unknown staff id, another shop's staff id and a wrong PIN. */
export const signInFailed = () => new DomainError(RETAIL_ERROR_CODES.signInFailed, 'Wrong staff id or PIN');
export const staffLocked = (retryAfterS: number) =>
  new DomainError(RETAIL_ERROR_CODES.staffLocked, 'Too many wrong PINs: try again later', undefined, { retry_after_s: retryAfterS });
export const notManager = () => new DomainError(RETAIL_ERROR_CODES.notManager, 'Only a manager of this shop can do this');
export const pairingCodeInvalid = () =>
  new DomainError(RETAIL_ERROR_CODES.pairingCodeInvalid, 'That pairing code is not waiting for approval: check the code on the device', 'body.user_code');
export const retailCredentialRequired = () =>
  new DomainError(RETAIL_ERROR_CODES.retailCredentialRequired, 'Retail mode starts from a shop device signed in by staff');
export const deviceIdReused = () =>
  new DomainError(DEVICE_ID_REUSED, 'Each customer on a shop device starts with a new device id', 'headers.device-id');
export const adoptRefused = () =>
  new DomainError(ADOPT_REFUSED, 'That session cannot be continued on this shop device: start a new customer session');
