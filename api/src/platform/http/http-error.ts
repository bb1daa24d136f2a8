import { API_ERROR_CODES, SESSION_RECOVERY_CODE, type ApiErrorBody } from '@join/shared/contract';
import { DomainError, type ErrorExtras } from '../domain-error';

/**
 * An answer of the HTTP layer itself, its status fixed where it is made: a session that ended,
 * a budget spent, input the edge cannot read, a failure (a service out of reach is a
 * ServiceFailure of platform/refusals.ts or a module's errors.ts).
 * Everything a domain refuses is a DomainError (platform/domain-error.ts, the common refusals in
 * platform/refusals.ts), its status found in the tables the modules give; the error handler
 * turns both into the contract's ApiErrorBody.
 */
export class HttpError extends DomainError {
  constructor(
    readonly statusCode: number,
    code: number | string,
    message: string,
    field?: string,
    extras?: ErrorExtras,
  ) {
    super(code, message, field, extras);
    this.name = 'HttpError';
  }

  /** A 5xx is a failure, anything else a refusal (domain-error.ts isRefusal). */
  override get failure(): boolean {
    return this.statusCode >= 500;
  }

  /** A domain's refusal answered with the status its code maps to. */
  static of(error: DomainError, statusCode: number): HttpError {
    return error instanceof HttpError ? error : new HttpError(statusCode, error.code, error.message, error.field, error.extras);
  }

  /** Headers the error handler sets with the body: Retry-After when the body says when to retry. */
  headers(): Record<string, string> {
    return this.extras?.retry_after_s !== undefined ? { 'retry-after': String(this.extras.retry_after_s) } : {};
  }

  toBody(): ApiErrorBody & ErrorExtras {
    return { code: this.code, message: this.message, ...(this.field ? { field: this.field } : {}), ...this.extras };
  }
}

/** Input the edge cannot read or parse, with the status that says why (400; 413 too large, 415 not multipart). */
export const inputError = (field: string, why: string, status = 400) =>
  new HttpError(status, API_ERROR_CODES.badRequest, `${field}: ${why}`, field);
export const sessionExpired = () => new HttpError(401, SESSION_RECOVERY_CODE, 'Session expired');
export const rateLimited = (retryIn: string) =>
  new HttpError(429, API_ERROR_CODES.rateLimited, `Too many requests: try again in ${retryIn}`);
export const internalError = () => new HttpError(500, API_ERROR_CODES.internal, 'Something went wrong');
