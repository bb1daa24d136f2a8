import type { Booster, Product, SavedPlan } from '@join/shared/contract';
import type { SavedPlanRecord } from './repository';

/** A saved plan as stored, shown with its product as it is now; price and promotions are the saved snapshot. */
export function toSavedPlan(record: SavedPlanRecord, product: Product, vanityLevel: number | null, boosters: readonly Booster[]): SavedPlan {
  const chosen = new Set(record.planIds);
  return {
    ID: record.id,
    product,
    Plans: product.AvailablePlans.filter((p) => chosen.has(p.ID)),
    PackagePrice: record.price,
    Promotions: record.appliedPromotions,
    PromotionKeys: record.promotionKeys,
    VanityLevel: vanityLevel,
    Boosters: record.boosterIds.map((id) => boosters.find((b) => b.ID === id)).filter((b): b is Booster => b !== undefined),
    PromoCode: record.promoCode,
  };
}
