import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PromoEligibilityQuery, PromoEligibilityResponse } from '@join/shared/contract';
import type { CatalogueDeps } from './deps';
import type { RateLimitHook } from '../../platform/http/rate-limits';
import { offerService } from './offer-service';

/**
 * GET /promotions/check_promo_code_eligibility.json (SPEC 7): whether promo codes apply to a
 * product and choice. Each answer tells whether a code exists, so the calls share a small
 * per-IP budget with quotes and saves that carry a code.
 */
export async function promotionRoutes(base: FastifyInstance, ctx: CatalogueDeps, promoLimit: RateLimitHook): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const service = offerService(ctx);
  app.get(
    '/promotions/check_promo_code_eligibility.json',
    { schema: { querystring: PromoEligibilityQuery, response: { 200: PromoEligibilityResponse } }, onRequest: promoLimit },
    async (request) => ({ promotions: await service.promoEligibility(request.query) }),
  );
}
