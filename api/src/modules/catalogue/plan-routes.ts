import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PlanQuoteQuery,
  PlansAvailableQuery,
  PlansByVanityQuery,
  SavePlanBody,
  VANITY_LEVELS,
  PlanQuoteResponse,
  PlansByVanityResponse,
  PlansResponse,
  SavePlanResponse,
  SavedPlansResponse,
} from '@join/shared/contract';
import type { CatalogueDeps } from './deps';
import { callerOf } from '../../platform/http/caller';
import { sortByPlanNetPrice } from './catalogue';
import { shownVanityLevel } from '../numbers';
import type { RateLimitHook } from '../../platform/http/rate-limits';
import { badRequest, notFound, paymentOpen } from '../../platform/http/http-error';
import { authOf } from '../../platform/http/session-auth';
import { nameLanguage, productView, productViews } from './catalogue-view';
import { toSavedPlan } from './saved-plan-view';
import { currentProduct } from './current-product';
import type { OrderLock } from '../../platform/http/order-lock';
import { evaluateChoice, holdsNumber, type EvaluatedChoice } from './plan-choice-service';
import type { SavedPlanRecord } from './repository';

const KNOWN_LEVELS: readonly number[] = Object.values(VANITY_LEVELS);

const carriesPromoCode = (part: unknown): boolean =>
  typeof part === 'object' && part !== null && (part as Record<string, unknown>).promo_code !== undefined;

/**
 * Whether a choice is the one saved (the same product, plans, boosters, offers, promo code and
 * top-up): saving it again changes nothing, so an open payment lets it through (back and Continue).
 */
function sameAsSaved(saved: SavedPlanRecord, choice: EvaluatedChoice): boolean {
  const same = (a: readonly (number | string)[], b: readonly (number | string)[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();
  const topUp = (extras: readonly { Name: string; Amount: number }[]) => extras.find((c) => c.Name === 'RechargeAmount')?.Amount ?? null;
  return (
    saved.productCode === choice.product.code &&
    same(saved.planIds, choice.chosen.map((p) => p.ID)) &&
    same(saved.boosterIds, choice.boosters.map((b) => b.ID)) &&
    same(saved.promotionKeys, choice.promotionKeys) &&
    saved.promoCode === choice.promoCode &&
    topUp(saved.price.ExtraCharges) === topUp(choice.priced.price.ExtraCharges)
  );
}

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

  app.get('/plans/available', { schema: { querystring: PlansAvailableQuery, response: { 200: PlansResponse } } }, async (request) => {
    const { plan_types } = request.query;
    const product = await currentProduct(ctx, authOf(request).uid, nameLanguage(request));
    const types = plan_types ? new Set(plan_types) : null;
    // AvailablePlans are already in SPEC 9 type order.
    return { plans: product.AvailablePlans.filter((p) => !types || types.has(p.Type)) };
  });

  app.get('/plans/saved_plans', { schema: { response: { 200: SavedPlansResponse } } }, async (request) => {
    const { uid } = authOf(request);
    const product = await currentProduct(ctx, uid, nameLanguage(request));
    const saved = await ctx.store.getSavedPlan(uid);
    // A plan saved for a product the user has since left is not a plan for what they are buying.
    if (!saved || saved.productCode !== product.ProductCode) return { product, save_plans: [] };
    const hold = await ctx.store.getActiveHold(uid, ctx.now());
    return { product, save_plans: [toSavedPlan(saved, product, hold ? shownVanityLevel(hold) : null, await ctx.store.listBoosters(nameLanguage(request)))] };
  });

  /** The VIP plans a held VIP number can be sold with, cheapest first. */
  app.get('/plans/by_vanity_level.json', { schema: { querystring: PlansByVanityQuery, response: { 200: PlansByVanityResponse } } }, async (request) => {
    const { number, vanity_level } = request.query;
    if (!KNOWN_LEVELS.includes(vanity_level)) throw badRequest('query.vanity_level', `must be one of ${KNOWN_LEVELS.join(', ')}`);
    const hold = await ctx.store.getActiveHold(authOf(request).uid, ctx.now());
    // Only the visitor's own live hold answers; any other number reads as not there.
    if (!hold || !holdsNumber(hold, number)) throw notFound(`You hold no reservation of ${number}`);
    const level = shownVanityLevel(hold);
    if (level !== vanity_level) throw badRequest('query.vanity_level', `number ${number} is of vanity level ${level}`);
    return { products: sortByPlanNetPrice(await productViews(ctx, await ctx.store.listCatalogue({ vipVanityLevel: level }, nameLanguage(request)))) };
  });

  /** Our addition to SPEC 7: the price of a choice, checked and computed exactly as a save would; writes nothing. */
  app.get('/plans/quote.json', { schema: { querystring: PlanQuoteQuery, response: { 200: PlanQuoteResponse } }, onRequest: limitQuotedCode }, async (request) => {
    const { query } = request;
    const choice = await evaluateChoice(ctx, authOf(request).uid, query, 'query', { requireConsent: false, language: nameLanguage(request) });
    return { package_price: choice.priced.price, promotions: choice.priced.promotions };
  });

  app.post(
    '/plans/saved_plans',
    { schema: { body: SavePlanBody, response: { 200: SavePlanResponse } }, preHandler: limitSavedCode, config: { flowStep: 'plan' } },
    async (request) => {
      const { uid } = authOf(request);
      // Prices come from the database only; the body cannot carry one (the schema is strict).
      const { body } = request;
      const choice = await evaluateChoice(ctx, uid, body, 'body', { requireConsent: true, language: nameLanguage(request) });
      // An open payment is buying the saved plan. The same choice again changes nothing
      // and is answered as saved; another one is 409 payment_open.
      if (await lock.isPaying(callerOf(request))) {
        const saved = await ctx.store.getSavedPlan(uid);
        if (!saved || !sameAsSaved(saved, choice)) throw paymentOpen();
        const product = await productView(ctx, choice.product);
        return { saved_plan: toSavedPlan(saved, product, choice.hold ? shownVanityLevel(choice.hold) : null, choice.boosters) };
      }
      const record = await ctx.store.replaceSavedPlan(
        uid,
        {
          productCode: choice.product.code,
          planIds: choice.chosen.map((p) => p.ID),
          boosterIds: choice.boosters.map((b) => b.ID),
          promotionKeys: choice.promotionKeys,
          promoCode: choice.promoCode,
          price: choice.priced.price,
          appliedPromotions: choice.priced.promotions,
        },
        ctx.now(),
      );
      const product = await productView(ctx, choice.product);
      return { saved_plan: toSavedPlan(record, product, choice.hold ? shownVanityLevel(choice.hold) : null, choice.boosters) };
    },
  );
}
