import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { isStreamingPromoEligible } from '@join/shared/plans';
import { bizConfigAtom, flowFlagsAtom, MARKETING, numberAtom, VANITY_TIER_BY_ID, type PhoneNumber, type Product } from '@join/shared';
import { STREAMING_PROMOTION_KEY } from '@join/shared/plans';
import { type PlanChoice } from '@join/shared/plans';
import { consentPromotion } from '../plan-rules';
import { usePlanQuote, type QuoteView } from './use-plan-quote';

/**
 * The number boosters are offered for: the held number, unless it is a VIP number (held with
 * the VIP flag, or of a VIP vanity level): a VIP number comes with its VIP plan as it is.
 */
export function boosterNumberOf(number: PhoneNumber | null, hasVip: boolean): string | null {
  if (!number || hasVip || VANITY_TIER_BY_ID[number.VanityLevelId] !== undefined) return null;
  return number.MSISDN;
}

/**
 * Whether the streaming offer stands (SPEC 5): listed by the server for a fixed product; for a
 * built plan it follows the plan price of the quote on screen (AED 150 before VAT).
 */
export function streamingOfferOf(product: Product, shown: QuoteView['shown']): { offered: boolean; months: number } {
  const listed = consentPromotion(product);
  const offered = product.IsCustomizable ? shown !== null && isStreamingPromoEligible(shown.package_price.PlanNetPrice) : listed !== null;
  return { offered, months: listed?.DurationMonths ?? MARKETING.streamingOfferMonths };
}

/**
 * The state of one plan review: what is chosen (top-up, boosters, streaming, promo code), the
 * choice sent to the server, and its live quote. Two rules live here:
 * - boosters belong to a number and a product: when either changes, the chosen ones are
 *   dropped;
 * - a streaming offer that is withdrawn (the quote or the plan no longer qualifies) is
 *   unticked at once, so it is neither sent nor ticked again when the offer comes back.
 */
export function useReview(product: Product, planIds: readonly number[]) {
  const config = useAtomValue(bizConfigAtom);
  const number = useAtomValue(numberAtom);
  const flags = useAtomValue(flowFlagsAtom);
  const boosterNumber = boosterNumberOf(number, flags?.has_vip ?? false);
  const topUp = product.ProductCategory === 'PAYG';

  const [recharge, setRecharge] = useState(0);
  const boosterKey = `${boosterNumber ?? '-'}:${product.ProductCode}`;
  const [chosenBoosters, setChosenBoosters] = useState<{ key: string; ids: readonly number[] }>({ key: boosterKey, ids: [] });
  // Reset during render (not in an effect), so no render, quote or save ever pairs the new
  // number or product with boosters chosen for the old one.
  if (chosenBoosters.key !== boosterKey) setChosenBoosters({ key: boosterKey, ids: [] });
  const boosterIds = chosenBoosters.key === boosterKey ? chosenBoosters.ids : [];
  const toggleBooster = (id: number, on: boolean) =>
    setChosenBoosters({ key: boosterKey, ids: on ? [...boosterIds, id] : boosterIds.filter((x) => x !== id) });
  const [streamingTicked, setStreaming] = useState(false);
  const [promoCode, setPromoCode] = useState<string | null>(null);

  const choice: PlanChoice = {
    productCode: product.ProductCode,
    planIds,
    ...(topUp && recharge > 0 ? { rechargeAmount: recharge } : {}),
    ...(boosterIds.length ? { boosterIds: [...boosterIds] } : {}),
    ...(streamingTicked ? { promotionKeys: [STREAMING_PROMOTION_KEY] } : {}),
    ...(promoCode ? { promoCode } : {}),
  };
  const quote = usePlanQuote(choice);
  const streamingOffer = streamingOfferOf(product, quote.shown);
  // Set during render, not in an effect: React renders again before anything is shown or
  // asked, so a choice with a withdrawn offer never reaches the screen or the server.
  if (streamingTicked && !streamingOffer.offered) setStreaming(false);

  return {
    config: config.status === 'ready' ? config.config : null,
    topUp,
    recharge,
    setRecharge,
    boosterNumber,
    boosterIds,
    toggleBooster,
    streamingOffer,
    streaming: streamingTicked,
    setStreaming,
    promoCode,
    setPromoCode,
    choice,
    quote,
  };
}

export type Review = ReturnType<typeof useReview>;
