/**
 * The numbers module's public entry (numbers and transfer): what other modules and the
 * composition root may use. Everything else in this folder is the module's own.
 */
export { numberRoutes, type NumberRouteOptions } from './number-routes';
export { transferRoutes } from './transfer-routes';
export { HOLD_LIMITS, isVipLevel, shownVanityLevel, type HoldLimits } from './holds';
export { CaptchaGate, generatedCaptchaKey } from './captcha';
export { TRANSFER_CHECK_LIMITS, TransferCheckBudget, type TransferCheckLimits } from './transfer-budget';
export { mulberry32 } from './seed/prng';
export { createHttpPortabilityLookup, type ExternalSubscriberRecord, type PortabilityLookup } from './portability-client';
export { portabilityLookupFrom } from './portability-setup';
export type * from './repository';
export { PAID_HOLD_MS } from './repository';
export type { NumbersDeps } from './deps';
export { NUMBERS_ERROR_STATUSES } from './errors';
