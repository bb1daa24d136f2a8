import type { RequestHeaders } from '@join/shared/contract';
import type { Log } from './log';

/** The language a request is answered in: its `language` header (SPEC 7). */
export type Language = RequestHeaders['language'];

/**
 * Who a service acts for, without HTTP: the session's user and account, where the log goes and
 * the language names, e-mails and messages are in. A route makes one from its request
 * (platform/http/caller.ts callerOf).
 */
export interface Caller {
  uid: string;
  /** The account a login upgraded the session to; null on a device-id session. */
  accountId: string | null;
  log: Log;
  language: Language;
}
