import type { FastifyRequest } from 'fastify';
import type { RequestHeaders } from '@join/shared/contract';
import type { Log } from '../log';
import { authOf } from './session-auth';

/** The language a request is answered in: its `language` header (SPEC 7). */
export type Language = RequestHeaders['language'];

/**
 * Who a service acts for, without HTTP: the session's user and account, where the log goes and
 * the language names, e-mails and messages are in. A route makes one from its request.
 */
export interface Caller {
  uid: string;
  /** The account a login upgraded the session to; null on a device-id session. */
  accountId: string | null;
  log: Log;
  language: Language;
}

/** The request's `language` header, English without one. */
export const languageOf = (request: FastifyRequest): Language => request.client?.language ?? 'en';

/** The caller of a request that passed the session guard. */
export function callerOf(request: FastifyRequest): Caller {
  const { uid, accountId } = authOf(request);
  return { uid, accountId, log: request.log, language: languageOf(request) };
}
