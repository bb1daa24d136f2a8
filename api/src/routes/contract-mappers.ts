import type { PhoneNumber, Product, SavedPlan } from '@join/shared/contract';
import type { HoldRecord, NumberRecord, SavedPlanRecord } from '../data/store';

/** Store records -> the contract's response shapes. */
export function toPhoneNumber(n: NumberRecord | HoldRecord): PhoneNumber {
  const hold = 'heldUntil' in n ? n : null;
  return {
    MSISDN: n.msisdn,
    InTransferTo: null,
    VanityLevelId: n.vanityLevel,
    ReservationDate: hold ? new Date(hold.reservedAt).toISOString() : null,
    ExpiryDate: hold ? new Date(hold.heldUntil).toISOString() : null,
  };
}

export function toSavedPlan(record: SavedPlanRecord, product: Product, vanityLevel: number | null): SavedPlan {
  const chosen = new Set(record.planIds);
  return {
    ID: record.id,
    product,
    Plans: product.AvailablePlans.filter((p) => chosen.has(p.ID)),
    PackagePrice: record.price,
    Promotions: [],
    PromotionKeys: [],
    VanityLevel: vanityLevel,
  };
}
