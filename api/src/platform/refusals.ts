import { API_ERROR_CODES, type StepName } from '@join/shared/contract';
import { DomainError, ServiceFailure, type ErrorStatuses } from './domain-error';

/**
 * The refusals every module may give (a field that breaks a rule, a thing that is not there, a
 * step taken out of order, a service out of reach), as DomainErrors: services throw them without
 * knowing HTTP; the statuses are in PLATFORM_ERROR_STATUSES.
 */
export const badRequest = (field: string, why: string) => new DomainError(API_ERROR_CODES.badRequest, `${field}: ${why}`, field);
export const notFound = (message: string) => new DomainError(API_ERROR_CODES.notFound, message);
export const flowOrder = (message: string) => new DomainError(API_ERROR_CODES.flowOrder, message);
/** The caller may not be on this flow step now (the step guard's refusal, and a service's own). */
export const stepNotAllowed = (step: StepName) =>
  new DomainError(API_ERROR_CODES.stepNotAllowed, `Step ${step} is not open to you now: reload the flow status`);
/** A service the call needs cannot be reached or is not set up: 503, code internal. */
export const unavailable = (message: string) => new ServiceFailure(API_ERROR_CODES.internal, message);

/** The statuses of the refusals above and of the HTTP layer's own codes. */
export const PLATFORM_ERROR_STATUSES: ErrorStatuses = {
  [API_ERROR_CODES.badRequest]: 400,
  [API_ERROR_CODES.notFound]: 404,
  [API_ERROR_CODES.flowOrder]: 409,
  [API_ERROR_CODES.stepNotAllowed]: 409,
  [API_ERROR_CODES.rateLimited]: 429,
  [API_ERROR_CODES.internal]: 503,
};
