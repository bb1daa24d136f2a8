import type { FastifyRequest } from 'fastify';
import type { Caller, Language } from '../caller';
import { authOf } from './session-auth';

/** The request's `language` header, English without one. */
export const languageOf = (request: FastifyRequest): Language => request.client?.language ?? 'en';

/** The caller of a request that passed the session guard. */
export function callerOf(request: FastifyRequest): Caller {
  const { uid, accountId } = authOf(request);
  return { uid, accountId, log: request.log, language: languageOf(request) };
}
