import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { FULFILMENT_PAGE_HEADERS, fulfilmentCommonRoutes } from '../fulfilment-css';
import { pageLanguage } from '../texts';
import { apiAndPageErrors, iso, requireBody, requireIdempotencyKey, sandboxApp, sendMade, sendPage } from '../sandbox-app';
import { startOnOwnOrigin, type RunningSandbox } from '../listen';
import { DEFAULT_COURIER_STEP_MS, hasMarker, JobBoard, REJECT_MARKER, UNAVAILABLE_MARKER, type Job } from './jobs';
import { jobsPage, messagePage } from './pages';
import { requireBearer } from '../bearer';

/**
 * The courier sandbox, shaped like a last-mile courier's API, on its own origin.
 *
 * Server to server (every /v1 call needs `Authorization: Bearer <key>`, 401 otherwise):
 *   POST /v1/jobs               (Idempotency-Key) book a delivery or a store pickup -> 201 job | 422 rejected
 *   GET  /v1/jobs/:id           the job now, moved by the courier's own clock
 *   POST /v1/jobs/:id/collect   the store desk hands a ready pickup over, its recipient's document checked
 *                               ({ document_checked: true }) -> collected | 409 not_ready | 422 document_not_checked
 * For a human (plain HTML, no script, ?lang=en|ar):
 *   GET  /                      the jobs and their status; a ready pickup shows its verified recipient
 *   POST /desk/:id/collect      "Hand over", with the clerk's tick that the presented document matches
 * For a test (only with `testHooks`, which JOIN_TEST_HOOKS=1 turns on; 404 otherwise):
 *   POST /test/jobs/step        { reference } this job's next status, now -> the job | 404 | 409 at_last_step
 *   POST /test/clock            { advance_ms } moves the courier's clock on (never back) -> { now }
 */
export interface CourierSandboxOptions {
  apiKey: string;
  /** One step of every job's clock (received -> preparing -> ...). */
  stepMs?: number;
  now?: () => number;
  logger?: boolean;
  /** POST /test/jobs/step: a test moves one job on instead of waiting for the clock (never in production). */
  testHooks?: boolean;
}

const Text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    // Line breaks and tabs are a typed text's own (instructions come from a text area); other control characters are not.
    .regex(/^(?:[\t\n\r]|[^\p{Cc}])*$/u, 'must have no control characters');

const Dropoff = z.strictObject({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  address: Text(200).min(1, 'must not be empty'),
  address_2: Text(200),
  instructions: Text(300),
  /** Digits only, with the country code (971...); may be empty for a pickup (the store's position). */
  phone: z.string().regex(/^(\d{8,15})?$/, 'must be 8 to 15 digits'),
});

/** The verified person the SIM is for: a name and a masked document number. */
const RecipientBody = z.strictObject({
  name: Text(120).min(1, 'must not be empty'),
  document_kind: z.enum(['passport', 'emirates_id']),
  document_number_masked: z.string().regex(/^[*•]{1,20}[A-Za-z0-9]{1,4}$/, 'must be masked: all but the last characters hidden'),
});

/** The operator's own reference for the job (its order number). */
const Reference = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1 to 64 letters, digits, _ . : or -');

export const CreateJobBody = z
  .strictObject({
    kind: z.enum(['delivery', 'pickup']),
    reference: Reference,
    dropoff: Dropoff.nullable(),
    store: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1 to 64 letters, digits, _ . : or -')
      .nullable(),
    /** Fils, collected in cash at the door (or the desk); 0 when paid online. */
    cash_on_delivery: z.number().int().nonnegative().max(100_000_000),
    /** Who may receive it: the desk checks the presented document against it (null: nobody, no hand-over). */
    recipient: RecipientBody.nullable(),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'delivery' && !b.dropoff) ctx.addIssue({ code: 'custom', path: ['dropoff'], message: 'is required for a delivery' });
    if (b.kind === 'delivery' && b.dropoff && b.dropoff.phone === '') ctx.addIssue({ code: 'custom', path: ['dropoff', 'phone'], message: 'is required for a delivery' });
    if (b.kind === 'pickup' && !b.store) ctx.addIssue({ code: 'custom', path: ['store'], message: 'is required for a pickup' });
  });

const JobId = z.string().regex(/^job_[0-9a-f]{24}$/);
const ClockBody = z.strictObject({ advance_ms: z.number().int().min(0).max(24 * 60 * 60 * 1000) });
const StepBody = z.strictObject({ reference: Reference });


/** The courier's service area: the United Arab Emirates' bounding box (west, south, east, north). */
const SERVICE_AREA = [51.4, 22.5, 56.5, 26.3] as const;

const inUae = (p: { lat: number; lng: number }) => {
  const [w, s, e, n] = SERVICE_AREA;
  return p.lng >= w && p.lng <= e && p.lat >= s && p.lat <= n;
};

export async function buildCourierApp(options: CourierSandboxOptions): Promise<FastifyInstance> {
  // The test hook's offset: a test in another process makes the courier's time pass (POST /test/clock).
  let offsetMs = 0;
  const clock = options.now ?? Date.now;
  const now = () => clock() + offsetMs;
  const board = new JobBoard(options.stepMs ?? DEFAULT_COURIER_STEP_MS, now);
  const app = await sandboxApp({ logger: options.logger });

  const view = (job: Job) => {
    const v = board.view(job);
    return {
      id: job.id,
      kind: job.kind,
      reference: job.reference,
      status: v.status,
      history: v.history.map((h) => ({ status: h.status, at: iso(h.at) })),
      eta: iso(v.eta),
      failure_reason: v.failureReason,
      dropoff: job.dropoff,
      store: job.store,
      cash_on_delivery: job.cash_on_delivery,
      recipient: job.recipient,
      created_at: iso(job.createdAt),
    };
  };

  requireBearer(app, '/v1/', options.apiKey, { error: 'unauthorized', message: 'a valid API key is required (Authorization: Bearer <key>)' });
  // Never echo the body: it carries a customer's address and phone (the courier), a number (the eSIM service).
  apiAndPageErrors(app, {
    apiPrefix: '/v1/',
    apiError: (status) => (status === 500 ? { error: 'internal_error' } : { error: 'invalid_request', message: 'the body must be JSON' }),
    apiNotFound: { error: 'not_found', message: 'no such job' },
    errorPage: (reply, status) => sendPage(reply, status, messagePage('en', 'not_found')),
    notFoundPage: (reply) => sendPage(reply, 404, messagePage('en', 'not_found')),
  });

  const notFound = (reply: FastifyReply) => reply.code(404).send({ error: 'not_found', message: 'no such job' });

  fulfilmentCommonRoutes(app);

  // --- server to server ------------------------------------------------------------------------

  app.post('/v1/jobs', async (request, reply) => {
    const key = requireIdempotencyKey(request, reply);
    const input = key === null ? null : requireBody(CreateJobBody, request, reply);
    if (key === null || input === null) return reply;
    // The sandbox's failure modes (sandboxes/README.md): the courier is down, or refuses the address.
    if (hasMarker(input, UNAVAILABLE_MARKER)) return reply.code(503).header('retry-after', '30').send({ error: 'service_unavailable', message: 'the courier cannot take jobs right now' });
    if (input.kind === 'delivery' && input.dropoff && !inUae(input.dropoff)) {
      return reply.code(422).send({ status: 'rejected', reason: 'outside_service_area', message: 'the drop-off is outside the courier’s service area (the UAE)' });
    }
    if (input.kind === 'delivery' && hasMarker(input, REJECT_MARKER)) {
      return reply.code(422).send({ status: 'rejected', reason: 'address_not_serviceable', message: 'the courier does not serve this address' });
    }
    const outcome = board.create(key, input);
    if (outcome.kind === 'key_reused') {
      // The IETF Idempotency-Key draft: the same key with another body is 422.
      return reply.code(422).send({ error: 'idempotency_key_reused', message: 'this Idempotency-Key was used with another request' });
    }
    return sendMade(reply, 201, outcome.kind === 'replayed', view(outcome.job));
  });

  app.get('/v1/jobs/:id', async (request, reply) => {
    const id = JobId.safeParse((request.params as { id: string }).id);
    const job = id.success ? board.get(id.data) : undefined;
    return job ? reply.send(view(job)) : notFound(reply);
  });

  app.post('/v1/jobs/:id/collect', async (request, reply) => {
    const id = JobId.safeParse((request.params as { id: string }).id);
    if (!id.success) return notFound(reply);
    // The desk hands over only against the presented document, checked against the recipient.
    if ((request.body as { document_checked?: unknown } | undefined)?.document_checked !== true) {
      return reply.code(422).send({ error: 'document_not_checked', message: 'check the customer’s document against the recipient, then send document_checked: true' });
    }
    const outcome = board.collect(id.data);
    switch (outcome.kind) {
      case 'not_found':
        return notFound(reply);
      case 'not_ready':
        return reply.code(409).send({ error: 'not_ready', status: board.view(outcome.job).status, message: 'only a pickup that is ready_for_pickup can be collected' });
      case 'no_recipient':
        return reply.code(409).send({ error: 'no_recipient', message: 'this pickup has no verified recipient: it cannot be handed over' });
      case 'replayed':
      case 'collected':
        return sendMade(reply, 200, outcome.kind === 'replayed', view(outcome.job));
    }
  });

  // --- the test hook ---------------------------------------------------------------------------

  if (options.testHooks) {
    app.post('/test/jobs/step', async (request, reply) => {
      const body = StepBody.safeParse(request.body);
      if (!body.success) return reply.code(400).send({ error: 'invalid_request', message: 'reference: 1 to 64 letters, digits, _ . : or -' });
      const outcome = board.step(body.data.reference);
      if (outcome.kind === 'not_found') return notFound(reply);
      if (outcome.kind === 'at_last_step') return reply.code(409).send({ error: 'at_last_step', status: board.view(outcome.job).status, message: 'this job has no next status on the clock' });
      return reply.send(view(outcome.job));
    });
    app.post('/test/clock', async (request, reply) => {
      const body = ClockBody.safeParse(request.body);
      if (!body.success) return reply.code(400).send({ error: 'invalid_request', message: 'advance_ms: a whole number of milliseconds, 0 to a day' });
      offsetMs += body.data.advance_ms;
      return reply.send({ now: new Date(now()).toISOString() });
    });
  }

  // --- the pages -------------------------------------------------------------------------------

  app.get('/', async (request, reply) => sendPage(reply, 200, jobsPage(pageLanguage((request.query as { lang?: unknown }).lang), board)));

  app.post('/desk/:id/collect', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const lang = pageLanguage(form.lang);
    const id = JobId.safeParse((request.params as { id: string }).id);
    // The clerk ticks that the presented document matches the verified recipient before "Hand over".
    if (id.success && board.get(id.data) && form.document_checked !== 'on') return sendPage(reply, 422, messagePage(lang, 'not_checked'));
    const outcome = id.success ? board.collect(id.data) : ({ kind: 'not_found' } as const);
    if (outcome.kind === 'not_found') return sendPage(reply, 404, messagePage(lang, 'not_found'));
    if (outcome.kind === 'not_ready') return sendPage(reply, 409, messagePage(lang, 'not_ready'));
    if (outcome.kind === 'no_recipient') return sendPage(reply, 409, messagePage(lang, 'no_recipient'));
    return reply.code(303).headers(FULFILMENT_PAGE_HEADERS).header('location', `/?lang=${lang}`).send();
  });

  return app;
}

export type RunningCourierSandbox = RunningSandbox;

export async function startCourierSandbox(options: CourierSandboxOptions & { port: number }): Promise<RunningCourierSandbox> {
  return startOnOwnOrigin(() => buildCourierApp(options), options.port);
}
