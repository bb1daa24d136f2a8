import { useId } from 'react';
import { amountToPay, formatAed } from '@join/shared';
import { useLanguage, useT } from '@join/shared/react';
import { LiveRegion } from '@join/shared/ui';
import { PROMO_HINT_MIN_AED, showsPaymentPromoHint } from '@join/shared/plans';
import { freeInternationalCalling } from '../../plan-rules';
import type { QuoteView } from '../../hooks/use-plan-quote';
import { PriceBreakdown } from '../price-breakdown';
import { PromotionList } from '../promotion-list';

/** The server's price of the current choice, with its offers; the settled total is announced. */
export function ReviewPrice({ quote }: { quote: QuoteView }) {
  const t = useT();
  const { language } = useLanguage();
  const uid = useId();
  const { shown } = quote;
  const total = shown ? amountToPay(shown.package_price) : null;
  return (
    <section className="plan-choice__price" aria-labelledby={`${uid}-price`}>
      <h3 id={`${uid}-price`}>{t('price.title')}</h3>
      {shown ? (
        <>
          <PriceBreakdown price={shown.package_price} promotions={shown.promotions} busy={quote.updating} />
          <PromotionList promotions={shown.promotions} label={t('plan.offers')} />
          {freeInternationalCalling(shown.package_price) ? <p className="plan-card__free">{t('plan.freeInternational')}</p> : null}
          {showsPaymentPromoHint(shown.package_price) ? (
            <p className="plan-choice__hint">{t('choice.promoHint', { min: formatAed(PROMO_HINT_MIN_AED, language) })}</p>
          ) : null}
        </>
      ) : null}
      {quote.updating ? <p className="muted">{t('price.updating')}</p> : null}
      {quote.failed ? (
        <p className="error-text" role="alert">
          {t('price.failed')}
          {quote.failed.message ? ` (${quote.failed.message})` : ''}
        </p>
      ) : null}
      {/* The total is announced once it settles, not on every change. */}
      <LiveRegion message={quote.settled && total !== null ? `${t('price.total')}: ${formatAed(total, language)}` : ''} />
    </section>
  );
}
