import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BoostersParams, BoostersQuery, BoostersResponse } from '@join/shared/contract';
import type { CatalogueDeps } from './deps';
import { authOf } from '../../platform/http/session-auth';
import { nameLanguage } from './catalogue-view';
import { offerService } from './offer-service';

/**
 * GET /boosters/{number} (SPEC 7): the boosters the visitor may buy for their held number
 * with a product. A customizable product's choice is not known here, so no type is left out
 * for it; the quote and the save check the actual choice.
 */
export async function boosterRoutes(base: FastifyInstance, ctx: CatalogueDeps): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const service = offerService(ctx);
  app.get('/boosters/:number', { schema: { params: BoostersParams, querystring: BoostersQuery, response: { 200: BoostersResponse } } }, async (request) =>
    service.boosters(authOf(request).uid, request.params.number, request.query, nameLanguage(request)),
  );
}
