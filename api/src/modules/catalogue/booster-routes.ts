import type { FastifyInstance } from 'fastify';
import { BoostersParams, BoostersQuery, type BoostersResponse } from '@join/shared/contract';
import type { AppContext } from '../../app-context';
import { eligibleBoosters } from './boosters';
import { shownVanityLevel } from '../numbers';
import { notFound } from '../../platform/http/http-error';
import { authOf } from '../../platform/http/session-auth';
import { parseInput } from '../../platform/http/validate';
import { nameLanguage, requireCatalogueProduct } from './catalogue-view';
import { holdsNumber } from './plan-choice-service';

/**
 * GET /boosters/{number} (SPEC 7): the boosters the visitor may buy for their held number
 * with a product. A customizable product's choice is not known here, so no type is left out
 * for it; the quote and the save check the actual choice.
 */
export async function boosterRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/boosters/:number', async (request): Promise<BoostersResponse> => {
    const { number } = parseInput(BoostersParams, request.params, 'params');
    const { product_code, plan_type, filters } = parseInput(BoostersQuery, request.query, 'query');
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
