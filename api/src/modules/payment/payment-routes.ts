import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BnplConfirmBody,
  BnplStartBody,
  BnplStartResponse,
  CardConfirmBody,
  CardPaymentBody,
  CounterConfirmBody,
  CounterStartBody,
  CounterStartResponse,
  CounterStatusResponse,
  ContractRequestResponse,
  IdempotencyKey,
  PaymentCancelBody,
  PaymentCancelResponse,
  PaymentResult,
  PaymentSummaryResponse,
  ReceiptResponse,
} from '@join/shared/contract';
import type { PaymentDeps } from './deps';
import { callerOf } from '../../platform/http/caller';
import { authOf } from '../../platform/http/session-auth';
import { counterService } from './counter-service';
import { badRequest, stepNotAllowed } from '../../platform/refusals';
import { rateLimitConfig, rateLimitHook } from '../../platform/http/rate-limits';
import { chargeService } from './charge-service';
import { paymentService } from './payment-service';
import { paymentSettlement } from './payment-settlement';

/**
 * The payment's HTTP face (api/README.md "Payment"): each route declares its body and answer
 * schemas from the contract, asks the charge service (the state machine, charge-service.ts) or the
 * payment service (reads and documents, payment-service.ts), and answers what they return. A body
 * never carries an amount (the body schemas are strict).
 */

/** The Idempotency-Key header every charging POST carries (400 when missing or malformed). */
function idempotencyKeyOf(request: FastifyRequest): string {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) throw badRequest('headers.idempotency-key', 'is required: one key per payment attempt');
  const parsed = IdempotencyKey.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) throw badRequest('headers.idempotency-key', parsed.error.issues[0]?.message ?? 'is invalid');
  return parsed.data;
}

/**
 * The key is checked before the body, as it was when the handler parsed both: a preValidation
 * (the body schema runs next). Not a header schema: Fastify would replace the request's headers
 * with the parsed ones, and the missing key keeps its own wording.
 */
async function requireIdempotencyKey(request: FastifyRequest): Promise<void> {
  idempotencyKeyOf(request);
}

/**
 * The page's origin, for the providers' return addresses: JOIN_PUBLIC_URL when set; else the
 * request's Origin header, only when it is this server's own origin (a browser sets Origin, and a
 * page of another site cannot make us send its visitor anywhere); never a bare Host header.
 */
export function pageOrigin(ctx: PaymentDeps, request: FastifyRequest): string {
  if (ctx.payment.publicOrigin) return ctx.payment.publicOrigin;
  const origin = request.headers.origin;
  const own = `${request.protocol}://${request.host}`;
  if (typeof origin === 'string' && origin === own) return origin;
  throw badRequest('headers.origin', 'must be the origin of this site (the payment page sends it)');
}

export async function paymentRoutes(base: FastifyInstance, ctx: PaymentDeps): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const paymentLimit = rateLimitHook(app, 'payment', ctx.rateLimit.paymentMax, ctx.rateLimit.windowMs);
  const settlement = paymentSettlement(ctx);
  const charges = chargeService(ctx, settlement);
  const payments = paymentService(ctx, settlement);
  const counter = counterService(ctx, charges, settlement);
  // The page asks the terminal's answer every 2 s while a customer taps: a budget of its own (four times the payments').
  const counterPollLimit = rateLimitHook(app, 'payment-counter-poll', ctx.rateLimit.paymentMax * 4, ctx.rateLimit.windowMs);

  /** The allowed route after a payment: the payment step, or (once paid, properly logged in) its confirmation. */
  const confirmationAllowed = async (request: FastifyRequest): Promise<void> => {
    if (!(await payments.mayConfirm(callerOf(request)))) throw stepNotAllowed('payment');
  };
  /** A confirm (and a cancel) of a payment: the confirmation rule, or a payment of theirs named by the body. */
  const settlingAllowed = async (request: FastifyRequest): Promise<void> => {
    const named = (request.body as { payment_id?: unknown } | undefined)?.payment_id;
    if (!(await payments.maySettle(callerOf(request), named))) throw stepNotAllowed('payment');
  };

  /** A POST that starts a charge: on the payment step, budgeted, its Idempotency-Key checked before its body. */
  const startsCharge = { onRequest: paymentLimit, preValidation: requireIdempotencyKey, config: { flowStep: 'payment' as const } };
  /** A POST that settles (confirms or cancels) a payment: budgeted, allowed by the settling rule. */
  const settles = { onRequest: paymentLimit, preHandler: settlingAllowed };

  app.get(
    '/payment/summary',
    { schema: { response: { 200: PaymentSummaryResponse } }, config: { flowStep: 'payment' } },
    async (request) => {
      const retail = await ctx.retailSessions.sessionOf(authOf(request).tokenHash);
      return payments.summary(callerOf(request), retail?.terminalId ?? null);
    },
  );

  app.post(
    '/payment/card',
    {
      schema: { body: CardPaymentBody, response: { 200: PaymentResult } },
      ...startsCharge,
    },
    async (request) => {
      const key = idempotencyKeyOf(request);
      charges.card();
      return charges.payByCard(callerOf(request), key, request.body.token, pageOrigin(ctx, request));
    },
  );

  app.post(
    '/payment/card/confirm',
    { schema: { body: CardConfirmBody, response: { 200: PaymentResult } }, ...settles },
    async (request) => charges.confirmCard(callerOf(request), request.body.payment_id),
  );

  app.post(
    '/payment/bnpl',
    {
      schema: { body: BnplStartBody, response: { 200: BnplStartResponse } },
      ...startsCharge,
    },
    async (request) => {
      const key = idempotencyKeyOf(request);
      charges.bnpl();
      return charges.startBnpl(callerOf(request), key, pageOrigin(ctx, request));
    },
  );

  app.post(
    '/payment/bnpl/confirm',
    { schema: { body: BnplConfirmBody, response: { 200: PaymentResult } }, ...settles },
    async (request) => charges.confirmBnpl(callerOf(request), request.body.payment_id),
  );

  /** Pay at the counter: a retail customer session only (403 counter_not_available otherwise), the shop's terminal. */
  app.post(
    '/payment/counter',
    { schema: { body: CounterStartBody, response: { 200: CounterStartResponse } }, ...startsCharge },
    async (request) => {
      const key = idempotencyKeyOf(request);
      const retail = await counter.retailOf(authOf(request).tokenHash);
      return counter.startCounter(callerOf(request), key, retail);
    },
  );

  app.post(
    '/payment/counter/confirm',
    { schema: { body: CounterConfirmBody, response: { 200: CounterStatusResponse } }, onRequest: counterPollLimit, preHandler: settlingAllowed },
    async (request) => {
      await counter.retailOf(authOf(request).tokenHash);
      return counter.confirmCounter(callerOf(request), request.body.payment_id);
    },
  );

  /** Gives up the visitor's open payment ("Finish or cancel the payment first"). */
  app.post(
    '/payment/cancel',
    { schema: { body: PaymentCancelBody, response: { 200: PaymentCancelResponse } }, ...settles },
    async (request) => charges.cancel(callerOf(request), request.body.payment_id),
  );

  /** The commitment contract by e-mail (its body is not read). */
  app.post(
    '/me/contract_request',
    { schema: { response: { 200: ContractRequestResponse } }, config: rateLimitConfig(ctx.rateLimit.contractRequestMax, ctx.rateLimit.windowMs) },
    async (request) => payments.sendContract(callerOf(request)),
  );

  app.get(
    '/payment/receipt',
    { schema: { response: { 200: ReceiptResponse } }, preHandler: confirmationAllowed },
    async (request) => payments.receipt(callerOf(request)),
  );
}
