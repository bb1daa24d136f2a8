import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_ERROR_CODES } from '@join/shared/contract';
import type { HtmlFallback } from '../static/static-files';
import { DomainError, type ErrorStatuses } from '../domain-error';
import { HttpError, internalError, inputError } from './http-error';
import { PLATFORM_ERROR_STATUSES } from '../refusals';

/**
 * One error path for the whole server. Our own HttpErrors pass through, a domain's refusals
 * (DomainError) answer with the status their code maps to; Fastify's client
 * errors (bad JSON, body too large, unsupported content type) become 4xx with the same body
 * shape; anything else is a 500 with no detail (the log has it).
 */
const BODY_ERRORS: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'is empty but the content type says JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'has an unsupported content type: send application/x-www-form-urlencoded or application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'does not match its Content-Length',
};

function isFastifyError(e: unknown): e is FastifyError {
  return e instanceof Error && typeof (e as Partial<FastifyError>).statusCode === 'number';
}

/**
 * The answer for an error: an HttpError as it is; a DomainError with the status its code maps to
 * in the modules' tables (given by the composition root: the platform knows no module's errors),
 * or null when no table names its code (a mistake: the handler logs it and answers 500); Fastify's
 * own 4xx with the same body shape; null for anything else.
 */
export function toHttpError(error: unknown, statuses: ErrorStatuses = PLATFORM_ERROR_STATUSES): HttpError | null {
  if (error instanceof HttpError) return error;
  if (error instanceof DomainError) {
    const status = statuses[error.statusKey];
    return status === undefined ? null : HttpError.of(error, status);
  }
  if (!isFastifyError(error)) return null;
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) return null;
  if (status === 404) return new HttpError(404, API_ERROR_CODES.notFound, error.message);
  if (status === 429) return new HttpError(429, API_ERROR_CODES.rateLimited, error.message);
  const bodyProblem = BODY_ERRORS[error.code];
  if (bodyProblem) return inputError('body', bodyProblem, status);
  return new HttpError(status, API_ERROR_CODES.badRequest, error.message);
}

/**
 * Errors Fastify meets before routing (a malformed URL): the same body shape as all others.
 * These never reach setErrorHandler or the onSend hooks, so the security headers are set here
 * (security-headers.ts edgeHeaders: with HSTS when JOIN_HSTS is on). Fastify hands this handler
 * a request that does not apply the trusted proxies, so it cannot tell a proxied HTTPS request:
 * a deployment behind a TLS proxy sets JOIN_HSTS.
 */
export function frameworkErrors(headers: Readonly<Record<string, string>>) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
    const http = toHttpError(error) ?? new HttpError(400, API_ERROR_CODES.badRequest, 'Malformed request');
    void reply.code(http.statusCode).headers(headers).send(http.toBody());
  };
}

/** The one error handler; `statuses`: every module's table of its codes' statuses, joined (joinErrorStatuses). */
export function installErrorHandler(app: FastifyInstance, statuses: ErrorStatuses): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    let http = toHttpError(error, statuses);
    if (!http) {
      request.log.error({ err: error }, 'unhandled error');
      http = internalError();
    } else if (http.statusCode >= 500) {
      request.log.warn({ code: http.code }, http.message);
    }
    void reply.code(http.statusCode).headers(http.headers()).send(http.toBody());
  });
}

/** Unknown routes: a page navigation gets the host's index.html, anything else a JSON 404. */
export function installNotFoundHandler(app: FastifyInstance, fallback: HtmlFallback | null): void {
  // Synchronous on purpose: each branch sends (or streams) its reply itself.
  app.setNotFoundHandler((request, reply) => {
    if (fallback?.handle(request, reply)) return;
    const path = (request.url.split('?')[0] ?? '').slice(0, 200);
    void reply.code(404).send(new HttpError(404, API_ERROR_CODES.notFound, `Nothing at ${request.method} ${path}`).toBody());
  });
}
