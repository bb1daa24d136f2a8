import type { FastifyInstance } from 'fastify';
import {
  PlansAvailableQuery,
  type PlansResponse as PlansResponseSchema,
  SavePlanBody,
  type SavePlanResponse,
  type SavedPlansResponse,
  type SubPlan,
} from '@join/shared/contract';
import type { z } from 'zod';
import type { AppContext } from '../app-context';
import { computePackagePrice, rechargeCharges } from '../domain/pricing';
import { badRequest, notFound } from '../http/http-error';
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
    return { product, save_plans: [toSavedPlan(saved, product, hold?.vanityLevel ?? null)] };
  });

  app.post('/plans/saved_plans', async (request): Promise<SavePlanResponse> => {
    const { uid } = authOf(request);
    const body: z.output<typeof SavePlanBody> = parseInput(SavePlanBody, request.body, 'body');
    const product = await ctx.store.getProduct(body.product_code);
    if (!product) throw notFound(`Product ${body.product_code} does not exist`);
    checkPlanIds(body.plan_ids, product.AvailablePlans);
    const priceRow = product.PackagesPricingTable[0];
    if (!priceRow) throw notFound(`Product ${body.product_code} has no price`);
    // Prices come from the database only; the body cannot carry one (the schema is strict).
    const { vat_percentage } = await ctx.store.getBusinessConfig();
    const price = computePackagePrice({
      planNetPrice: priceRow.PlanNetPrice,
      vatPercentage: vat_percentage,
      extraCharges: rechargeCharges(body.recharge_amount),
    });
    const now = ctx.now();
    const record = await ctx.store.replaceSavedPlan(uid, { productCode: product.ProductCode, planIds: body.plan_ids, price }, now);
    const hold = await ctx.store.getActiveHold(uid, now);
    return { saved_plan: toSavedPlan(record, product, hold?.vanityLevel ?? null) };
  });
}
