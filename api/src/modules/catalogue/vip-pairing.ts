import { VANITY_TIER_BY_ID } from '@join/shared/contract';
import type { CatalogueProduct } from './catalogue';
import { isVipLevel, shownVanityLevel, type HoldRecord } from '../numbers';
import { flowOrder } from '../../platform/refusals';

const tierName = (level: number | null): string => (level === null ? 'VIP' : (VANITY_TIER_BY_ID[level] ?? `level ${level}`));

/**
 * A VIP number is sold only with a VIP plan of its tier, and a VIP plan only with such a
 * number (SPEC 2: "the plan cannot be edited for VIP numbers": for a VIP number the plan is
 * one of its VIP plans). Throws flow_order when the product and the live hold do not fit.
 */
export function checkVipPairing(product: Pick<CatalogueProduct, 'code' | 'category' | 'vanityLevel'>, hold: HoldRecord | null): void {
  const holdLevel = hold ? shownVanityLevel(hold) : null;
  if (product.category === 'VIP') {
    const productLevel = product.vanityLevel;
    if (productLevel === null || holdLevel !== productLevel) {
      throw flowOrder(
        `Product ${product.code} is a VIP plan for ${tierName(productLevel)} numbers: reserve a ${tierName(productLevel)} number first`,
      );
    }
  } else if (isVipLevel(holdLevel)) {
    throw flowOrder(`Your ${tierName(holdLevel)} number comes with a VIP plan: choose one of its VIP plans`);
  }
}
