import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { PREFERENCE_IDS, validateConsent, type Product } from '@join/shared';
import { useT } from '@join/shared/react';
import { Button, LiveRegion } from '@join/shared/ui';
import { savePlanSequence } from '@join/shared/plans';
import { api } from '../api/endpoints';
import { useReview } from '../hooks/use-review';
import { BoosterOptions } from './review/booster-options';
import { PromoCodeForm } from './review/promo-code-form';
import { ReviewPrice } from './review/review-price';
import { StreamingOffer } from './review/streaming-offer';
import { TopUpOptions } from './review/top-up-options';
import '../review.css';

/**
 * Everything chosen with a plan before it is saved: a starting credit (pay as you go), boosters
 * for the held number, the streaming offer with its consent, a promo code (when configured),
 * and the live price from the server. The state and its rules are in useReview; each section
 * is its own component under review/. Continue runs the plan save sequence with the choice;
 * the server prices it again and never takes a price from here.
 */
export function ChoicePanel({ product, planIds }: { product: Product; planIds: readonly number[] }) {
  const t = useT();
  const review = useReview(product, planIds);
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const consentRef = useRef<HTMLInputElement>(null);
  const { quote, config } = review;

  const save = useMutation({
    mutationFn: async () => {
      if (review.streaming) await api.setPreference(PREFERENCE_IDS.musicService, true);
      const { productCode: _code, ...rest } = review.choice;
      await savePlanSequence(product, { api, choice: rest });
    },
    meta: { errorSource: 'plan' },
  });

  const onContinue = () => {
    if (review.streaming) {
      const check = validateConsent(consent);
      if (!check.valid) {
        setConsentError(check.message);
        consentRef.current?.focus();
        return;
      }
    }
    save.mutate();
  };

  return (
    <div className="plan-choice">
      {review.topUp ? <TopUpOptions value={review.recharge} onChange={review.setRecharge} /> : null}
      {review.boosterNumber ? (
        <BoosterOptions msisdn={review.boosterNumber} productCode={product.ProductCode} chosen={review.boosterIds} onToggle={review.toggleBooster} />
      ) : null}
      {review.streamingOffer.offered ? (
        <StreamingOffer
          months={review.streamingOffer.months}
          taken={review.streaming}
          onTake={(taken) => {
            review.setStreaming(taken);
            if (!taken) setConsentError(null);
          }}
          consent={consent}
          onConsent={(ticked) => {
            setConsent(ticked);
            if (ticked) setConsentError(null);
          }}
          consentError={consentError}
          consentRef={consentRef}
        />
      ) : null}
      {config?.promo_codes_enabled ? (
        <PromoCodeForm
          limits={{ min: config.min_promo_code_length, max: config.max_promo_code_length }}
          productCode={product.ProductCode}
          planIds={planIds}
          applied={review.promoCode}
          onApplied={review.setPromoCode}
        />
      ) : null}
      <ReviewPrice quote={quote} />
      <Button onClick={onContinue} busy={save.isPending} disabled={quote.failed !== null && quote.shown === null}>
        {t('choice.continue')}
      </Button>
      <LiveRegion message={save.isPending ? t('plan.saving') : ''} />
    </div>
  );
}
