import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { CardLedger} from './card-ledger';
import { MAX_AMOUNT_FILS, newId, originOf, sha256, TOKEN_TTL_MS, type ChargeRecord } from './card-ledger';
import type { CardDeclineReason } from './decline-reasons';

/**
 * The card sandbox's server-to-server API (Bearer secret key; Idempotency-Key on what creates):
 *
 *   POST /v1/charges                 a token -> succeeded | requires_action (3-D Secure) | declined
 *   GET  /v1/charges/:id
 *   POST /v1/charges/:id/cancel      voids a charge still waiting for 3-D Secure
 *   POST /v1/refunds
 */
export interface ChargeRoutesOptions {
  merchantId: string;
  secretKey: string;
  /** The origins a charge's return_url may be on. */
  allowed: ReadonlySet<string>;
}

const ReturnUrl = z.url({ protocol: /^https?$/ }).max(2000);

const ChargeBody = z
  .object({
    token: z.string().min(1).max(100),
    amount: z.number().int().positive().max(MAX_AMOUNT_FILS),
    currency: z.literal('AED'),
    reference: z.string().min(1).max(100),
    return_url: ReturnUrl,
    recurring: z.boolean().default(false),
  })
  .strict();

const RefundBody = z
  .object({
    charge: z.string().min(1).max(100),
    amount: z.number().int().positive().max(MAX_AMOUNT_FILS),
  })
  .strict();

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export const badRequest = (reply: FastifyReply, message: string) => reply.code(400).send({ error: 'bad_request', message });

export function chargeRoutes(app: FastifyInstance, ledger: CardLedger, options: ChargeRoutesOptions): void {
  const { now } = ledger;
  const secretHash = sha256(options.secretKey);

  const authorized = (request: FastifyRequest): boolean => {
    const header = request.headers.authorization ?? '';
    const m = /^Bearer (.+)$/.exec(header);
    return m !== null && timingSafeEqual(sha256(m[1] ?? ''), secretHash);
  };
  const unauthorized = (reply: FastifyReply) =>
    reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'unauthorized', message: 'A valid secret key is required (Authorization: Bearer <key>)' });

  /**
   * Runs `create` at most once per key and endpoint: the same key with the same body answers the
   * first answer again; with another body, 422. Everything between the look-up and the store is
   * synchronous, so two requests with one key at the same time give exactly one charge.
   */
  const idempotent = (request: FastifyRequest, reply: FastifyReply, scope: string, body: unknown, create: () => { status: number; body: unknown }) => {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
      return reply.code(400).send({ error: 'idempotency_key_required', message: 'An Idempotency-Key header (1-255 visible characters) is required' });
    }
    ledger.prune();
    const fingerprint = JSON.stringify(body);
    const slot = `${scope}:${key}`;
    const stored = ledger.answers.get(slot);
    if (stored) {
      if (stored.fingerprint !== fingerprint) {
        return reply.code(422).send({ error: 'idempotency_mismatch', message: 'This Idempotency-Key was used with another request body' });
      }
      return reply.code(stored.status).header('idempotent-replayed', 'true').send(stored.body);
    }
    const answer = create();
    ledger.answers.set(slot, { at: now(), fingerprint, ...answer });
    return reply.code(answer.status).send(answer.body);
  };

  app.post('/v1/charges', async (request, reply) => {
    if (!authorized(request)) return unauthorized(reply);
    const parsed = ChargeBody.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return badRequest(reply, `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'} (body: {token, amount (fils), currency "AED", reference, return_url, recurring})`);
    }
    const body = parsed.data;
    const returnOrigin = originOf(body.return_url);
    if (returnOrigin === null || !options.allowed.has(returnOrigin)) return badRequest(reply, "return_url must be on one of the merchant's allowed origins");

    return idempotent(request, reply, 'charges', body, () => {
      const token = ledger.tokens.get(body.token);
      const usable = token !== undefined && !token.used && token.merchant === options.merchantId && now() - token.createdAt < TOKEN_TTL_MS;
      if (token) token.used = true;
      const charge: ChargeRecord = {
        id: newId('ch'),
        amount: body.amount,
        currency: 'AED',
        reference: body.reference,
        returnUrl: body.return_url,
        recurring: body.recurring,
        brand: token?.brand ?? null,
        last4: token?.last4 ?? null,
        status: 'succeeded',
        declineReason: null,
        afterAuthentication: null,
        attempts: 0,
        lang: token?.lang ?? 'en',
        createdAt: now(),
        refunded: 0,
      };
      const decline = (reason: CardDeclineReason) => ledger.decline(charge, reason);
      if (!usable || !token) decline('token_invalid');
      else if (token.scenario.kind === 'decline') decline(token.scenario.reason);
      else if (token.scenario.kind === 'no_recurring' && body.recurring) decline('recurring_not_allowed');
      else if (token.scenario.kind === 'three_ds') {
        charge.status = 'requires_action';
        charge.afterAuthentication = token.scenario.then;
      }
      ledger.charges.set(charge.id, charge);
      return { status: 200, body: ledger.chargeJson(charge) };
    });
  });

  app.get('/v1/charges/:id', async (request, reply) => {
    if (!authorized(request)) return unauthorized(reply);
    const charge = ledger.charges.get((request.params as { id: string }).id);
    if (!charge) return reply.code(404).send({ error: 'not_found', message: 'No such charge' });
    return reply.send(ledger.chargeJson(ledger.settle(charge)));
  });

  /**
   * The merchant abandons a charge still waiting for its 3-D Secure check (Stripe's cancel of a
   * payment that requires action): it ends declined, authentication_cancelled, as if the visitor had
   * pressed Cancel on the challenge, and its page sends the browser back. Idempotent by nature:
   * any other charge is answered as it is (a succeeded one went through: refund it instead).
   */
  app.post('/v1/charges/:id/cancel', async (request, reply) => {
    if (!authorized(request)) return unauthorized(reply);
    const charge = ledger.charges.get((request.params as { id: string }).id);
    if (!charge) return reply.code(404).send({ error: 'not_found', message: 'No such charge' });
    if (ledger.settle(charge).status === 'requires_action') ledger.decline(charge, 'authentication_cancelled');
    return reply.send(ledger.chargeJson(charge));
  });

  app.post('/v1/refunds', async (request, reply) => {
    if (!authorized(request)) return unauthorized(reply);
    const parsed = RefundBody.safeParse(request.body);
    if (!parsed.success) return badRequest(reply, 'The body must be {charge, amount (fils)}');
    const body = parsed.data;
    return idempotent(request, reply, 'refunds', body, () => {
      const charge = ledger.charges.get(body.charge);
      if (!charge) return { status: 404, body: { error: 'not_found', message: 'No such charge' } };
      ledger.settle(charge);
      if (charge.status !== 'succeeded') return { status: 422, body: { error: 'not_refundable', message: 'Only a succeeded charge can be refunded' } };
      if (body.amount > charge.amount - charge.refunded) {
        return { status: 422, body: { error: 'not_refundable', message: `At most ${charge.amount - charge.refunded} fils of this charge can still be refunded` } };
      }
      charge.refunded += body.amount;
      const refund = { id: newId('re'), object: 'refund', charge: charge.id, amount: body.amount, currency: 'AED', status: 'succeeded', created: Math.floor(now() / 1000) };
      return { status: 200, body: refund };
    });
  });
}
