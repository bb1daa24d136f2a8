import type { BoostersQuery, BoostersResponse, PromoEligibility, PromoEligibilityQuery } from '@join/shared/contract';
import type { z } from 'zod';
import { badRequest, notFound } from '../../platform/refusals';
import { shownVanityLevel } from '../numbers';
import { eligibleBoosters } from './boosters';
import { businessConfig, requireCatalogueProduct } from './catalogue-view';
import type { CatalogueDeps } from './deps';
import { checkChoice, checkKnownPlans, defaultChoice, planBaseOf } from './plan-choice';
import { checkPromoCodeAllowed, judgePromoCode } from './plan-choice-service';
import { ownHold } from './plan-service';
import { planNetPriceOf } from './pricing';
import type { NameLanguage } from './repository';

/** What the plan step offers beside plans: the boosters of a held number, and the promo codes' eligibility. No HTTP here. */
export function offerService(ctx: CatalogueDeps) {
  return {
    /**
     * GET /boosters/{number} (SPEC 7): the boosters the visitor may buy for their held number
     * with a product. A customizable product's choice is not known here, so no type is left out
     * for it; the quote and the save check the actual choice.
     */
    async boosters(uid: string, number: string, query: z.output<typeof BoostersQuery>, language: NameLanguage): Promise<BoostersResponse> {
      const { product_code, plan_type, filters } = query;
      const hold = await ownHold(ctx, uid, number);
      const product = await requireCatalogueProduct(ctx, product_code, language);
      const boosters = eligibleBoosters(await ctx.repos.listBoosters(language), {
        plans: product.customizable ? [] : product.plans,
        holdVanityLevel: shownVanityLevel(hold),
        planType: plan_type,
        tags: filters,
      });
      return { number, boosters };
    },

    /** SPEC 7: whether promo codes apply to a product and choice. */
    async promoEligibility(query: z.output<typeof PromoEligibilityQuery>): Promise<PromoEligibility[]> {
      const { promo_codes, product_code, selected_services } = query;
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
      return promotions;
    },
  };
}
