import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { bizConfigAtom, formatAed } from '@join/shared';
import { useLanguage, useT } from '@join/shared/react';
import { Button, Card, LiveRegion } from '@join/shared/ui';
import { promotionApi } from '@join/shared/promotions';

/**
 * The referral offer on thank-you (SPEC 1: "referral gives up to AED 150", promotion MGM): the
 * operator's title and text (GET /cms/offers) and the visitor's own invitation code (GET
 * /promotions/referral: random, made and kept by the server; it names nobody). The share link is
 * the join page itself: nothing of the visitor in any URL. Copy and Share are announced. A
 * failure to load either shows nothing: an offer is never in the way. Not tracking: shown
 * whatever the consent. A friend uses the code in the payment step's promo code form, which only
 * the business config's promo_codes_enabled shows: with codes off (or the config not loaded) the
 * card is not shown and nothing is asked (no promise of a code with nowhere to use it). The card
 * says what the visitor has earned so far of the most they can (the server's figures).
 */
export function ReferralOffer() {
  const t = useT();
  const { language } = useLanguage();
  const [news, setNews] = useState('');
  const bizConfig = useAtomValue(bizConfigAtom);
  const on = bizConfig.status === 'ready' && bizConfig.config.promo_codes_enabled;
  const offers = useQuery({
    queryKey: ['cms', 'offers', language],
    queryFn: () => promotionApi.getOffers().then((r) => r.offers),
    staleTime: 5 * 60_000,
    enabled: on,
  });
  // Asked again on each visit of the page: what the visitor earned moves as friends pay.
  const referral = useQuery({ queryKey: ['promotions', 'referral'], queryFn: () => promotionApi.getReferral(), enabled: on });
  const offer = offers.data?.find((o) => o.kind === 'referral');
  const code = referral.data?.referral_code;
  if (!on || !offer || !code || !referral.data) return null;
  const { earned_aed: earned, max_reward_aed: most } = referral.data;

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
      <p data-testid="referral-earned">{t('delivery.referral.earned', { earned: formatAed(earned, language), most: formatAed(most, language) })}</p>
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
