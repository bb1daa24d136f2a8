import { isApiError } from '@join/shared';
import { AccountErrorExtras } from '@join/shared/account';

/**
 * What an account call's error body says beside its code: the tries a code has left
 * (`attempts_left`) and how long a lock or resend wait lasts (`retry_after_s`), from the kernel
 * ApiError's `details` (the body's whole numbers), parsed with the account contract's schema.
 * The Retry-After header is the fallback for the wait when a proxy drops the body.
 */
export function accountErrorExtras(err: unknown): AccountErrorExtras {
  if (!isApiError(err)) return {};
  const parsed = AccountErrorExtras.safeParse(err.details);
  const extras: AccountErrorExtras = parsed.success ? { ...parsed.data } : {};
  if (extras.retry_after_s === undefined) {
    const cause = err.cause as { response?: { headers?: { get?: (name: string) => string | null } } } | undefined;
    const header = cause?.response?.headers?.get?.('retry-after');
    if (header && /^\d+$/.test(header)) extras.retry_after_s = Number(header);
  }
  return extras;
}

/** The API's code of a failed call (a SPEC 8 number or one of API_ERROR_CODES), or null. */
export const errorCode = (err: unknown): number | string | null => (isApiError(err) ? err.code : null);
