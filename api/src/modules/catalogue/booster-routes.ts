import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BoostersParams, BoostersQuery, BoostersResponse } from '@join/shared/contract';
import type { CatalogueDeps } from './deps';
import { eligibleBoosters } from './boosters';
import { shownVanityLevel } from '../numbers';
import { notFound } from '../../platform/http/http-error';
import { authOf } from '../../platform/http/session-auth';
import { nameLanguage, requireCatalogueProduct } from './catalogue-view';
import { holdsNumber } from './plan-choice-service';

/**
 * GET /boosters/{number} (SPEC 7): the boosters the visitor may buy for their held number
 * with a product. A customizable product's choice is not known here, so no type is left out
 * for it; the quote and the save check the actual choice.
 */
export async function boosterRoutes(base: FastifyInstance, ctx: CatalogueDeps): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/boosters/:number', { schema: { params: BoostersParams, querystring: BoostersQuery, response: { 200: BoostersResponse } } }, async (request) => {
    const { number } = request.params;
    const { product_code, plan_type, filters } = request.query;
    const hold = await ctx.store.getActiveHold(authOf(request).uid, ctx.now());
    // Only the visitor's own live hold answers; anyone else's number reads as not there.
    if (!hold || !holdsNumber(hold, number)) throw notFound(`You hold no reservation of ${number}`);
    const product = await requireCatalogueProduct(ctx, product_code, nameLanguage(request));
    const boosters = eligibleBoosters(await ctx.store.listBoosters(nameLanguage(request)), {
      plans: product.customizable ? [] : product.plans,
      holdVanityLevel: shownVanityLevel(hold),
      planType: plan_type,
      tags: filters,
    });
    return { number, boosters };
  });
}
