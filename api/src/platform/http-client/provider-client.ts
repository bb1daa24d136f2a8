import { ofetch, type FetchOptions } from 'ofetch';

/**
 * The one HTTP client the API reaches its providers with (card, BNPL, courier, eSIM, the
 * identity authority), on ofetch: JSON bodies, a bearer key, an optional Idempotency-Key, no
 * redirects followed, never a retry, and one timeout for the whole exchange, the answer's body
 * included (a provider that stalls mid-answer is a timeout too: ofetch's own `timeout` ends when
 * the headers arrive, so the call carries an AbortSignal.timeout instead). Every status is an
 * answer (the caller reads it); only a call that got no answer is a failure, timeout or network.
 */
export interface ProviderClientOptions {
  /** Base URL, e.g. http://127.0.0.1:8091 (paths are appended). */
  url: string;
  /** Sent as `Authorization: Bearer <key>`; never logged. */
  bearer: string;
  /** Per call, the whole exchange (connect, send, answer, body). */
  timeoutMs: number;
  /** For tests; global fetch by default. */
  fetch?: typeof fetch;
}

export interface ProviderCall {
  method: 'GET' | 'POST';
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  idempotencyKey?: string;
}

/** The provider's answer as text (the caller parses it against its contract), or why there is none. */
export type ProviderExchange = { ok: true; status: number; text: string } | { ok: false; failure: 'timeout' | 'network' };

/** A name of an error or of its cause; not instanceof: fetch's DOMException may come from another realm (a test runner's). */
function errorName(err: unknown): string {
  const name = (e: unknown) => (typeof e === 'object' && e !== null && 'name' in e ? String(e.name) : '');
  const cause = typeof err === 'object' && err !== null && 'cause' in err ? err.cause : undefined;
  return name(cause) || name(err);
}

export function providerClient(options: ProviderClientOptions) {
  const client = ofetch.create(
    {
      baseURL: options.url.replace(/\/+$/, ''),
      retry: false,
      ignoreResponseError: true,
      responseType: 'text',
      redirect: 'manual',
      headers: { accept: 'application/json', authorization: `Bearer ${options.bearer}` },
    },
    options.fetch ? { fetch: options.fetch } : {},
  );
  return {
    async send(call: ProviderCall): Promise<ProviderExchange> {
      const request: FetchOptions<'text'> = {
        method: call.method,
        responseType: 'text',
        signal: AbortSignal.timeout(options.timeoutMs),
        ...(call.body === undefined ? {} : { body: JSON.stringify(call.body), headers: { 'content-type': 'application/json' } }),
      };
      if (call.idempotencyKey !== undefined) request.headers = { ...(request.headers as Record<string, string>), 'idempotency-key': call.idempotencyKey };
      try {
        const res = await client.raw<string, 'text'>(call.path, request);
        return { ok: true, status: res.status, text: res._data ?? '' };
      } catch (err) {
        const name = errorName(err);
        return { ok: false, failure: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network' };
      }
    },
  };
}
