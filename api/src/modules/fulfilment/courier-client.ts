import { z } from 'zod';
import {
  assertProviderRequest,
  bearerJsonClient,
  PROVIDER_ID,
  PROVIDER_IDEMPOTENCY_KEY,
  unavailable,
  type BearerAnswer,
} from '../../platform/http-client/json-provider';
import type { ProviderResult, ProviderUnavailable } from '../../platform/provider-result';
import { COURIER_STATUSES, type CourierFailure, type CourierJob, type CourierJobRequest, type CourierProvider } from './providers';

/**
 * The courier over HTTP (the sandbox of sandboxes/src/courier, or a real last-mile courier
 * speaking the same API): `/v1/jobs`, a bearer key, JSON both ways, one timeout per call.
 *
 * A courier's "no" is a reason: its 422 refusal of a job is 'rejected' (the reason in `detail`),
 * 404 'not_found'. Everything else (a network error, a timeout, a 5xx, a refused key, a 4xx that
 * means our request was wrong, an answer that is not the contract's) is 'unavailable', with the
 * cause in `detail` for the log (never the key, never the customer's address or phone). Nothing
 * is retried here: the caller retries with the same idempotency key, which books one courier.
 */
export interface HttpCourierOptions {
  /** Base URL, e.g. http://127.0.0.1:8094 (the paths /v1/... are appended). */
  url: string;
  /** Sent as `Authorization: Bearer <key>`; never logged. */
  key: string;
  /** Per call, the whole exchange (connect, send, answer). */
  timeoutMs: number;
  /** For tests; global fetch by default. */
  fetch?: typeof fetch;
}

export const DEFAULT_COURIER_TIMEOUT_MS = 10_000;

const Status = z.enum(COURIER_STATUSES);
const Iso = z.iso.datetime({ offset: true });

const JobAnswer = z.object({
  id: z.string().regex(PROVIDER_ID),
  kind: z.enum(['delivery', 'pickup']),
  reference: z.string(),
  status: Status,
  history: z.array(z.object({ status: Status, at: Iso })).min(1),
  eta: Iso.nullable(),
});
type JobAnswer = z.infer<typeof JobAnswer>;

/** What this client sends: checked before anything leaves, since a bad request is our bug, not the courier's "no". */
const Request = z.object({
  kind: z.enum(['delivery', 'pickup']),
  reference: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/),
  idempotencyKey: z.string().regex(PROVIDER_IDEMPOTENCY_KEY),
  dropoff: z
    .object({
      lat: z.number().min(-90).max(90),
      lng: z.number().min(-180).max(180),
      address: z.string().max(200),
      address2: z.string().max(200),
      instructions: z.string().max(300),
      phone: z.string().regex(/^(\d{8,15})?$/),
    })
    .nullable(),
  storeId: z.string().max(64).nullable(),
  cashOnDeliveryFils: z.number().int().nonnegative(),
  recipient: z
    .object({ name: z.string().min(1).max(120), documentKind: z.enum(['passport', 'emirates_id']), documentNumberMasked: z.string().min(1).max(24) })
    .nullable(),
});

const toJob = (a: JobAnswer): CourierJob => ({ id: a.id, status: a.status, history: a.history, eta: a.eta });

export function createHttpCourierProvider(options: HttpCourierOptions): CourierProvider {
  const http = bearerJsonClient(options);

  /** A job answer, parsed, and checked against what we asked (its id, its reference and kind). */
  function jobFrom(answer: BearerAnswer, expect: { id?: string; reference?: string; kind?: string }): ProviderResult<CourierJob, ProviderUnavailable> {
    const parsed = JobAnswer.safeParse(answer.json);
    if (!parsed.success) return unavailable('bad answer');
    const a = parsed.data;
    if (expect.id !== undefined && a.id !== expect.id) return unavailable('bad answer: another job');
    if (expect.reference !== undefined && a.reference !== expect.reference) return unavailable('bad answer: another reference');
    if (expect.kind !== undefined && a.kind !== expect.kind) return unavailable('bad answer: another kind');
    if (a.history.at(-1)?.status !== a.status) return unavailable('bad answer: history does not end at the status');
    return { ok: true, value: toJob(a) };
  }

  return {
    async createJob(request: CourierJobRequest): Promise<ProviderResult<CourierJob, CourierFailure>> {
      assertProviderRequest(Request, request, 'courier job request');
      const d = request.dropoff;
      const body = {
        kind: request.kind,
        reference: request.reference,
        dropoff: d ? { lat: d.lat, lng: d.lng, address: d.address, address_2: d.address2, instructions: d.instructions, phone: d.phone } : null,
        store: request.storeId,
        cash_on_delivery: request.cashOnDeliveryFils,
        recipient: request.recipient
          ? { name: request.recipient.name, document_kind: request.recipient.documentKind, document_number_masked: request.recipient.documentNumberMasked }
          : null,
      };
      // A replay of the same key answers the job as it is now, maybe further on than received.
      return http.create('/v1/jobs', request.idempotencyKey, body, (answer) => jobFrom(answer, { reference: request.reference, kind: request.kind }));
    },

    async getJob(id: string): Promise<ProviderResult<CourierJob, CourierFailure | 'not_found'>> {
      return http.byId('/v1/jobs', id, (answer) => jobFrom(answer, { id }));
    },
  };
}
