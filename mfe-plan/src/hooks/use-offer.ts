import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '@join/shared/react';
import { promotionApi, type Offer, type OfferKind } from '@join/shared/promotions';

/**
 * The operator's offer of a kind (GET /cms/offers, in the page's language), or null while it loads,
 * when it fails or when none is configured: the offer's own section still shows without its text.
 * Marketing content, not tracking: asked whatever the visitor's consent. A failure is silent (no
 * errorSource): the offer is extra, never in the way.
 */
export function useOffer(kind: OfferKind): Offer | null {
  const { language } = useLanguage();
  const offers = useQuery({
    queryKey: ['cms', 'offers', language],
    queryFn: () => promotionApi.getOffers().then((r) => r.offers),
    staleTime: 5 * 60_000,
  });
  return offers.data?.find((o) => o.kind === kind) ?? null;
}
