import type { FastifyInstance } from 'fastify';
import {
  PlansAvailableQuery,
  PlansByVanityQuery,
  type PlansByVanityResponse,
  type PlansResponse as PlansResponseSchema,
  type Product,
  SavePlanBody,
  VANITY_LEVELS,
  VANITY_TIER_BY_ID,
  type SavePlanResponse,
  type SavedPlansResponse,
  type SubPlan,
} from '@join/shared/contract';
import type { z } from 'zod';
import type { AppContext } from '../app-context';
import { sortByPlanNetPrice } from '../domain/catalogue';
import { isVipLevel, shownVanityLevel } from '../domain/holds';
import { computePackagePrice, rechargeCharges } from '../domain/pricing';
import type { HoldRecord } from '../data/store';
import { badRequest, flowOrder, notFound } from '../http/http-error';
import { authOf } from '../http/session-auth';
import { parseInput } from '../http/validate';
import { toSavedPlan } from './contract-mappers';
import { currentProduct } from './current-product';

type PlansResponse = z.output<typeof PlansResponseSchema>;

/** Checks every id belongs to the product's plans, once each; answers with the first problem. */
function checkPlanIds(ids: readonly number[], available: readonly SubPlan[]): void {
  const known = new Set(available.map((p) => p.ID));
  const seen = new Set<number>();
  for (const id of ids) {
    if (!known.has(id)) throw badRequest('body.plan_ids', `plan ${id} is not a plan of this product`);
    if (seen.has(id)) throw badRequest('body.plan_ids', `plan ${id} is listed twice`);
    seen.add(id);
  }
}

const KNOWN_LEVELS: readonly number[] = Object.values(VANITY_LEVELS);
const tierName = (level: number | null): string => (level === null ? 'VIP' : (VANITY_TIER_BY_ID[level] ?? `level ${level}`));

/**
 * A VIP number is sold only with a VIP plan of its tier, and a VIP plan only with such a
 * number (SPEC 2: "the plan cannot be edited for VIP numbers": for a VIP number the plan is
 * one of its VIP plans). Throws flow_order when the product and the live hold do not fit.
 */
export function checkVipPairing(product: Product, productLevel: number | null, hold: HoldRecord | null): void {
  const holdLevel = hold ? shownVanityLevel(hold) : null;
  if (product.ProductCategory === 'VIP') {
    if (productLevel === null || holdLevel !== productLevel) {
      throw flowOrder(
        `Product ${product.ProductCode} is a VIP plan for ${tierName(productLevel)} numbers: reserve a ${tierName(productLevel)} number first`,
      );
    }
  } else if (isVipLevel(holdLevel)) {
    throw flowOrder(`Your ${tierName(holdLevel)} number comes with a VIP plan: choose one of its VIP plans`);
  }
}

export async function planRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/plans/available', async (request): Promise<PlansResponse> => {
    const { plan_types } = parseInput(PlansAvailableQuery, request.query, 'query');
    const product = await currentProduct(ctx, authOf(request).uid);
    const types = plan_types ? new Set(plan_types) : null;
    // AvailablePlans are already in SPEC 9 type order.
    return { plans: product.AvailablePlans.filter((p) => !types || types.has(p.Type)) };
  });

  app.get('/plans/saved_plans', async (request): Promise<SavedPlansResponse> => {
    const { uid } = authOf(request);
    const product = await currentProduct(ctx, uid);
    const saved = await ctx.store.getSavedPlan(uid);
    // A plan saved for a product the user has since left is not a plan for what they are buying.
    if (!saved || saved.productCode !== product.ProductCode) return { product, save_plans: [] };
    const hold = await ctx.store.getActiveHold(uid, ctx.now());
    return { product, save_plans: [toSavedPlan(saved, product, hold ? shownVanityLevel(hold) : null)] };
  });

  /** The VIP plans a held VIP number can be sold with, cheapest first. */
  app.get('/plans/by_vanity_level.json', async (request): Promise<PlansByVanityResponse> => {
    const { number, vanity_level } = parseInput(PlansByVanityQuery, request.query, 'query');
    if (!KNOWN_LEVELS.includes(vanity_level)) throw badRequest('query.vanity_level', `must be one of ${KNOWN_LEVELS.join(', ')}`);
    const hold = await ctx.store.getActiveHold(authOf(request).uid, ctx.now());
    // Only the visitor's own live hold answers; any other number reads as not there.
    const held = hold && (hold.msisdn === number || hold.transfer?.externalMsisdn === number) ? hold : null;
    if (!held) throw notFound(`You hold no reservation of ${number}`);
    const level = shownVanityLevel(held);
    if (level !== vanity_level) throw badRequest('query.vanity_level', `number ${number} is of vanity level ${level}`);
    return { products: sortByPlanNetPrice(await ctx.store.listProducts({ vipVanityLevel: level })) };
  });

  app.post('/plans/saved_plans', async (request): Promise<SavePlanResponse> => {
    const { uid } = authOf(request);
    const body: z.output<typeof SavePlanBody> = parseInput(SavePlanBody, request.body, 'body');
    const product = await ctx.store.getProduct(body.product_code);
    if (!product) throw notFound(`Product ${body.product_code} does not exist`);
    checkPlanIds(body.plan_ids, product.AvailablePlans);
    const priceRow = product.PackagesPricingTable[0];
    if (!priceRow) throw notFound(`Product ${body.product_code} has no price`);
    const now = ctx.now();
    checkVipPairing(product, await ctx.store.getProductVanityLevel(product.ProductCode), await ctx.store.getActiveHold(uid, now));
    // Prices come from the database only; the body cannot carry one (the schema is strict).
    const { vat_percentage } = await ctx.store.getBusinessConfig();
    const price = computePackagePrice({
      planNetPrice: priceRow.PlanNetPrice,
      vatPercentage: vat_percentage,
      extraCharges: rechargeCharges(body.recharge_amount),
    });
    const record = await ctx.store.replaceSavedPlan(uid, { productCode: product.ProductCode, planIds: body.plan_ids, price }, now);
    const hold = await ctx.store.getActiveHold(uid, now);
    return { saved_plan: toSavedPlan(record, product, hold ? shownVanityLevel(hold) : null) };
  });
}
