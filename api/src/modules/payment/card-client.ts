import { z } from 'zod';
import { exchangeJson, unavailable } from '../../platform/http-client/json-provider';
import {
  CARD_DECLINE_REASONS,
  DEFAULT_CARD_ACTION_WINDOW_MS,
  type CardCharge,
  type CardChargeRequest,
  type CardProvider,
  type CardRefund,
  type ProviderResult,
  type ProviderUnavailable,
} from './providers';

/**
 * The card provider over HTTP (the sandbox of sandboxes/src/card, or a real provider speaking
 * the same API): server-to-server calls with the secret key, JSON answers parsed with zod, one
 * timeout per call for the whole exchange.
 *
 * Anything that is not a provider's answer (a network error, a timeout, a 5xx, an answer that is
 * not the contract's, a refused key) is 'unavailable', with the reason in `detail` for the log.
 * A charge is never retried here: the caller retries, with the same idempotency key, if it wants.
 */
export interface HttpCardProviderOptions {
  /** Server-to-server base URL, e.g. http://127.0.0.1:8092 (the paths /v1/... are appended). */
  url: string;
  /** The origin browsers reach (the fields, the 3-D Secure page); the same as `url` by default. */
  publicUrl?: string;
  /** Sent as `Authorization: Bearer <key>`; never logged. */
  secretKey: string;
  merchantId: string;
  timeoutMs: number;
  /** How long the provider's 3-D Secure check may take (DEFAULT_CARD_ACTION_WINDOW_MS: the sandbox's). */
  actionWindowMs?: number;
  /** For tests; global fetch by default. */
  fetch?: typeof fetch;
}

export const DEFAULT_CARD_TIMEOUT_MS = 15_000;

const Brand = z.enum(['visa', 'mastercard', 'amex']);

export const ChargeAnswer = z
  .object({
    id: z.string().min(1).max(200),
    status: z.enum(['succeeded', 'requires_action', 'declined']),
    amount: z.number().int().nonnegative(),
    brand: Brand.nullable(),
    last4: z.string().regex(/^\d{4}$/).nullable(),
    action_url: z.url({ protocol: /^https?$/ }).nullable(),
    decline_reason: z.enum(CARD_DECLINE_REASONS).nullable(),
  })
  .refine((c) => (c.status === 'requires_action') === (c.action_url !== null), { message: 'action_url exactly when requires_action' })
  .refine((c) => (c.status === 'declined') === (c.decline_reason !== null), { message: 'decline_reason exactly when declined' })
  .refine((c) => c.brand !== null || c.decline_reason === 'token_invalid', { message: 'a card is named unless the token was unknown' });

export const RefundAnswer = z.object({
  id: z.string().min(1).max(200),
  charge: z.string().min(1).max(200),
  amount: z.number().int().positive(),
  status: z.literal('succeeded'),
});

const ErrorAnswer = z.object({ error: z.string() });

type Failure<R extends string> = { ok: false; reason: R; detail?: string };

type Exchange = { ok: true; status: number; json: unknown } | Failure<ProviderUnavailable>;

function toCharge(a: z.infer<typeof ChargeAnswer>): CardCharge {
  return {
    id: a.id,
    status: a.status,
    amountFils: a.amount,
    brand: a.brand,
    last4: a.last4,
    actionUrl: a.action_url,
    declineReason: a.decline_reason,
  };
}

export function createHttpCardProvider(options: HttpCardProviderOptions): CardProvider {
  const base = options.url.replace(/\/+$/, '');
  const publicBase = (options.publicUrl ?? options.url).replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;

  async function exchange(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<Exchange> {
    const answer = await exchangeJson(
      { method, url: `${base}${path}`, bearer: options.secretKey, body, idempotencyKey, timeoutMs: options.timeoutMs, fetch: doFetch },
      // A refused key reads as unauthorized even when its body is not JSON.
      (status) => (status === 401 || status === 403 ? 'unauthorized' : 'bad_answer'),
    );
    if (answer.ok && (answer.status === 401 || answer.status === 403)) return unavailable('unauthorized');
    return answer;
  }

  const errorOf = (json: unknown): string => {
    const parsed = ErrorAnswer.safeParse(json);
    return parsed.success ? parsed.data.error : 'unknown';
  };

  const charge = async (request: CardChargeRequest): Promise<ProviderResult<CardCharge, ProviderUnavailable>> => {
    const answer = await exchange(
      'POST',
      '/v1/charges',
      {
        token: request.token,
        amount: request.amountFils,
        currency: request.currency,
        reference: request.reference,
        return_url: request.returnUrl,
        recurring: request.recurring,
      },
      request.idempotencyKey,
    );
    if (!answer.ok) return answer;
    // A 4xx here is our request's fault (a bad body, a reused key with another body): the provider
    // charged nothing; the page can offer to retry, the log says why.
    if (answer.status !== 200) return unavailable(`status ${answer.status}: ${errorOf(answer.json)}`);
    const parsed = ChargeAnswer.safeParse(answer.json);
    return parsed.success ? { ok: true, value: toCharge(parsed.data) } : unavailable('bad_answer');
  };

  const getCharge = async (chargeId: string): Promise<ProviderResult<CardCharge, ProviderUnavailable | 'not_found'>> => {
    const answer = await exchange('GET', `/v1/charges/${encodeURIComponent(chargeId)}`);
    if (!answer.ok) return answer;
    if (answer.status === 404) return { ok: false, reason: 'not_found' };
    if (answer.status !== 200) return unavailable(`status ${answer.status}: ${errorOf(answer.json)}`);
    const parsed = ChargeAnswer.safeParse(answer.json);
    return parsed.success ? { ok: true, value: toCharge(parsed.data) } : unavailable('bad_answer');
  };

  const refund = async (
    chargeId: string,
    amountFils: number,
    idempotencyKey: string,
  ): Promise<ProviderResult<CardRefund, ProviderUnavailable | 'not_found' | 'not_refundable'>> => {
    const answer = await exchange('POST', '/v1/refunds', { charge: chargeId, amount: amountFils }, idempotencyKey);
    if (!answer.ok) return answer;
    if (answer.status === 404) return { ok: false, reason: 'not_found' };
    if (answer.status === 422 && errorOf(answer.json) === 'not_refundable') return { ok: false, reason: 'not_refundable' };
    if (answer.status !== 200) return unavailable(`status ${answer.status}: ${errorOf(answer.json)}`);
    const parsed = RefundAnswer.safeParse(answer.json);
    if (!parsed.success) return unavailable('bad_answer');
    return { ok: true, value: { id: parsed.data.id, chargeId: parsed.data.charge, amountFils: parsed.data.amount, status: 'succeeded' } };
  };

  const cancel = async (chargeId: string): Promise<ProviderResult<CardCharge, ProviderUnavailable | 'not_found'>> => {
    const answer = await exchange('POST', `/v1/charges/${encodeURIComponent(chargeId)}/cancel`, {});
    if (!answer.ok) return answer;
    if (answer.status === 404) return { ok: false, reason: 'not_found' };
    if (answer.status !== 200) return unavailable(`status ${answer.status}: ${errorOf(answer.json)}`);
    const parsed = ChargeAnswer.safeParse(answer.json);
    if (!parsed.success || parsed.data.id !== chargeId) return unavailable('bad_answer');
    // Voided means no longer waiting: a charge still asking for its check was not voided.
    if (parsed.data.status === 'requires_action') return unavailable('bad_answer: still requires action');
    return { ok: true, value: toCharge(parsed.data) };
  };

  return {
    fieldsUrl: `${publicBase}/fields`,
    origin: new URL(publicBase).origin,
    merchantId: options.merchantId,
    actionWindowMs: options.actionWindowMs ?? DEFAULT_CARD_ACTION_WINDOW_MS,
    charge,
    getCharge,
    refund,
    cancel,
  };
}
