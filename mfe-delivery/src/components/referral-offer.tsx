import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLanguage, useT } from '@join/shared/react';
import { Button, Card, LiveRegion } from '@join/shared/ui';
import { promotionApi } from '@join/shared/promotions';

/**
 * The referral offer on thank-you (SPEC 1: "referral gives up to AED 150", promotion MGM): the
 * operator's title and text (GET /cms/offers) and the visitor's own invitation code (GET
 * /promotions/referral: random, made and kept by the server; it names nobody). The share link is
 * the join page itself: nothing of the visitor in any URL. Copy and Share are announced. A
 * failure to load either shows nothing: an offer is never in the way. Not tracking: shown
 * whatever the consent.
 */
export function ReferralOffer() {
  const t = useT();
  const { language } = useLanguage();
  const [news, setNews] = useState('');
  const offers = useQuery({ queryKey: ['cms', 'offers', language], queryFn: () => promotionApi.getOffers().then((r) => r.offers), staleTime: 5 * 60_000 });
  const referral = useQuery({ queryKey: ['promotions', 'referral'], queryFn: () => promotionApi.getReferral(), staleTime: Infinity });
  const offer = offers.data?.find((o) => o.kind === 'referral');
  const code = referral.data?.referral_code;
  if (!offer || !code) return null;

  const link = `${window.location.origin}${window.location.pathname}`;
  const message = t('delivery.referral.message', { code, link });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setNews(t('delivery.referral.copied'));
    } catch {
      setNews(t('delivery.referral.copyFailed'));
    }
  };
  const canShare = typeof navigator.share === 'function';
  const share = async () => {
    try {
      await navigator.share({ title: offer.title, text: message, url: link });
    } catch {
      // The visitor closed the share sheet: nothing to say.
    }
  };

  return (
    <Card as="section" aria-labelledby="referral-heading" className="delivery-referral">
      <h2 id="referral-heading" className="delivery-subheading">
        {offer.title}
      </h2>
      <p>{offer.text}</p>
      <p className="delivery-referral__code">
        <span>{t('delivery.referral.code')}</span>{' '}
        <strong dir="ltr" translate="no" data-testid="referral-code">
          {code}
        </strong>
      </p>
      <p className="delivery-referral__actions">
        <Button variant="secondary" onClick={() => void copy()}>
          {t('delivery.referral.copy')}
        </Button>
        {canShare ? (
          <Button variant="link" onClick={() => void share()}>
            {t('delivery.referral.share')}
          </Button>
        ) : null}
      </p>
      <LiveRegion message={news} />
    </Card>
  );
}

export default ReferralOffer;
