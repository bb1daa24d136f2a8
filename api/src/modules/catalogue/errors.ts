import { API_ERROR_CODES } from '@join/shared/contract';
import { DomainError, type ErrorStatuses } from '../../platform/domain-error';

/** The HTTP status of each code the catalogue module refuses with. */
export const CATALOGUE_ERROR_STATUSES: ErrorStatuses = {
  [API_ERROR_CODES.promoInvalid]: 400,
  [API_ERROR_CODES.promoNotSupported]: 400,
  [API_ERROR_CODES.consentRequired]: 409,
  [API_ERROR_CODES.promoCancelError]: 409,
};

/** SPEC 8 "promo invalid or expired": an unknown or ended promo code or promotion. */
export const promoInvalid = (field: string, message: string) => new DomainError(API_ERROR_CODES.promoInvalid, message, field);
/** SPEC 8 "promo not supported": promo codes are off, or the promotion does not fit this choice. */
export const promoNotSupported = (field: string, message: string) => new DomainError(API_ERROR_CODES.promoNotSupported, message, field);
/** An opt-in promotion asked for without the consent it needs. */
export const consentRequired = (field: string, message: string) => new DomainError(API_ERROR_CODES.consentRequired, message, field);
/** SPEC 8 "promo cancel error": a cancel with no promo code on the saved plan. */
export const promoCancelError = (message: string) => new DomainError(API_ERROR_CODES.promoCancelError, message);
