import { compactVerify, createLocalJWKSet, createRemoteJWKSet, errors, type JSONWebKeySet } from 'jose';
import { z } from 'zod';
import {
  DEFAULT_TERMINAL_WINDOW_MS,
  TERMINAL_DECLINE_REASONS,
  type ProviderResult,
  type ProviderUnavailable,
  type TerminalProvider,
  type TerminalRequest,
  type TerminalState,
} from './providers';
import { assertProviderRequest, bearerJsonClient, namedError, notFound, PROVIDER_IDEMPOTENCY_KEY, unavailable, type BearerAnswer } from '../../platform/http-client/json-provider';

/**
 * The shops' payment terminals (a cloud terminal API, or its sandbox in sandboxes/src/terminal)
 * over HTTP: a bearer key, JSON, and results signed by the terminal provider (a compact JWS,
 * ES256). A result counts only once its signature verifies with the provider's public key (its
 * JWKS, fetched and cached by jose, or a configured key set); the request's unsigned fields
 * (its `status`) decide nothing. What the result names is checked against what was recorded by
 * the service (charge-service.ts counter), not here.
 */
export interface HttpTerminalOptions {
  /** Base URL, e.g. http://127.0.0.1:8098. */
  url: string;
  /** Sent as `Authorization: Bearer <key>`; never logged. */
  key: string;
  timeoutMs: number;
  /** The results' public keys: a JWKS URL (default <url>/.well-known/jwks.json) or the key set itself. */
  jwks?: string | JSONWebKeySet;
  windowMs?: number;
  fetch?: typeof fetch;
}

export const DEFAULT_TERMINAL_TIMEOUT_MS = 5_000;
const TERMINAL_ID = /^[a-z0-9-]{1,64}$/;
const REQUEST_ID = /^tpr_[0-9a-f]{32}$/;

const RequestAnswer = z.object({
  id: z.string().regex(REQUEST_ID),
  terminal_id: z.string().regex(TERMINAL_ID),
  status: z.string().max(20),
  result: z.string().max(4000).nullable(),
});
const SignedResult = z.object({
  request_id: z.string(),
  terminal_id: z.string(),
  reference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  outcome: z.enum(['approved', 'declined', 'cancelled', 'expired']),
  auth_code: z.string().nullable(),
  decline_reason: z.enum(TERMINAL_DECLINE_REASONS).nullable(),
  time: z.string(),
});
const Create = z.object({
  terminalId: z.string().regex(TERMINAL_ID),
  reference: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/),
  amountFils: z.number().int().positive(),
  idempotencyKey: z.string().regex(PROVIDER_IDEMPOTENCY_KEY),
});

/** A signature that does not hold (another key, an altered payload, no signature at all): forged, not "unavailable". */
const FORGED = new Set(['ERR_JWS_SIGNATURE_VERIFICATION_FAILED', 'ERR_JWKS_NO_MATCHING_KEY', 'ERR_JWS_INVALID', 'ERR_JOSE_ALG_NOT_ALLOWED', 'ERR_JOSE_NOT_SUPPORTED', 'ERR_JWKS_MULTIPLE_MATCHING_KEYS']);

export function createHttpTerminalProvider(options: HttpTerminalOptions): TerminalProvider {
  const http = bearerJsonClient(options);
  const base = options.url.replace(/\/+$/, '');
  const jwks = typeof options.jwks === 'object' ? createLocalJWKSet(options.jwks) : createRemoteJWKSet(new URL(options.jwks ?? `${base}/.well-known/jwks.json`), { timeoutDuration: options.timeoutMs });

  /** The signed result, verified; a payload that verifies but is not the contract's is forged too. */
  async function verified(jws: string): Promise<ProviderResult<TerminalState, ProviderUnavailable>> {
    try {
      const { payload } = await compactVerify(jws, jwks, { algorithms: ['ES256'] });
      const parsed = SignedResult.safeParse(JSON.parse(new TextDecoder().decode(payload)));
      if (!parsed.success) return { ok: true, value: { kind: 'forged', detail: 'signed payload is not a result' } };
      const r = parsed.data;
      return {
        ok: true,
        value: {
          kind: 'settled',
          result: {
            requestId: r.request_id,
            terminalId: r.terminal_id,
            reference: r.reference,
            amountFils: r.amount,
            currency: r.currency,
            outcome: r.outcome,
            authCode: r.auth_code,
            declineReason: r.decline_reason,
          },
        },
      };
    } catch (err) {
      const code = err instanceof errors.JOSEError ? err.code : '';
      if (FORGED.has(code)) return { ok: true, value: { kind: 'forged', detail: code } };
      // The key set could not be fetched (a timeout, the network): ask again later.
      return unavailable(`result keys: ${code || (err instanceof Error ? err.name : 'error')}`);
    }
  }

  /** A request's answer: pending while it has no result, else its result verified. */
  async function stateFrom(answer: BearerAnswer, id: string): Promise<ProviderResult<TerminalState, ProviderUnavailable>> {
    const parsed = RequestAnswer.safeParse(answer.json);
    if (!parsed.success || parsed.data.id !== id) return unavailable('bad answer');
    if (parsed.data.result === null) {
      // Settled without a signed result: nothing to act on.
      return parsed.data.status === 'pending' ? { ok: true, value: { kind: 'pending' } } : { ok: true, value: { kind: 'forged', detail: 'settled, unsigned' } };
    }
    return verified(parsed.data.result);
  }

  /** `read` must answer synchronously: the verification runs after the exchange. */
  const raw = (answer: BearerAnswer): ProviderResult<BearerAnswer, ProviderUnavailable> => ({ ok: true, value: answer });
  async function then<R extends string>(
    exchanged: ProviderResult<BearerAnswer, R | ProviderUnavailable>,
    id: string,
  ): Promise<ProviderResult<TerminalState, R | ProviderUnavailable>> {
    return exchanged.ok ? stateFrom(exchanged.value, id) : exchanged;
  }
  const requestPath = (id: string) => `/v1/payment-requests/${encodeURIComponent(id)}`;

  return {
    windowMs: options.windowMs ?? DEFAULT_TERMINAL_WINDOW_MS,

    async createRequest(request) {
      assertProviderRequest(Create, request, 'terminal payment request');
      return http.request<TerminalRequest, 'busy' | 'unknown_terminal'>({
        method: 'POST',
        path: `/v1/terminals/${request.terminalId}/payment-requests`,
        idempotencyKey: request.idempotencyKey,
        body: { reference: request.reference, amount: request.amountFils, currency: 'AED' },
        answerStatuses: [201, 200],
        meanings: { 404: namedError('unknown_terminal', 'unknown_terminal'), 409: namedError('terminal_busy', 'busy') },
        read: (answer) => {
          const parsed = RequestAnswer.safeParse(answer.json);
          if (!parsed.success) return unavailable('bad answer');
          if (parsed.data.terminal_id !== request.terminalId) return unavailable('bad answer: another terminal');
          return { ok: true, value: { id: parsed.data.id, terminalId: parsed.data.terminal_id } };
        },
      });
    },

    async getRequest(id) {
      if (!REQUEST_ID.test(id)) return { ok: false, reason: 'not_found' };
      return then(await http.request<BearerAnswer, 'not_found'>({ method: 'GET', path: requestPath(id), meanings: { 404: notFound }, read: raw }), id);
    },

    async cancel(id) {
      if (!REQUEST_ID.test(id)) return { ok: false, reason: 'not_found' };
      // Already settled (409): its body is the request, its result the answer.
      const settled = (answer: BearerAnswer) => ({ ok: false as const, reason: 'settled' as const, detail: JSON.stringify(answer.json) });
      const exchanged = await http.request<BearerAnswer, 'not_found' | 'settled'>({ method: 'POST', path: `${requestPath(id)}/cancel`, meanings: { 404: notFound, 409: settled }, read: raw });
      if (!exchanged.ok && exchanged.reason === 'settled') return stateFrom({ status: 409, json: JSON.parse(exchanged.detail ?? 'null') as unknown }, id);
      return then(exchanged as ProviderResult<BearerAnswer, 'not_found' | ProviderUnavailable>, id);
    },

    async refund(id, idempotencyKey) {
      if (!REQUEST_ID.test(id)) return { ok: false, reason: 'not_found' };
      return http.request<true, 'not_found' | 'not_refundable'>({
        method: 'POST',
        path: `${requestPath(id)}/refund`,
        idempotencyKey,
        meanings: { 404: notFound, 422: namedError('not_refundable', 'not_refundable') },
        read: () => ({ ok: true, value: true }),
      });
    },
  };
}
