/**
 * What a third party's client answers: a value or a failure, never a throw for the provider's
 * "no" (the payment providers, the courier, the eSIM service all speak it).
 */
export type ProviderResult<T, R extends string> = { ok: true; value: T } | { ok: false; reason: R; detail?: string };

/** Why the provider could not be asked (network, timeout, a 5xx, a bad answer): the page offers to retry. */
export type ProviderUnavailable = 'unavailable';
