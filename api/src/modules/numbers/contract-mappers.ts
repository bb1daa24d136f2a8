import type { Booster, PhoneNumber, Product, Reservation, SavedPlan } from '@join/shared/contract';
import type { HoldRecord, NumberRecord } from './repository';
import type { SavedPlanRecord } from '../catalogue/repository';
import { MAX_HOLD_EXTENSIONS, shownVanityLevel } from './holds';

/** Store records -> the contract's response shapes. */
export function toPhoneNumber(n: NumberRecord | HoldRecord): PhoneNumber {
  if (!('heldUntil' in n)) {
    return { MSISDN: n.msisdn, InTransferTo: null, VanityLevelId: n.vanityLevel, ReservationDate: null, ExpiryDate: null };
  }
  // A transfer shows the visitor's own number, with the temporary number it stands in for.
  return {
    MSISDN: n.transfer ? n.transfer.externalMsisdn : n.msisdn,
    InTransferTo: n.transfer ? n.msisdn : null,
    VanityLevelId: shownVanityLevel(n),
    ReservationDate: new Date(n.reservedAt).toISOString(),
    ExpiryDate: new Date(n.heldUntil).toISOString(),
  };
}

export function toReservation(hold: HoldRecord): Reservation {
  return {
    reservation_id: hold.reservationId,
    reservation_type: hold.transfer ? 'mnp' : 'number',
    number: toPhoneNumber(hold),
    committed: hold.committed,
    extensions_left: Math.max(0, MAX_HOLD_EXTENSIONS - hold.extensions),
  };
}

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
