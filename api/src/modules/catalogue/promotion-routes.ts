import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PromoEligibilityQuery, PromoEligibilityResponse, type PromoEligibility } from '@join/shared/contract';
import type { CatalogueDeps } from './deps';
import { checkKnownPlans, checkChoice, defaultChoice, planBaseOf } from './plan-choice';
import { planNetPriceOf } from './pricing';
import { badRequest, notFound } from '../../platform/http/http-error';
import { businessConfig, requireCatalogueProduct } from './catalogue-view';
import { checkPromoCodeAllowed, judgePromoCode } from './plan-choice-service';
import type { RateLimitHook } from '../../platform/http/rate-limits';

/**
 * GET /promotions/check_promo_code_eligibility.json (SPEC 7): whether promo codes apply to a
 * product and choice. Each answer tells whether a code exists, so the calls share a small
 * per-IP budget with quotes and saves that carry a code.
 */
export async function promotionRoutes(base: FastifyInstance, ctx: CatalogueDeps, promoLimit: RateLimitHook): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/promotions/check_promo_code_eligibility.json',
    { schema: { querystring: PromoEligibilityQuery, response: { 200: PromoEligibilityResponse } }, onRequest: promoLimit },
    async (request) => {
      const { promo_codes, product_code, selected_services } = request.query;
      checkPromoCodeAllowed(await businessConfig(ctx), promo_codes, 'query.promo_codes');
      const product = await requireCatalogueProduct(ctx, product_code);
      // A customizable product's price is its chosen options'; a fixed product's is its own,
      // whichever of its plans are named.
      const check = selected_services
        ? product.customizable
          ? checkChoice(product, selected_services)
          : checkKnownPlans(product, selected_services)
        : { ok: true as const, chosen: defaultChoice(product) };
      if (!check.ok) throw badRequest('query.selected_services', check.why);
      const base = planBaseOf(product, product.customizable ? check.chosen : product.plans);
      if (!base) throw notFound(`Product ${product.code} has no price`);
      const target = { category: product.category, tourist: product.tourist, planNetPrice: planNetPriceOf(base) };
      const promotions: PromoEligibility[] = [];
      for (const code of promo_codes) {
        const verdict = await judgePromoCode(ctx, code, target);
        promotions.push(
          verdict.ok
            ? { promo_code: code, eligible: true, reason: null, promotion: verdict.rule.promotion }
            : { promo_code: code, eligible: false, reason: verdict.refusal, promotion: null },
        );
      }
      return { promotions };
    },
  );
}
