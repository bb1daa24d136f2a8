import { PLAN_TYPES_ORDER, UNLIMITED, type Booster, type SubPlan, type SubPlanType } from '@join/shared/contract';
import { isVipLevel } from '../numbers';

/**
 * Which boosters a visitor may buy with a plan. A booster adds to an allowance, so none is
 * offered for a type the plan already has unlimited; boosters tagged `vip` are for holders
 * of a VIP number only.
 */
export const VIP_BOOSTER_TAG = 'vip';

export interface BoosterQuestion {
  /** The plans the booster would add to: a fixed product's bundle, or the chosen options; [] when the choice is not known yet. */
  plans: readonly SubPlan[];
  /** The vanity level the visitor's live hold shows. */
  holdVanityLevel: number;
  planType?: SubPlanType | undefined;
  /** Tags a booster must all carry. */
  tags?: readonly string[] | undefined;
}

const typeRank = (b: Booster) => PLAN_TYPES_ORDER.indexOf(b.Type);

export function isBoosterEligible(booster: Booster, q: Pick<BoosterQuestion, 'plans' | 'holdVanityLevel'>): boolean {
  const unlimited = q.plans.some((p) => p.Type === booster.Type && p.Value === UNLIMITED);
  if (unlimited) return false;
  return !booster.Tags.includes(VIP_BOOSTER_TAG) || isVipLevel(q.holdVanityLevel);
}

/** The eligible boosters matching the filters, by type (SPEC 9 order) then cheapest first. */
export function eligibleBoosters(all: readonly Booster[], q: BoosterQuestion): Booster[] {
  return all
    .filter((b) => isBoosterEligible(b, q))
    .filter((b) => !q.planType || b.Type === q.planType)
    .filter((b) => (q.tags ?? []).every((t) => b.Tags.includes(t)))
    .sort((a, b) => typeRank(a) - typeRank(b) || a.NetPrice - b.NetPrice || a.ID - b.ID);
}
