import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { requireBearer } from '../bearer';
import { fulfilmentCommonRoutes } from '../fulfilment-css';
import { startOnOwnOrigin, type RunningSandbox } from '../listen';
import { apiAndPageErrors, iso, requireBody, requireIdempotencyKey, sandboxApp, sendMade, sendPage } from '../sandbox-app';
import { pageLanguage } from '../texts';
import { terminalPage, unknownTerminalPage } from './pages';
import { DECLINE_REASONS, generateTerminalSigner, SEEDED_TERMINALS, TerminalLedger, type PaymentRequest, type TerminalSigner } from './terminal-ledger';

/**
 * The shops' payment terminals, shaped like a cloud terminal API (Stripe Terminal's server-driven
 * readers, Adyen's Terminal API): the operator sends a payment request to a terminal by its id,
 * the terminal's screen settles it, the operator reads the signed result.
 *
 * The operator's side (every /v1/ call needs `Authorization: Bearer <key>`, 401 otherwise):
 *   POST /v1/terminals/:terminal_id/payment-requests  (Idempotency-Key) { reference, amount (fils), currency: AED }
 *        -> 201 request (pending) | 404 unknown_terminal | 409 terminal_busy | 422 idempotency_key_reused
 *   GET  /v1/payment-requests/:id          the request now; settled: `result`, a compact JWS
 *   POST /v1/payment-requests/:id/cancel   pending -> cancelled (signed too) | 409 already_settled
 *   POST /v1/payment-requests/:id/refund   (Idempotency-Key) approved -> refunded | 422 not_refundable
 * Public:
 *   GET  /.well-known/jwks.json            the public key the results are signed with (ES256)
 *   GET  /terminals/:terminal_id?lang=     the terminal's screen; POST /terminals/:id/payments/:pid {action, reason} -> 303 back to it
 */
export interface TerminalSandboxOptions {
  apiKey: string;
  signer?: TerminalSigner;
  terminals?: readonly string[];
  now?: () => number;
  logger?: boolean;
}

const TerminalId = z.string().regex(/^[a-z0-9-]{1,64}$/);
const RequestId = z.string().regex(/^tpr_[0-9a-f]{32}$/);
export const CreateRequestBody = z.strictObject({
  reference: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1 to 64 letters, digits, _ . : or -'),
  /** Fils (1 AED = 100 fils). */
  amount: z.number().int().positive().max(1_000_000_000),
  currency: z.literal('AED'),
});
const SettleForm = z.object({
  action: z.enum(['approve', 'decline', 'cancel']),
  reason: z.enum(DECLINE_REASONS).optional(),
  lang: z.string().max(10).optional(),
});

export async function buildTerminalApp(options: TerminalSandboxOptions): Promise<FastifyInstance> {
  const signer = options.signer ?? (await generateTerminalSigner());
  const ledger = new TerminalLedger(signer, options.now ?? Date.now, new Set(options.terminals ?? SEEDED_TERMINALS));
  const app = await sandboxApp({ logger: options.logger });

  const view = (r: PaymentRequest) => ({
    id: r.id,
    terminal_id: r.terminalId,
    reference: r.reference,
    amount: r.amount,
    currency: r.currency,
    status: r.status,
    decline_reason: r.declineReason,
    created_at: iso(r.createdAt),
    settled_at: iso(r.settledAt),
    result: r.result,
  });
  const notFound = (reply: FastifyReply) => reply.code(404).send({ error: 'not_found', message: 'no such payment request' });
  const requestOf = (raw: unknown) => {
    const id = RequestId.safeParse(raw);
    return id.success ? ledger.get(id.data) : undefined;
  };

  requireBearer(app, '/v1/', options.apiKey, { error: 'unauthorized', message: 'a valid API key is required (Authorization: Bearer <key>)' });
  apiAndPageErrors(app, {
    apiPrefix: '/v1/',
    apiError: (status) => (status === 500 ? { error: 'internal_error' } : { error: 'invalid_request', message: 'the body must be JSON' }),
    apiNotFound: { error: 'not_found', message: 'no such resource' },
    errorPage: (reply, status) => sendPage(reply, status, unknownTerminalPage('en', ledger.terminals)),
    notFoundPage: (reply) => sendPage(reply, 404, unknownTerminalPage('en', ledger.terminals)),
  });
  fulfilmentCommonRoutes(app);

  app.get('/.well-known/jwks.json', async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(signer.jwks));

  // --- the operator's side -------------------------------------------------------------------

  app.post('/v1/terminals/:terminalId/payment-requests', async (request, reply) => {
    const key = requireIdempotencyKey(request, reply);
    const body = key === null ? null : requireBody(CreateRequestBody, request, reply);
    if (key === null || body === null) return reply;
    const terminalId = TerminalId.safeParse((request.params as { terminalId: string }).terminalId);
    const outcome = await ledger.create(key, terminalId.success ? terminalId.data : '', body);
    switch (outcome.kind) {
      case 'key_reused':
        return reply.code(422).send({ error: 'idempotency_key_reused', message: 'this Idempotency-Key was used with another request' });
      case 'unknown_terminal':
        return reply.code(404).send({ error: 'unknown_terminal', message: 'no terminal with this id' });
      case 'busy':
        return reply.code(409).send({ error: 'terminal_busy', message: 'the terminal is waiting on another payment', request_id: outcome.pending.id });
      case 'replayed':
      case 'created':
        return sendMade(reply, 201, outcome.kind === 'replayed', view(outcome.request));
    }
  });

  app.get('/v1/payment-requests/:id', async (request, reply) => {
    const found = requestOf((request.params as { id: string }).id);
    if (!found) return notFound(reply);
    return reply.header('cache-control', 'no-store').send(view(await ledger.refresh(found)));
  });

  app.post('/v1/payment-requests/:id/cancel', async (request, reply) => {
    const found = requestOf((request.params as { id: string }).id);
    if (!found) return notFound(reply);
    const outcome = await ledger.settleById(found.id, 'cancelled');
    if (outcome.kind === 'closed' && outcome.request.status !== 'cancelled') return reply.code(409).send({ error: 'already_settled', ...view(outcome.request) });
    return reply.send(view(found));
  });

  app.post('/v1/payment-requests/:id/refund', async (request, reply) => {
    if (requireIdempotencyKey(request, reply) === null) return reply;
    const found = requestOf((request.params as { id: string }).id);
    const refunded = found ? ledger.refund(found.id) : 'not_found';
    if (refunded === 'not_found') return notFound(reply);
    if (refunded === 'not_refundable') return reply.code(422).send({ error: 'not_refundable', message: 'only an approved payment can be refunded' });
    return reply.send(view(refunded));
  });

  // --- the terminal's screen -----------------------------------------------------------------

  const screen = async (reply: FastifyReply, lang: 'en' | 'ar', raw: unknown, last?: PaymentRequest, status = 200) => {
    const id = TerminalId.safeParse(raw);
    if (!id.success || !ledger.terminals.has(id.data)) return sendPage(reply, 404, unknownTerminalPage(lang, ledger.terminals));
    return sendPage(reply, status, terminalPage(lang, id.data, await ledger.pendingOn(id.data), last));
  };

  // ?settled=<request id>: the outcome of the tap just made on this terminal (the form's 303 lands here, so a reload taps nothing).
  app.get('/terminals/:terminalId', async (request, reply) => {
    const query = request.query as { lang?: unknown; settled?: unknown };
    const { terminalId } = request.params as { terminalId: string };
    const settled = requestOf(query.settled);
    return screen(reply, pageLanguage(query.lang), terminalId, settled?.terminalId === terminalId ? settled : undefined);
  });

  app.post('/terminals/:terminalId/payments/:id', async (request, reply) => {
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const lang = pageLanguage(raw.lang);
    const params = request.params as { terminalId: string; id: string };
    const found = requestOf(params.id);
    const form = SettleForm.safeParse(raw);
    if (!found || found.terminalId !== params.terminalId || !form.success) return screen(reply, lang, params.terminalId, undefined, 400);
    const { action, reason } = form.data;
    await ledger.settleById(found.id, action === 'approve' ? 'approved' : action === 'decline' ? 'declined' : 'cancelled', reason ?? null);
    return reply.code(303).header('cache-control', 'no-store').header('location', `/terminals/${found.terminalId}?lang=${lang}&settled=${found.id}`).send();
  });

  return app;
}

/** Listens on its port (0: any free one) of 127.0.0.1. */
export function startTerminalSandbox(options: TerminalSandboxOptions & { port: number }): Promise<RunningSandbox> {
  return startOnOwnOrigin(() => buildTerminalApp(options), options.port);
}
