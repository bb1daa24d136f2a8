import { PLAN_TYPES_ORDER, type SubPlan, type SubPlanType } from '@join/shared/contract';
import { savingOf, type CatalogueProduct } from './catalogue';
import type { PlanBase } from './pricing';

/**
 * What a visitor may choose. A fixed product is bought whole: plan_ids are exactly its plans.
 * A customizable product is built from one DATA option, one VOICE-LCL option and at most one
 * VOICE-INT option. The answer names the first problem in words a person can act on.
 */
export type ChoiceCheck = { ok: true; chosen: SubPlan[] } | { ok: false; why: string };

/** How many options of each type a customizable choice takes: [least, most]. */
export const OPTION_COUNTS: Readonly<Record<SubPlanType, readonly [number, number]>> = {
  DATA: [1, 1],
  'VOICE-LCL': [1, 1],
  'VOICE-INT': [0, 1],
};

function pickKnown(ids: readonly number[], plans: readonly SubPlan[]): ChoiceCheck {
  const byId = new Map(plans.map((p) => [p.ID, p]));
  const chosen: SubPlan[] = [];
  const seen = new Set<number>();
  for (const id of ids) {
    const plan = byId.get(id);
    if (!plan) return { ok: false, why: `plan ${id} is not a plan of this product` };
    if (seen.has(id)) return { ok: false, why: `plan ${id} is listed twice` };
    seen.add(id);
    chosen.push(plan);
  }
  return { ok: true, chosen };
}

export function checkChoice(product: CatalogueProduct, ids: readonly number[]): ChoiceCheck {
  const known = pickKnown(ids, product.plans);
  if (!known.ok) return known;
  if (!product.customizable) {
    const missing = product.plans.filter((p) => !known.chosen.some((c) => c.ID === p.ID)).map((p) => p.ID);
    if (missing.length > 0) {
      const all = product.plans.map((p) => p.ID).join(',');
      return { ok: false, why: `this product is bought whole: plan_ids must be all its plans (${all}); missing ${missing.join(', ')}` };
    }
    return { ok: true, chosen: product.plans };
  }
  for (const type of PLAN_TYPES_ORDER) {
    const [least, most] = OPTION_COUNTS[type];
    const count = known.chosen.filter((p) => p.Type === type).length;
    if (count < least || count > most) {
      const wanted = least === most ? `exactly one ${type} option` : `at most one ${type} option`;
      return { ok: false, why: `choose ${wanted} (${count} given)` };
    }
  }
  return { ok: true, chosen: PLAN_TYPES_ORDER.flatMap((t) => known.chosen.filter((p) => p.Type === t)) };
}

/** Only the ids must be the product's; used where a subset is a fair question (promo checks of a fixed product). */
export function checkKnownPlans(product: CatalogueProduct, ids: readonly number[]): ChoiceCheck {
  return pickKnown(ids, product.plans);
}

const cheapest = (plans: readonly SubPlan[]) =>
  plans.reduce<SubPlan | undefined>((best, p) => (!best || (p.NetPrice ?? 0) < (best.NetPrice ?? 0) ? p : best), undefined);
const dearest = (plans: readonly SubPlan[]) =>
  plans.reduce<SubPlan | undefined>((best, p) => (!best || (p.NetPrice ?? 0) > (best.NetPrice ?? 0) ? p : best), undefined);

/** The choice a product is listed with: a fixed product whole; a customizable one at its cheapest (cheapest DATA and VOICE-LCL, no VOICE-INT). */
export function defaultChoice(product: CatalogueProduct): SubPlan[] {
  if (!product.customizable) return product.plans;
  const ofType = (t: SubPlanType) => product.plans.filter((p) => p.Type === t);
  return [cheapest(ofType('DATA')), cheapest(ofType('VOICE-LCL'))].filter((p): p is SubPlan => p !== undefined);
}

/** The dearest choice a customizable product allows (one option of every type); a fixed product whole. */
export function dearestChoice(product: CatalogueProduct): SubPlan[] {
  if (!product.customizable) return product.plans;
  return PLAN_TYPES_ORDER.map((t) => dearest(product.plans.filter((p) => p.Type === t))).filter((p): p is SubPlan => p !== undefined);
}

/** How the chosen plans are priced; null when the product has no price at all. */
export function planBaseOf(product: CatalogueProduct, chosen: readonly SubPlan[]): PlanBase | null {
  if (product.customizable) {
    return { listNetPrice: chosen.reduce((sum, p) => sum + (p.NetPrice ?? 0), 0), savingPercentage: savingOf(product) };
  }
  if (product.listNetPrice !== null) return { listNetPrice: product.listNetPrice, savingPercentage: savingOf(product) };
  if (product.fixedNetPrice !== null) return { planNetPrice: product.fixedNetPrice };
  return null;
}
