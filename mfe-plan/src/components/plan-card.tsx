import type { ReactNode } from 'react';
import { formatSubPlanTotal, sortSubPlans, type Product } from '@join/shared';
import { useAmountText, useT } from '@join/shared/react';
import { Icon, PLAN_ICONS, PlanSpecs, Price } from '@join/shared/ui';
import { productPriceView } from '@join/shared/plans';
import { freeInternationalCalling, shownPromotions, validityDays } from '../plan-rules';
import { PromotionList } from './promotion-list';

/** The allowance a card leads with: its data (the first sub-plan in the DATA, VOICE-LCL, VOICE-INT order). */
function useHeadline(product: Product): string | null {
  const amount = useAmountText();
  const first = sortSubPlans(product.AvailablePlans)[0];
  return first ? amount(formatSubPlanTotal(first)) : null;
}

/**
 * One plan card (DESIGN.md "Plan cards"): a "Recommended" ribbon where the spec marks one, the
 * name, the headline allowance large, the allowances with their icons, validity (and
 * commitment) as tags, the offers as small accent badges, and at the bottom the server's price
 * with its period: the original struck through beside a discount with the saving, a
 * commitment's monthly price and its total. `action` is the card's button.
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
  const price = product.PackagesPricingTable[0];
  const headingId = `plan-${product.ProductCode}-name`;
  const promotions = shownPromotions(product);
  const headline = useHeadline(product);
  const view = price ? productPriceView(product, price) : null;
  return (
    <li
      className={`plan-card${selected ? ' plan-card--selected' : ''}${recommended ? ' plan-card--recommended' : ''}`}
      aria-labelledby={headingId}
      data-product-code={product.ProductCode}
      data-plan-net-price={price?.PlanNetPrice}
    >
      {recommended ? (
        <p className="plan-card__ribbon">
          <Icon icon={PLAN_ICONS.recommended} /> {t('plan.recommended')}
        </p>
      ) : null}
      <h2 id={headingId} className="plan-card__name">
        {product.Name}
      </h2>
      {headline ? (
        // bdi: "20 GB" keeps its order inside Arabic; "غير محدود" stays right to left.
        <p className="plan-card__headline" aria-hidden="true">
          <bdi>{headline}</bdi>
        </p>
      ) : null}
      <PlanSpecs plans={product.AvailablePlans} />
      <p className="plan-card__tags">
        <span className="tag">
          <Icon icon={PLAN_ICONS.validity} /> {t('plan.validity', { count: validityDays(product.AvailablePlans) })}
        </span>
        {product.CommitmentDuration > 1 ? <span className="tag">{t('plan.commitment', { count: product.CommitmentDuration })}</span> : null}
        {product.CommitmentSavingPercentage ? <span className="tag tag--saving">{t('plan.saves', { percent: product.CommitmentSavingPercentage })}</span> : null}
      </p>
      {freeInternationalCalling(price) ? <p className="plan-card__free">{t('plan.freeInternational')}</p> : null}
      <PromotionList promotions={promotions} label={`${t('plan.offers')}: ${product.Name}`} badges />
      {view ? <Price className="plan-card__price" size="lg" {...view} /> : null}
      <div className="plan-card__action">{action}</div>
    </li>
  );
}
