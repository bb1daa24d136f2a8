import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MnpReserveBody,
  MnpVerifyBody,
  MnpReserveResponse,
  MnpVerifyResponse,
  type Operator,
  OperatorsResponse,
} from '@join/shared/contract';
import type { NumbersDeps } from './deps';
import { callerOf, languageOf } from '../../platform/http/caller';
import { rateLimitHook } from '../../platform/http/rate-limits';
import { HOLD_POLICY } from './holds';
import { checkPortability, OWN_MSISDN_PREFIX, type PortabilityRefusal } from './portability';
import { badRequest, unavailable } from '../../platform/refusals';
import { extensionLimit, numberInTransfer, numberNotActivated, transferCheckLimit, wrongOperator } from './errors';
import { paymentOpen } from '../../platform/order-lock';
import { type DomainError } from '../../platform/domain-error';
import { deviceKey, requestAddress } from '../../platform/http/client-key';
import { authOf } from '../../platform/http/session-auth';
import { toReservation } from './contract-mappers';
import type { OrderLock } from '../../platform/order-lock';

/**
 * Transfer (MNP, SPEC 4 "Transfer"): verify that an external number can move to us, then
 * reserve it. The reservation is the visitor's one hold: a temporary pool number stands in
 * for the external one until the transfer completes, and DELETE /numbers with either number
 * cancels it ("reset transfer").
 */
function refusal(why: PortabilityRefusal, operator: Operator): DomainError {
  switch (why) {
    case 'own_range':
      return wrongOperator('This number is already on our network: there is nothing to transfer');
    case 'wrong_operator':
      return wrongOperator(`This number is not with ${operator.name}`);
    case 'not_activated':
      return numberNotActivated();
    case 'in_transfer':
      return numberInTransfer();
    default: {
      const never: never = why;
      throw new Error(`unhandled refusal ${String(never)}`);
    }
  }
}

export async function transferRoutes(base: FastifyInstance, ctx: NumbersDeps, lock: OrderLock): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  /** The same checks for verify and reserve; answers the operator, or throws the SPEC 8 refusal. */
  async function verify(request: FastifyRequest, uid: string, externalMsisdn: string, operatorCode: string, now: number): Promise<Operator> {
    const operators = await ctx.repos.listOperators(languageOf(request));
    const operator = operators.find((o) => o.code === operatorCode);
    if (!operator) throw badRequest('body.operator', `must be one of ${operators.map((o) => o.code).join(', ')}`);
    const budget = await ctx.transferChecks.take({ uid, deviceId: deviceKey(request), address: requestAddress(request) }, externalMsisdn, operatorCode, now);
    if (budget !== 'ok') throw transferCheckLimit(budget);
    // The lookup is asked of another operator's number only (our own range is refused by the rule).
    const lookup = externalMsisdn.startsWith(OWN_MSISDN_PREFIX) ? { ok: true as const, value: null } : await ctx.portability.subscriber(externalMsisdn);
    if (!lookup.ok) {
      request.log.warn({ provider: 'portability', detail: lookup.detail }, 'number-portability lookup unavailable');
      // SPEC 8 has no code for it: the visitor gets the general error and may retry; never "not activated".
      throw unavailable('The transfer check is not answering right now: try again shortly');
    }
    const decision = checkPortability({
      externalMsisdn,
      operatorCode,
      subscriber: lookup.value,
      transferHolder: await ctx.repos.getTransferHolder(externalMsisdn, now),
      uid,
    });
    if (!decision.ok) throw refusal(decision.refusal, operator);
    return operator;
  }

  // Our addition to SPEC 7: the transfer form needs the list of operators to choose from.
  app.get('/mobile_number_portability/operators', { schema: { response: { 200: OperatorsResponse } } }, async (request) => ({
    operators: await ctx.repos.listOperators(languageOf(request)),
  }));

  // One budget for check and reserve (numbers/random and GET numbers?random share theirs the same way).
  const transferLimit = rateLimitHook(app, 'transfer', ctx.rateLimit.transferMax, ctx.rateLimit.windowMs);

  app.post(
    '/mobile_number_portability/verify',
    { schema: { body: MnpVerifyBody, response: { 200: MnpVerifyResponse } }, onRequest: transferLimit, config: { flowStep: 'number' } },
    async (request) => {
      const { external_number, operator } = request.body;
      const found = await verify(request, authOf(request).uid, external_number, operator, ctx.now());
      return { portable: true as const, external_number, operator: found };
    },
  );

  app.post(
    '/mobile_number_portability/reserve',
    { schema: { body: MnpReserveBody, response: { 200: MnpReserveResponse } }, onRequest: transferLimit, config: { flowStep: 'number' } },
    async (request) => {
      const { uid } = authOf(request);
      const { number, operator } = request.body;
      const now = ctx.now();
      // A transfer replaces the held number: not while a payment is buying it; extending
      // the visitor's own transfer of this number stays open.
      if ((await ctx.repos.getActiveHold(uid, now))?.transfer?.externalMsisdn !== number) await lock.refuseWhilePaying(callerOf(request));
      // Checked again here (the terms page sits between verify and reserve), and the repository
      // re-checks the one fact that can change meanwhile, another visitor's claim, inside its
      // transaction.
      await verify(request, uid, number, operator, now);
      const result = await ctx.repos.reserveTransfer(
        uid,
        { externalMsisdn: number, operatorCode: operator },
        now,
        now + ctx.holdMs,
        HOLD_POLICY,
        ctx.random,
      );
      if (result.kind === 'in_transfer') throw numberInTransfer();
      if (result.kind === 'extension_limit') throw extensionLimit();
      if (result.kind === 'payment_open') throw paymentOpen();
      if (result.kind === 'no_temporary_number') throw unavailable('No temporary number is free right now: try again shortly');
      return { reservation: toReservation(result.hold) };
    },
  );
}
