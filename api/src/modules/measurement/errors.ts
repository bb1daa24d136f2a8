import { MEASUREMENT_ERROR_CODES } from '@join/shared/measurement-contract';
import { DomainError, type ErrorStatuses } from '../../platform/domain-error';

/** The HTTP status of each code the measurement module refuses with. */
export const MEASUREMENT_ERROR_STATUSES: ErrorStatuses = {
  [MEASUREMENT_ERROR_CODES.opsNotConfigured]: 404,
  [MEASUREMENT_ERROR_CODES.opsCredential]: 401,
};

export const opsNotConfigured = () =>
  new DomainError(MEASUREMENT_ERROR_CODES.opsNotConfigured, 'The operations summary is not configured on this server (JOIN_OPS_TOKEN)');
/** One answer for a missing, malformed and wrong credential. */
export const opsCredentialRefused = () => new DomainError(MEASUREMENT_ERROR_CODES.opsCredential, 'An operator credential is needed: Authorization: Bearer <token>');
