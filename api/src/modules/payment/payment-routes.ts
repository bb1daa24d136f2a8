import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BnplConfirmBody,
  BnplStartBody,
  CardConfirmBody,
  CardPaymentBody,
  IdempotencyKey,
  PaymentCancelBody,
  type BnplStartResponse,
  type ContractRequestResponse,
  type PaymentCancelResponse,
  type PaymentResult,
  type PaymentSummaryResponse,
  type ReceiptResponse,
} from '@join/shared/contract';
import type { PaymentDeps } from './deps';
import { callerOf } from '../../platform/http/caller';
import { badRequest } from '../../platform/http/http-error';
import { rateLimitConfig, rateLimitHook } from '../../platform/http/rate-limits';
import { stepNotAllowed } from '../../platform/http/step-guard';
import { parseInput } from '../../platform/http/validate';
import { chargeService } from './charge-service';
import { paymentService } from './payment-service';
import { paymentSettlement } from './payment-settlement';

/**
 * The payment's HTTP face (api/README.md "Payment"): each route parses its request, asks the
 * charge service (the state machine, charge-service.ts) or the payment service (reads and
 * documents, payment-service.ts), and answers what they return. A body never carries an amount.
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

export async function paymentRoutes(app: FastifyInstance, ctx: PaymentDeps): Promise<void> {
  const paymentLimit = rateLimitHook(app, ctx.rateLimit.paymentMax, ctx.rateLimit.windowMs);
  const settlement = paymentSettlement(ctx);
  const charges = chargeService(ctx, settlement);
  const payments = paymentService(ctx, settlement);

  /** The allowed route after a payment: the payment step, or (once paid, properly logged in) its confirmation. */
  const confirmationAllowed = async (request: FastifyRequest): Promise<void> => {
    if (!(await payments.mayConfirm(callerOf(request)))) throw stepNotAllowed('payment');
  };
  /** A confirm (and a cancel) of a payment: the confirmation rule, or a payment of theirs named by the body. */
  const settlingAllowed = async (request: FastifyRequest): Promise<void> => {
    const named = (request.body as { payment_id?: unknown } | undefined)?.payment_id;
    if (!(await payments.maySettle(callerOf(request), named))) throw stepNotAllowed('payment');
  };

  app.get('/payment/summary', { config: { flowStep: 'payment' } }, async (request): Promise<PaymentSummaryResponse> => payments.summary(callerOf(request)));

  app.post('/payment/card', { onRequest: paymentLimit, config: { flowStep: 'payment' } }, async (request): Promise<PaymentResult> => {
    const key = idempotencyKeyOf(request);
    const { token } = parseInput(CardPaymentBody, request.body, 'body');
    charges.card();
    return charges.payByCard(callerOf(request), key, token, pageOrigin(ctx, request));
  });

  app.post('/payment/card/confirm', { onRequest: paymentLimit, preHandler: settlingAllowed }, async (request): Promise<PaymentResult> => {
    const { payment_id } = parseInput(CardConfirmBody, request.body, 'body');
    return charges.confirmCard(callerOf(request), payment_id);
  });

  app.post('/payment/bnpl', { onRequest: paymentLimit, config: { flowStep: 'payment' } }, async (request): Promise<BnplStartResponse> => {
    const key = idempotencyKeyOf(request);
    parseInput(BnplStartBody, request.body, 'body');
    charges.bnpl();
    return charges.startBnpl(callerOf(request), key, pageOrigin(ctx, request));
  });

  app.post('/payment/bnpl/confirm', { onRequest: paymentLimit, preHandler: settlingAllowed }, async (request): Promise<PaymentResult> => {
    const { payment_id } = parseInput(BnplConfirmBody, request.body, 'body');
    return charges.confirmBnpl(callerOf(request), payment_id);
  });

  /** Gives up the visitor's open payment ("Finish or cancel the payment first"). */
  app.post('/payment/cancel', { onRequest: paymentLimit, preHandler: settlingAllowed }, async (request): Promise<PaymentCancelResponse> => {
    const { payment_id } = parseInput(PaymentCancelBody, request.body, 'body');
    return charges.cancel(callerOf(request), payment_id);
  });

  /** The commitment contract by e-mail. */
  app.post(
    '/me/contract_request',
    { config: rateLimitConfig(ctx.rateLimit.contractRequestMax, ctx.rateLimit.windowMs) },
    async (request): Promise<ContractRequestResponse> => payments.sendContract(callerOf(request)),
  );

  app.get('/payment/receipt', { preHandler: confirmationAllowed }, async (request): Promise<ReceiptResponse> => payments.receipt(callerOf(request)));
}
