import {
  VANITY_LEVELS,
  type PlanQuoteQuery,
  type PlanQuoteResponse,
  type SavePlanBody,
  type SavedPlansResponse,
  type PlansAvailableQuery,
  type Product,
  type ProductsResponse,
  type SavePlanResponse,
} from '@join/shared/contract';
import type { z } from 'zod';
import type { Caller } from '../../platform/caller';
import { badRequest, notFound } from '../../platform/refusals';
import { paymentOpen, type OrderLock } from '../../platform/order-lock';
import { shownVanityLevel, type HoldRecord } from '../numbers';
import { sortByPlanNetPrice } from './catalogue';
import { productView, productViews } from './catalogue-view';
import { currentProduct } from './current-product';
import type { CatalogueDeps } from './deps';
import { evaluateChoice, holdsNumber, type EvaluatedChoice } from './plan-choice-service';
import type { NameLanguage, SavedPlanRecord } from './repository';
import { toSavedPlan } from './saved-plan-view';

/** The visitor's live hold of `number`; anyone else's number reads as not there. */
export async function ownHold(ctx: CatalogueDeps, uid: string, number: string): Promise<HoldRecord> {
  const hold = await ctx.repos.getActiveHold(uid, ctx.now());
  if (!hold || !holdsNumber(hold, number)) throw notFound(`You hold no reservation of ${number}`);
  return hold;
}

const KNOWN_LEVELS: readonly number[] = Object.values(VANITY_LEVELS);

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

/**
 * The plan step's rules beyond the product lists: the plans of the current product, the saved
 * plan, the VIP plans of a held VIP number, the quote and the save of a choice, the boosters of a
 * held number and the promo codes' eligibility. No HTTP here: the routes parse and answer.
 */
export function planService(ctx: CatalogueDeps, lock: OrderLock) {
  return {
    /** The current product's plans, of the types asked for (all when none), in SPEC 9 type order. */
    async availablePlans(uid: string, language: NameLanguage, planTypes: z.output<typeof PlansAvailableQuery>['plan_types']): Promise<Product['AvailablePlans']> {
      const product = await currentProduct(ctx, uid, language);
      const types = planTypes ? new Set(planTypes) : null;
      return product.AvailablePlans.filter((p) => !types || types.has(p.Type));
    },

    async savedPlans(uid: string, language: NameLanguage): Promise<SavedPlansResponse> {
      const product = await currentProduct(ctx, uid, language);
      const saved = await ctx.repos.getSavedPlan(uid);
      // A plan saved for a product the user has since left is not a plan for what they are buying.
      if (!saved || saved.productCode !== product.ProductCode) return { product, save_plans: [] };
      const hold = await ctx.repos.getActiveHold(uid, ctx.now());
      return { product, save_plans: [toSavedPlan(saved, product, hold ? shownVanityLevel(hold) : null, await ctx.repos.listBoosters(language))] };
    },

    /** The VIP plans a held VIP number can be sold with, cheapest first. */
    async vipPlans(uid: string, number: string, vanityLevel: number, language: NameLanguage): Promise<ProductsResponse> {
      if (!KNOWN_LEVELS.includes(vanityLevel)) throw badRequest('query.vanity_level', `must be one of ${KNOWN_LEVELS.join(', ')}`);
      const level = shownVanityLevel(await ownHold(ctx, uid, number));
      if (level !== vanityLevel) throw badRequest('query.vanity_level', `number ${number} is of vanity level ${level}`);
      return { products: sortByPlanNetPrice(await productViews(ctx, await ctx.repos.listCatalogue({ vipVanityLevel: level }, language))) };
    },

    /** The price of a choice, checked and computed exactly as a save would; writes nothing. */
    async quote(uid: string, query: z.output<typeof PlanQuoteQuery>, language: NameLanguage): Promise<PlanQuoteResponse> {
      const choice = await evaluateChoice(ctx, uid, query, 'query', { requireConsent: false, language });
      return { package_price: choice.priced.price, promotions: choice.priced.promotions };
    },

    /**
     * Saves a choice, priced from the database only (the body cannot carry a price). An open
     * payment is buying the saved plan: the same choice again changes nothing and is answered as
     * saved; another one is refused (payment_open).
     */
    async save(caller: Caller, body: z.output<typeof SavePlanBody>, language: NameLanguage): Promise<SavePlanResponse> {
      const { uid } = caller;
      const choice = await evaluateChoice(ctx, uid, body, 'body', { requireConsent: true, language });
      const vanityLevel = choice.hold ? shownVanityLevel(choice.hold) : null;
      if (await lock.isPaying(caller)) {
        const saved = await ctx.repos.getSavedPlan(uid);
        if (!saved || !sameAsSaved(saved, choice)) throw paymentOpen();
        return { saved_plan: toSavedPlan(saved, await productView(ctx, choice.product), vanityLevel, choice.boosters) };
      }
      const record = await ctx.repos.replaceSavedPlan(
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
      return { saved_plan: toSavedPlan(record, await productView(ctx, choice.product), vanityLevel, choice.boosters) };
    },
  };
}
