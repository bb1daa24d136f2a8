import { z } from 'zod';
import { ACTIVATION_CODE_PATTERN } from '@join/shared/contract';
import {
  assertProviderRequest,
  bearerJsonClient,
  PROVIDER_ID,
  PROVIDER_IDEMPOTENCY_KEY,
  unavailable,
  type BearerAnswer,
} from '../../platform/http-client/json-provider';
import type { ProviderResult, ProviderUnavailable } from '../../platform/provider-result';
import type { EsimFailure, EsimOrderRequest, EsimProfile, EsimProvider } from './providers';

/**
 * The eSIM provisioning service (an SM-DP+: the sandbox of sandboxes/src/esim, or the real
 * one speaking the same API) over HTTP: `/v1/profiles`, a bearer key, JSON, one timeout per call.
 *
 * Its "no" is a reason: a 422 refusal of the number is 'rejected' (the reason in `detail`), 404
 * 'not_found'. Everything else (network, timeout, 5xx, a refused key, a 4xx that is our bug, an
 * answer that is not the contract's, an activation code a phone could not use) is 'unavailable'
 * with the cause in `detail` for the log. Nothing is retried here; the idempotency key makes the
 * caller's retry issue one profile.
 */
export interface HttpEsimOptions {
  /** Base URL, e.g. http://127.0.0.1:8095 (the paths /v1/... are appended). */
  url: string;
  /** Sent as `Authorization: Bearer <key>`; never logged. */
  key: string;
  timeoutMs: number;
  /** For tests; global fetch by default. */
  fetch?: typeof fetch;
}

export const DEFAULT_ESIM_TIMEOUT_MS = 10_000;

const ProfileAnswer = z.object({
  id: z.string().regex(PROVIDER_ID),
  msisdn: z.string(),
  reference: z.string(),
  state: z.enum(['released', 'downloaded', 'installed', 'expired']),
  smdp_address: z.string().regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/),
  matching_id: z.string().regex(/^[A-Z0-9-]{1,64}$/),
  installed_at: z.iso.datetime({ offset: true }).nullable(),
});
type ProfileAnswer = z.infer<typeof ProfileAnswer>;

const Request = z.object({
  msisdn: z.string().regex(/^\d{8,15}$/),
  reference: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/),
  idempotencyKey: z.string().regex(PROVIDER_IDEMPOTENCY_KEY),
});

const toProfile = (a: ProfileAnswer): EsimProfile => ({
  id: a.id,
  smdpAddress: a.smdp_address,
  matchingId: a.matching_id,
  state: a.state,
  installedAt: a.installed_at,
});

export function createHttpEsimProvider(options: HttpEsimOptions): EsimProvider {
  const http = bearerJsonClient(options);

  function profileFrom(answer: BearerAnswer, expect: { id?: string; msisdn?: string; reference?: string }): ProviderResult<EsimProfile, ProviderUnavailable> {
    const parsed = ProfileAnswer.safeParse(answer.json);
    if (!parsed.success) return unavailable('bad answer');
    const a = parsed.data;
    if (expect.id !== undefined && a.id !== expect.id) return unavailable('bad answer: another profile');
    if (expect.msisdn !== undefined && a.msisdn !== expect.msisdn) return unavailable('bad answer: another number');
    if (expect.reference !== undefined && a.reference !== expect.reference) return unavailable('bad answer: another reference');
    // The code the visitor's phone will be given must be one it can read.
    if (!ACTIVATION_CODE_PATTERN.test(`LPA:1$${a.smdp_address}$${a.matching_id}`)) return unavailable('bad answer: not an activation code');
    if ((a.state === 'installed') !== (a.installed_at !== null)) return unavailable('bad answer: installed_at exactly when installed');
    return { ok: true, value: toProfile(a) };
  }

  return {
    async orderProfile(request: EsimOrderRequest): Promise<ProviderResult<EsimProfile, EsimFailure>> {
      assertProviderRequest(Request, request, 'eSIM order');
      const expected = { msisdn: request.msisdn, reference: request.reference };
      return http.create('/v1/profiles', request.idempotencyKey, expected, (answer) => profileFrom(answer, expected));
    },

    async getProfile(id: string): Promise<ProviderResult<EsimProfile, EsimFailure | 'not_found'>> {
      return http.byId('/v1/profiles', id, (answer) => profileFrom(answer, { id }));
    },
  };
}
