import { z } from 'zod';
import type { ProviderUnavailable } from './providers';

/** A provider that could not be asked, with the reason for the log (never shown to the visitor). */
export type Unavailable = { ok: false; reason: ProviderUnavailable; detail: string };
export const unavailable = (detail: string): Unavailable => ({ ok: false, reason: 'unavailable', detail });

/** A JSON answer below 500, or why there is none. */
export type JsonExchange = { ok: true; status: number; json: unknown; text: string } | Unavailable;

export interface JsonRequest {
  method: 'GET' | 'POST';
  url: string;
  bearer: string;
  body?: unknown;
  idempotencyKey?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/**
 * One server-to-server call of a payment provider (card, BNPL): JSON both ways, a bearer key,
 * an optional Idempotency-Key, no redirects followed, and one timeout for the answer and its body
 * (a provider that stalls mid-answer is a timeout too). Network errors, timeouts and 5xx are
 * `unavailable`; a 4xx is the caller's to read (`notJson` when its body is not JSON). Never retries.
 */
export async function exchangeJson(request: JsonRequest, notJson: (status: number) => string): Promise<JsonExchange> {
  const doFetch = request.fetch ?? fetch;
  let res: Response;
  let text: string;
  try {
    res = await doFetch(request.url, {
      method: request.method,
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${request.bearer}`,
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(request.idempotencyKey === undefined ? {} : { 'idempotency-key': request.idempotencyKey }),
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      signal: AbortSignal.timeout(request.timeoutMs),
      redirect: 'manual',
    });
    text = await res.text();
  } catch (err) {
    // Not instanceof Error: fetch's DOMException may come from another realm (a test runner's).
    const name = typeof err === 'object' && err !== null && 'name' in err ? String(err.name) : '';
    return unavailable(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network');
  }
  if (res.status >= 500) return unavailable(`status ${res.status}`);
  try {
    return { ok: true, status: res.status, json: JSON.parse(text) as unknown, text };
  } catch {
    return unavailable(notJson(res.status));
  }
}

/** A provider's JSON answer below 500, as the fulfilment clients read it. */
export type BearerAnswer = { status: number; json: unknown };

/** A fulfilment provider's error body ({"error": "…"}) and its "no" ({"status": "rejected", "reason": "…"}). */
const ErrorAnswer = z.object({ error: z.string().max(200) });
export const RejectedAnswer = z.object({ status: z.literal('rejected'), reason: z.string().max(200) });

/**
 * The calls of one provider reached with a bearer key under one base URL (the courier, the eSIM
 * service): `call` exchanges JSON (exchangeJson's rules), `unexpected` turns an answer the contract
 * does not have at that point (a 401 included: our key, our configuration) into `unavailable`,
 * naming the provider's error for the log.
 */
export function bearerJsonClient(options: { url: string; key: string; timeoutMs: number; fetch?: typeof fetch }) {
  const base = options.url.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  return {
    async call(method: 'GET' | 'POST', path: string, idempotencyKey?: string, body?: unknown): Promise<BearerAnswer | Unavailable> {
      const answer = await exchangeJson(
        { method, url: `${base}${path}`, bearer: options.key, body, idempotencyKey, timeoutMs: options.timeoutMs, fetch: doFetch },
        (status) => `status ${status}: not JSON`,
      );
      return answer.ok ? { status: answer.status, json: answer.json } : answer;
    },
    unexpected(answer: BearerAnswer): Unavailable {
      const error = ErrorAnswer.safeParse(answer.json);
      return unavailable(`status ${answer.status}${error.success ? `: ${error.data.error}` : ''}`);
    },
  };
}
