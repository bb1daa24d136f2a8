import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PlanQuoteQuery,
  PlansAvailableQuery,
  PlansByVanityQuery,
  SavePlanBody,
  PlanQuoteResponse,
  PlansByVanityResponse,
  PlansResponse,
  SavePlanResponse,
  SavedPlansResponse,
} from '@join/shared/contract';
import type { CatalogueDeps } from './deps';
import { callerOf } from '../../platform/http/caller';
import type { RateLimitHook } from '../../platform/http/rate-limits';
import { authOf } from '../../platform/http/session-auth';
import type { OrderLock } from '../../platform/order-lock';
import { nameLanguage } from './catalogue-view';
import { planService } from './plan-service';

const carriesPromoCode = (part: unknown): boolean =>
  typeof part === 'object' && part !== null && (part as Record<string, unknown>).promo_code !== undefined;

/** The plan step's plans, quote and save (plan-service.ts has the rules). */
export async function planRoutes(base: FastifyInstance, ctx: CatalogueDeps, promoLimit: RateLimitHook, lock: OrderLock): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // A quote or save with a promo code tells whether the code exists, so it spends the promo
  // budget (the save's body is parsed by preHandler time; the quote's query is there at once).
  async function limitQuotedCode(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (carriesPromoCode(request.query)) await promoLimit.call(this, request, reply);
  }
  async function limitSavedCode(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (carriesPromoCode(request.body)) await promoLimit.call(this, request, reply);
  }

  const service = planService(ctx, lock);

  app.get('/plans/available', { schema: { querystring: PlansAvailableQuery, response: { 200: PlansResponse } } }, async (request) => ({
    plans: await service.availablePlans(authOf(request).uid, nameLanguage(request), request.query.plan_types),
  }));

  app.get('/plans/saved_plans', { schema: { response: { 200: SavedPlansResponse } } }, async (request) =>
    service.savedPlans(authOf(request).uid, nameLanguage(request)),
  );

  /** The VIP plans a held VIP number can be sold with, cheapest first. */
  app.get('/plans/by_vanity_level.json', { schema: { querystring: PlansByVanityQuery, response: { 200: PlansByVanityResponse } } }, async (request) =>
    service.vipPlans(authOf(request).uid, request.query.number, request.query.vanity_level, nameLanguage(request)),
  );

  /** Our addition to SPEC 7: the price of a choice, checked and computed exactly as a save would; writes nothing. */
  app.get('/plans/quote.json', { schema: { querystring: PlanQuoteQuery, response: { 200: PlanQuoteResponse } }, onRequest: limitQuotedCode }, async (request) =>
    service.quote(authOf(request).uid, request.query, nameLanguage(request)),
  );

  app.post(
    '/plans/saved_plans',
    { schema: { body: SavePlanBody, response: { 200: SavePlanResponse } }, preHandler: limitSavedCode, config: { flowStep: 'plan' } },
    async (request) => service.save(callerOf(request), request.body, nameLanguage(request)),
  );
}
