/**
 * The identity module's public entry (the identity check, the location check, the SIMs sold to
 * one document): what other modules and the composition root may use.
 */
export { identityRoutes } from './identity-routes';
export { locationRoutes } from './location-routes';
export { DEFAULT_AUTHORITY_TIMEOUT_MS, createHttpAuthority, unconfiguredAuthority, type IdentityAuthority } from './authority-client';
export { PENDING_CHECK_TTL_MS, maskNumber } from './identity-check';
export { IDENTITY_ERROR_STATUSES } from './errors';
export { IDENTITY_REDACT_PATHS } from './log-redaction';
export { MAX_SIMS_CODE, MAX_SIMS_PER_DOCUMENT, type SoldDocument } from './sim-limit';
export type * from './repository';
export type { IdentityDeps } from './deps';
