import { messageTypeForCode, type MessageType } from './codes';

/**
 * The one error type every API failure becomes. Components read `messageType` (never the
 * raw server code) and hand the error to the host, which shows the catalogue pop-up.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: number | string | null;
  readonly messageType: MessageType;
  readonly status: number | null;
  readonly field: string | undefined;
  /**
   * Numbers the error body carries beside code and message, such as `retry_after_s` of a
   * limit or `attempts_left` of a wrong code: what a page needs to say "try again in 30 s".
   */
  readonly details: Readonly<Record<string, number>>;

  constructor(
    message: string,
    init: { code: number | string | null; status: number | null; field?: string; cause?: unknown; details?: Record<string, number> },
  ) {
    super(message, { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.field = init.field;
    this.details = Object.freeze({ ...init.details });
    this.messageType = messageTypeForCode(init.code);
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
