import type { ReactNode } from 'react';
import { amountToPay, formatAed, PlanSpecs, useLanguage, useT, type Product } from '@join/shared';
import { freeInternationalCalling, shownPromotions, validityDays } from '../plan-rules';
import { PromotionList } from './promotion-list';

/** How a product's price is read: per month for commitments, for the whole term for VIP. */
export function PriceSuffix({ product }: { product: Product }) {
  const t = useT();
  if (product.ProductCategory === 'VIP') return <>{t('plan.forMonths', { count: product.CommitmentDuration })}</>;
  if (product.ProductCategory === 'Commitment') return <>{t('plan.perMonth')}</>;
  return null;
}

/**
 * One plan: name, commitment and saving, sub-plans (DATA, VOICE-LCL, VOICE-INT), validity,
 * offers, free international calling, and the server's price to pay (VAT included). `action`
 * is the card's button: choose it, or for VIP find a number of its tier.
 */
export function PlanCard({
  product,
  selected,
  recommended = false,
  action,
}: {
  product: Product;
  selected: boolean;
  recommended?: boolean;
  action: ReactNode;
}) {
  const t = useT();
  const { language } = useLanguage();
  const price = product.PackagesPricingTable[0];
  const headingId = `plan-${product.ProductCode}-name`;
  const promotions = shownPromotions(product);
  return (
    <li
      className={`plan-card${selected ? ' plan-card--selected' : ''}`}
      aria-labelledby={headingId}
      data-product-code={product.ProductCode}
      data-plan-net-price={price?.PlanNetPrice}
    >
      <h2 id={headingId} className="plan-card__name">
        {product.Name}
      </h2>
      {recommended || product.CommitmentSavingPercentage ? (
        <p className="plan-card__badges">
          {recommended ? <span className="badge badge--brand">{t('plan.recommended')}</span> : null}
          {product.CommitmentSavingPercentage ? (
            <span className="badge">{t('plan.saves', { percent: product.CommitmentSavingPercentage })}</span>
          ) : null}
        </p>
      ) : null}
      <p className="plan-card__validity">
        {product.CommitmentDuration > 1 ? `${t('plan.commitment', { count: product.CommitmentDuration })} · ` : ''}
        {t('plan.validity', { count: validityDays(product.AvailablePlans) })}
      </p>
      <PlanSpecs plans={product.AvailablePlans} />
      {freeInternationalCalling(price) ? <p className="plan-card__free">{t('plan.freeInternational')}</p> : null}
      <PromotionList promotions={promotions} label={`${t('plan.offers')}: ${product.Name}`} />
      {price ? (
        <p className="plan-card__price">
          <strong>{formatAed(amountToPay(price), language)}</strong> <span className="muted">
            <PriceSuffix product={product} /> {t('plan.priceInclVat')}
          </span>
        </p>
      ) : null}
      {action}
    </li>
  );
}
