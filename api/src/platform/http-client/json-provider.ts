import { z } from 'zod';
import type { ProviderResult, ProviderUnavailable } from '../provider-result';
import { providerClient } from './provider-client';

/**
 * The JSON providers' side of the provider client: one exchange's rules (exchangeJson), and for
 * the providers reached with a bearer key under one base URL (BNPL, courier, eSIM) the reading
 * of an answer by its status (bearerJsonClient's `request`), written once for all of them.
 */

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
 * One server-to-server call of a provider, through the platform's provider client (JSON, a
 * bearer key, an optional Idempotency-Key, no redirects, one timeout for the answer and its body,
 * never a retry). Network errors, timeouts and 5xx are `unavailable`; a 4xx is the caller's to
 * read (`notJson` when its body is not JSON).
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

/** A provider's JSON answer below 500. */
export type BearerAnswer = { status: number; json: unknown };

/** A provider's error body ({"error": "…"}) and its "no" ({"status": "rejected", "reason": "…"}). */
const ErrorAnswer = z.object({ error: z.string().max(200) });
const RejectedAnswer = z.object({ status: z.literal('rejected'), reason: z.string().max(200) });

/** An id of the provider's own: one that could not be one is not looked up. */
export const PROVIDER_ID = /^[A-Za-z0-9_-]{1,100}$/;
/** An idempotency key as the providers take it: printable ASCII, no space. */
export const PROVIDER_IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** What we send, checked before anything leaves: a bad request is our bug (a throw), not the provider's "no". */
export function assertProviderRequest(schema: z.ZodType, request: unknown, what: string): void {
  const checked = schema.safeParse(request);
  if (!checked.success) throw new TypeError(`bad ${what}: ${checked.error.issues.map((i) => i.path.join('.')).join(', ')}`);
}

/** What a status the contract has at some point means: a failure, or null when the body is not the contract's. */
export type StatusMeaning<R extends string> = (answer: BearerAnswer) => { ok: false; reason: R; detail?: string } | null;

export const notFound: StatusMeaning<'not_found'> = () => ({ ok: false, reason: 'not_found' });

/** The provider's "no" to what we asked ({"status": "rejected", "reason"}): 'rejected', its reason in `detail`. */
export const rejected: StatusMeaning<'rejected'> = (answer) => {
  const parsed = RejectedAnswer.safeParse(answer.json);
  return parsed.success ? { ok: false, reason: 'rejected', detail: parsed.data.reason } : null;
};

/** An error body naming `error` means `reason`, with the provider's status of the thing in `detail` for the log. */
export const namedError =
  <R extends string>(error: string, reason: R): StatusMeaning<R> =>
  (answer) => {
    const parsed = ErrorAnswer.safeParse(answer.json);
    if (!parsed.success || parsed.data.error !== error) return null;
    const status = z.object({ status: z.string().max(20) }).safeParse(answer.json);
    return { ok: false, reason, detail: status.success ? `status ${status.data.status}` : undefined };
  };

/** A create's answer statuses: 201, or 200 when the same idempotency key is replayed. */
const CREATED = [201, 200] as const;

export interface ProviderRequest<T, R extends string> {
  method: 'GET' | 'POST';
  path: string;
  idempotencyKey?: string;
  body?: unknown;
  /** The statuses whose body is the answer: 200 unless said (a create answers 201, or 200 on a replay). */
  answerStatuses?: readonly number[];
  /** The answer parsed against the contract and checked against what was asked. */
  read: (answer: BearerAnswer) => ProviderResult<T, ProviderUnavailable>;
  /** The other statuses the contract has at this point, and what each means. */
  meanings?: Readonly<Partial<Record<number, StatusMeaning<R>>>>;
}

/**
 * The calls of one provider reached with a bearer key under one base URL (BNPL, the courier, the
 * eSIM service). `request` exchanges JSON (exchangeJson's rules) and reads the answer by its
 * status: the answer's statuses go to `read`, the contract's other statuses to their meaning, and
 * anything else (a 401 included: our key, our configuration) is `unavailable`, naming the
 * provider's error for the log.
 */
export function bearerJsonClient(options: { url: string; key: string; timeoutMs: number; fetch?: typeof fetch }) {
  const base = options.url.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const unexpected = (answer: BearerAnswer): Unavailable => {
    const error = ErrorAnswer.safeParse(answer.json);
    return unavailable(`status ${answer.status}${error.success ? `: ${error.data.error}` : ''}`);
  };
  async function request<T, R extends string = never>(call: ProviderRequest<T, R>): Promise<ProviderResult<T, R | ProviderUnavailable>> {
    const answer = await exchangeJson(
      { method: call.method, url: `${base}${call.path}`, bearer: options.key, body: call.body, idempotencyKey: call.idempotencyKey, timeoutMs: options.timeoutMs, fetch: doFetch },
      (status) => `status ${status}: not JSON`,
    );
    if (!answer.ok) return answer;
    const meaning = call.meanings?.[answer.status];
    if (meaning) return meaning(answer) ?? unexpected(answer);
    if (!(call.answerStatuses ?? [200]).includes(answer.status)) return unexpected(answer);
    return call.read(answer);
  }
  return {
    request,
    /** A POST that creates: its answer is 201 (200 when the same key is replayed), its "no" a 422 rejection. */
    create<T>(path: string, idempotencyKey: string, body: unknown, read: ProviderRequest<T, 'rejected'>['read']) {
      return request<T, 'rejected'>({ method: 'POST', path, idempotencyKey, body, answerStatuses: CREATED, meanings: { 422: rejected }, read });
    },
    /** A GET of the provider's record `id` under `collection`: an id that could not be the provider's is not looked up. */
    async byId<T>(collection: string, id: string, read: ProviderRequest<T, 'not_found'>['read']): Promise<ProviderResult<T, 'not_found' | ProviderUnavailable>> {
      if (!PROVIDER_ID.test(id)) return { ok: false, reason: 'not_found' };
      return request<T, 'not_found'>({ method: 'GET', path: `${collection}/${encodeURIComponent(id)}`, meanings: { 404: notFound }, read });
    },
  };
}
