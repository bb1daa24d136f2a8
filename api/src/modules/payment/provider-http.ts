import { z } from 'zod';
import { providerClient } from '../../platform/http-client/provider-client';
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
 * One server-to-server call of a payment provider (card, BNPL), through the platform's provider
 * client (JSON, a bearer key, an optional Idempotency-Key, no redirects, one timeout for the
 * answer and its body, never a retry). Network errors, timeouts and 5xx are `unavailable`; a 4xx
 * is the caller's to read (`notJson` when its body is not JSON).
 */
export async function exchangeJson(request: JsonRequest, notJson: (status: number) => string): Promise<JsonExchange> {
  const { origin, pathname, search } = new URL(request.url);
  const answer = await providerClient({ url: origin, bearer: request.bearer, timeoutMs: request.timeoutMs, ...(request.fetch ? { fetch: request.fetch } : {}) }).send({
    method: request.method,
    path: `${pathname}${search}`,
    body: request.body,
    ...(request.idempotencyKey === undefined ? {} : { idempotencyKey: request.idempotencyKey }),
  });
  if (!answer.ok) return unavailable(answer.failure);
  if (answer.status >= 500) return unavailable(`status ${answer.status}`);
  try {
    return { ok: true, status: answer.status, json: JSON.parse(answer.text) as unknown, text: answer.text };
  } catch {
    return unavailable(notJson(answer.status));
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
