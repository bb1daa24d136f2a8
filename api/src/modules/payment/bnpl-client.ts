import { z } from 'zod';
import { DEFAULT_BNPL_CHECKOUT_WINDOW_MS, type BnplCheckout, type BnplCheckoutRequest, type BnplProvider, type ProviderResult, type ProviderUnavailable } from './providers';
import {
  assertProviderRequest,
  bearerJsonClient,
  namedError,
  notFound,
  PROVIDER_ID,
  PROVIDER_IDEMPOTENCY_KEY,
  unavailable,
  type BearerAnswer,
} from '../../platform/http-client/json-provider';

/**
 * The buy-now-pay-later provider (Spotii, or its sandbox in sandboxes/src/bnpl) over HTTP:
 * the checkout API (`/api/v1.0/checkouts`), a bearer key, JSON. Every answer is parsed; what
 * is not the contract's, a 5xx, a timeout or a network error is 'unavailable' with the cause in
 * `detail` for the log (never the key, never the customer). No call is retried here: the page
 * offers the retry, and the idempotency key makes it safe.
 */
export interface HttpBnplOptions {
  /** Base URL, e.g. http://127.0.0.1:8093 (the paths /api/v1.0/... are appended). */
  url: string;
  /** Sent as `Authorization: Bearer <key>`; never logged. */
  key: string;
  /** Per call, the whole exchange (connect, send, answer). */
  timeoutMs: number;
  /** The amounts the provider accepts, inclusive (its contract's limits). */
  minFils: number;
  maxFils: number;
  /** How long a checkout stays open for the visitor (DEFAULT_BNPL_CHECKOUT_WINDOW_MS: the sandbox's and Spotii's 30 minutes). */
  checkoutWindowMs?: number;
  /** For tests; global fetch by default. */
  fetch?: typeof fetch;
}

export const BNPL_PROVIDER_NAME = 'Spotii';
export const BNPL_INSTALMENT_COUNT = 4;
export const DEFAULT_BNPL_TIMEOUT_MS = 15_000;
const CHECKOUTS = '/api/v1.0/checkouts';

const CheckoutAnswer = z.object({
  id: z.string().regex(PROVIDER_ID),
  reference: z.string(),
  status: z.enum(['open', 'approved', 'rejected', 'captured', 'expired', 'cancelled', 'refunded']),
  total: z.number().int().nonnegative(),
  currency: z.literal('AED'),
  checkout_url: z.url({ protocol: /^https?$/ }),
});
type CheckoutAnswer = z.infer<typeof CheckoutAnswer>;
/** What this client sends: checked before anything leaves, since a bad request is our bug, not the provider's "no". */
const Request = z.object({
  reference: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/),
  amountFils: z.number().int().positive(),
  currency: z.literal('AED'),
  idempotencyKey: z.string().regex(PROVIDER_IDEMPOTENCY_KEY),
  successUrl: z.url({ protocol: /^https?$/ }),
  failureUrl: z.url({ protocol: /^https?$/ }),
  customer: z.object({ email: z.string().min(3).max(254) }),
  description: z.string().trim().min(1).max(200),
});

const toCheckout = (a: CheckoutAnswer): BnplCheckout => ({ id: a.id, status: a.status, amountFils: a.total, checkoutUrl: a.checkout_url });

export function createHttpBnplProvider(options: HttpBnplOptions): BnplProvider {
  if (!Number.isInteger(options.minFils) || !Number.isInteger(options.maxFils) || options.minFils < 1 || options.minFils > options.maxFils) {
    throw new RangeError('minFils and maxFils must be whole fils with 0 < minFils <= maxFils');
  }
  const http = bearerJsonClient(options);

  /** A checkout answer, parsed, and checked against what we asked (its amount, its id). */
  function checkoutFrom(answer: BearerAnswer, expect: { id?: string; total?: number; reference?: string }): ProviderResult<BnplCheckout, ProviderUnavailable> {
    const parsed = CheckoutAnswer.safeParse(answer.json);
    if (!parsed.success) return unavailable('bad answer');
    const a = parsed.data;
    if (expect.id !== undefined && a.id !== expect.id) return unavailable('bad answer: another checkout');
    if (expect.total !== undefined && a.total !== expect.total) return unavailable('bad answer: another amount');
    if (expect.reference !== undefined && a.reference !== expect.reference) return unavailable('bad answer: another reference');
    return { ok: true, value: toCheckout(a) };
  }

  const pathOf = (id: string) => `${CHECKOUTS}/${encodeURIComponent(id)}`;
  /** Ids are the provider's own; one that could not be one is not looked up. */
  const plausibleId = (id: string) => PROVIDER_ID.test(id);

  return {
    name: BNPL_PROVIDER_NAME,
    instalmentCount: BNPL_INSTALMENT_COUNT,
    minFils: options.minFils,
    maxFils: options.maxFils,
    checkoutWindowMs: options.checkoutWindowMs ?? DEFAULT_BNPL_CHECKOUT_WINDOW_MS,

    async createCheckout(request: BnplCheckoutRequest) {
      assertProviderRequest(Request, request, 'BNPL checkout request');
      const body = {
        reference: request.reference,
        total: request.amountFils,
        currency: request.currency,
        success_url: request.successUrl,
        failure_url: request.failureUrl,
        customer: { email: request.customer.email },
        description: request.description,
      };
      // A replay of the same key may answer a checkout already further on than open: it is returned as it is.
      return http.create(CHECKOUTS, request.idempotencyKey, body, (answer) => checkoutFrom(answer, { total: request.amountFils, reference: request.reference }));
    },

    async getCheckout(id: string) {
      return http.byId(CHECKOUTS, id, (answer) => checkoutFrom(answer, { id }));
    },

    async capture(id: string, idempotencyKey: string) {
      if (!PROVIDER_IDEMPOTENCY_KEY.test(idempotencyKey)) throw new TypeError('bad BNPL capture idempotency key');
      if (!plausibleId(id)) return { ok: false, reason: 'not_found' };
      return http.request({
        method: 'POST',
        path: `${pathOf(id)}/capture`,
        idempotencyKey,
        meanings: { 404: notFound, 409: namedError('not_approved', 'not_approved') },
        read: (answer) => {
          const result = checkoutFrom(answer, { id });
          return result.ok && result.value.status !== 'captured' ? unavailable('bad answer: not captured') : result;
        },
      });
    },

    async cancel(id: string) {
      if (!plausibleId(id)) return { ok: false, reason: 'not_found' };
      return http.request({
        method: 'POST',
        path: `${pathOf(id)}/cancel`,
        meanings: { 404: notFound, 409: namedError('already_captured', 'captured') },
        read: (answer) => {
          const result = checkoutFrom(answer, { id });
          // Withdrawn means it can no longer be approved or captured.
          return result.ok && (result.value.status === 'open' || result.value.status === 'approved') ? unavailable('bad answer: not cancelled') : result;
        },
      });
    },

    async refund(id: string, amountFils: number, idempotencyKey: string) {
      if (!PROVIDER_IDEMPOTENCY_KEY.test(idempotencyKey)) throw new TypeError('bad BNPL refund idempotency key');
      if (!Number.isInteger(amountFils) || amountFils < 1) throw new TypeError('a BNPL refund is a positive whole number of fils');
      if (!plausibleId(id)) return { ok: false, reason: 'not_found' };
      return http.request({
        method: 'POST',
        path: `${pathOf(id)}/refund`,
        idempotencyKey,
        body: { total: amountFils, currency: 'AED' },
        meanings: { 404: notFound, 422: namedError('not_refundable', 'not_refundable') },
        read: (answer) => checkoutFrom(answer, { id }),
      });
    },
  };
}
