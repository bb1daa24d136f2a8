import { z } from 'zod';
import { providerClient, type ProviderClientOptions } from '../../platform/http-client/provider-client';
import type { ProviderResult, ProviderUnavailable } from '../../platform/provider-result';

/**
 * The number-portability lookup: what the national number-portability database (or the donor
 * operator) says of another operator's number. The API asks the sandbox of
 * sandboxes/src/portability, or the real service speaking the same API, over HTTP:
 * `GET /v1/subscribers/{msisdn}` with a bearer key, one timeout per call, never a retry.
 *
 * Its answers: 200, the number's operator and status; 404, no operator has the number (null).
 * Everything else (network, timeout, 5xx, a refused key, a 400 that is our bug, an answer that is
 * not the contract's or is about another number) is 'unavailable' with the cause in `detail` for
 * the log: the visitor is told to try again (transfer-routes.ts), never that the number is unknown.
 */
export interface ExternalSubscriberRecord {
  msisdn: string;
  operatorCode: string;
  status: 'active' | 'in_transfer' | 'not_activated';
}

export interface PortabilityLookup {
  subscriber(msisdn: string): Promise<ProviderResult<ExternalSubscriberRecord | null, ProviderUnavailable>>;
}

/** The platform client's options (base URL e.g. http://127.0.0.1:8097, timeout, fetch), the bearer key named as configured. */
export interface HttpPortabilityOptions extends Omit<ProviderClientOptions, 'bearer'> {
  /** Sent as `Authorization: Bearer <key>`; never logged. */
  key: string;
}

export const DEFAULT_PORTABILITY_TIMEOUT_MS = 5_000;

const SubscriberAnswer = z.object({
  msisdn: z.string(),
  operator: z.string().regex(/^[a-z0-9_-]{1,32}$/),
  status: z.enum(['active', 'in_transfer', 'not_activated']),
});
const ErrorAnswer = z.object({ error: z.string().max(200) });
const UAE_MOBILE = /^971\d{9}$/;

const unavailable = (detail: string) => ({ ok: false as const, reason: 'unavailable' as const, detail });

export function createHttpPortabilityLookup(options: HttpPortabilityOptions): PortabilityLookup {
  const { key, ...rest } = options;
  const client = providerClient({ ...rest, bearer: key });
  return {
    async subscriber(msisdn) {
      if (!UAE_MOBILE.test(msisdn)) throw new TypeError('portability lookup: not a UAE mobile number');
      const answer = await client.send({ method: 'GET', path: `/v1/subscribers/${msisdn}` });
      if (!answer.ok) return unavailable(answer.failure);
      let json: unknown;
      try {
        json = JSON.parse(answer.text) as unknown;
      } catch {
        return unavailable(`status ${answer.status}: not JSON`);
      }
      if (answer.status === 404) return { ok: true, value: null };
      if (answer.status !== 200) {
        const error = ErrorAnswer.safeParse(json);
        return unavailable(`status ${answer.status}${error.success ? `: ${error.data.error}` : ''}`);
      }
      const parsed = SubscriberAnswer.safeParse(json);
      if (!parsed.success) return unavailable('bad answer');
      if (parsed.data.msisdn !== msisdn) return unavailable('bad answer: another number');
      return { ok: true, value: { msisdn, operatorCode: parsed.data.operator, status: parsed.data.status } };
    },
  };
}
