import { z } from 'zod';
import { DEFAULT_BNPL_CHECKOUT_WINDOW_MS, type BnplCheckout, type BnplCheckoutRequest, type BnplProvider, type ProviderResult, type ProviderUnavailable } from './providers';
import { exchangeJson, unavailable } from './provider-http';

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

const CheckoutAnswer = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
  reference: z.string(),
  status: z.enum(['open', 'approved', 'rejected', 'captured', 'expired', 'cancelled', 'refunded']),
  total: z.number().int().nonnegative(),
  currency: z.literal('AED'),
  checkout_url: z.url({ protocol: /^https?$/ }),
});
type CheckoutAnswer = z.infer<typeof CheckoutAnswer>;
const RejectedAnswer = z.object({ status: z.literal('rejected'), reason: z.string().max(200) });
const ErrorAnswer = z.object({ error: z.string().max(200) });

type Failure<R extends string> = { ok: false; reason: R; detail?: string };

/** What this client sends: checked before anything leaves, since a bad request is our bug, not the provider's "no". */
const Request = z.object({
  reference: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/),
  amountFils: z.number().int().positive(),
  currency: z.literal('AED'),
  idempotencyKey: z.string().regex(/^[\x21-\x7e]{1,255}$/),
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
  const base = options.url.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;

  type Answer = { status: number; json: unknown };
  async function call(method: 'GET' | 'POST', path: string, idempotencyKey?: string, body?: unknown): Promise<Answer | Failure<ProviderUnavailable>> {
    const answer = await exchangeJson(
      { method, url: `${base}${path}`, bearer: options.key, body, idempotencyKey, timeoutMs: options.timeoutMs, fetch: doFetch },
      (status) => `status ${status}: not JSON`,
    );
    return answer.ok ? { status: answer.status, json: answer.json } : answer;
  }

  /** Any answer the contract does not have at this point. */
  const unexpected = (answer: Answer): Failure<ProviderUnavailable> => {
    const error = ErrorAnswer.safeParse(answer.json);
    return unavailable(`status ${answer.status}${error.success ? `: ${error.data.error}` : ''}`);
  };

  /** A checkout answer, parsed, and checked against what we asked (its amount, its id). */
  function checkoutFrom(answer: Answer, expect: { id?: string; total?: number; reference?: string }): ProviderResult<BnplCheckout, ProviderUnavailable> {
    const parsed = CheckoutAnswer.safeParse(answer.json);
    if (!parsed.success) return unavailable('bad answer');
    const a = parsed.data;
    if (expect.id !== undefined && a.id !== expect.id) return unavailable('bad answer: another checkout');
    if (expect.total !== undefined && a.total !== expect.total) return unavailable('bad answer: another amount');
    if (expect.reference !== undefined && a.reference !== expect.reference) return unavailable('bad answer: another reference');
    return { ok: true, value: toCheckout(a) };
  }

  const pathOf = (id: string) => `/api/v1.0/checkouts/${encodeURIComponent(id)}`;
  /** Ids are the provider's own; one that could not be one is not looked up. */
  const plausibleId = (id: string) => /^[A-Za-z0-9_-]{1,100}$/.test(id);

  return {
    name: BNPL_PROVIDER_NAME,
    instalmentCount: BNPL_INSTALMENT_COUNT,
    minFils: options.minFils,
    maxFils: options.maxFils,
    checkoutWindowMs: options.checkoutWindowMs ?? DEFAULT_BNPL_CHECKOUT_WINDOW_MS,

    async createCheckout(request: BnplCheckoutRequest) {
      const checked = Request.safeParse(request);
      if (!checked.success) throw new TypeError(`bad BNPL checkout request: ${checked.error.issues.map((i) => i.path.join('.')).join(', ')}`);
      const answer = await call('POST', '/api/v1.0/checkouts', request.idempotencyKey, {
        reference: request.reference,
        total: request.amountFils,
        currency: request.currency,
        success_url: request.successUrl,
        failure_url: request.failureUrl,
        customer: { email: request.customer.email },
        description: request.description,
      });
      if ('ok' in answer) return answer;
      if (answer.status === 422) {
        const rejected = RejectedAnswer.safeParse(answer.json);
        return rejected.success ? { ok: false, reason: 'rejected', detail: rejected.data.reason } : unexpected(answer);
      }
      if (answer.status !== 201 && answer.status !== 200) return unexpected(answer);
      // A replay of the same key may answer a checkout already further on than open: it is returned as it is.
      return checkoutFrom(answer, { total: request.amountFils, reference: request.reference });
    },

    async getCheckout(id: string) {
      if (!plausibleId(id)) return { ok: false, reason: 'not_found' };
      const answer = await call('GET', pathOf(id));
      if ('ok' in answer) return answer;
      if (answer.status === 404) return { ok: false, reason: 'not_found' };
      if (answer.status !== 200) return unexpected(answer);
      return checkoutFrom(answer, { id });
    },

    async capture(id: string, idempotencyKey: string) {
      if (!/^[\x21-\x7e]{1,255}$/.test(idempotencyKey)) throw new TypeError('bad BNPL capture idempotency key');
      if (!plausibleId(id)) return { ok: false, reason: 'not_found' };
      const answer = await call('POST', `${pathOf(id)}/capture`, idempotencyKey);
      if ('ok' in answer) return answer;
      if (answer.status === 404) return { ok: false, reason: 'not_found' };
      if (answer.status === 409) {
        const error = ErrorAnswer.safeParse(answer.json);
        return error.success && error.data.error === 'not_approved' ? { ok: false, reason: 'not_approved', detail: statusOf(answer.json) } : unexpected(answer);
      }
      if (answer.status !== 200) return unexpected(answer);
      const result = checkoutFrom(answer, { id });
      if (result.ok && result.value.status !== 'captured') return unavailable('bad answer: not captured');
      return result;
    },

    async cancel(id: string) {
      if (!plausibleId(id)) return { ok: false, reason: 'not_found' };
      const answer = await call('POST', `${pathOf(id)}/cancel`);
      if ('ok' in answer) return answer;
      if (answer.status === 404) return { ok: false, reason: 'not_found' };
      if (answer.status === 409) {
        const error = ErrorAnswer.safeParse(answer.json);
        return error.success && error.data.error === 'already_captured' ? { ok: false, reason: 'captured', detail: statusOf(answer.json) } : unexpected(answer);
      }
      if (answer.status !== 200) return unexpected(answer);
      const result = checkoutFrom(answer, { id });
      // Withdrawn means it can no longer be approved or captured.
      if (result.ok && (result.value.status === 'open' || result.value.status === 'approved')) return unavailable('bad answer: not cancelled');
      return result;
    },

    async refund(id: string, amountFils: number, idempotencyKey: string) {
      if (!/^[\x21-\x7e]{1,255}$/.test(idempotencyKey)) throw new TypeError('bad BNPL refund idempotency key');
      if (!Number.isInteger(amountFils) || amountFils < 1) throw new TypeError('a BNPL refund is a positive whole number of fils');
      if (!plausibleId(id)) return { ok: false, reason: 'not_found' };
      const answer = await call('POST', `${pathOf(id)}/refund`, idempotencyKey, { total: amountFils, currency: 'AED' });
      if ('ok' in answer) return answer;
      if (answer.status === 404) return { ok: false, reason: 'not_found' };
      if (answer.status === 422) {
        const error = ErrorAnswer.safeParse(answer.json);
        return error.success && error.data.error === 'not_refundable' ? { ok: false, reason: 'not_refundable', detail: statusOf(answer.json) } : unexpected(answer);
      }
      if (answer.status !== 200) return unexpected(answer);
      return checkoutFrom(answer, { id });
    },
  };
}

function statusOf(json: unknown): string | undefined {
  const parsed = z.object({ status: z.string().max(20) }).safeParse(json);
  return parsed.success ? `status ${parsed.data.status}` : undefined;
}
