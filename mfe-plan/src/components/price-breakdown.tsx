import { amountToPay, formatAed, type PackagePrice, type Promotion } from '@join/shared';
import { useLanguage, useT } from '@join/shared/react';
import { usePromotionText } from './promotion-list';

/**
 * The server's price, line by line: plan, extra charges (a top-up, boosters), discounts, the
 * total before VAT, VAT, and the total to pay. Nothing here is computed but the display.
 */
export function PriceBreakdown({
  price,
  promotions = [],
  busy = false,
}: {
  price: PackagePrice;
  /** The applied promotions: a discount is named by its promotion (the Discount's Name is the promotion Key). */
  promotions?: readonly Promotion[];
  busy?: boolean;
}) {
  const t = useT();
  const promoText = usePromotionText();
  const discountLabel = (name: string) => {
    const promo = promotions.find((p) => p.Key === name);
    if (!promo) return t('price.discount', { name });
    return promo.IsUserPromo ? t('price.promoCode', { what: promoText(promo) }) : t('price.discount', { name: promoText(promo) });
  };
  const { language } = useLanguage();
  const aed = (n: number) => formatAed(n, language);
  const label = (name: string) => {
    const key = `price.${name}`;
    const text = t(key);
    return text === key ? name : text;
  };
  return (
    <dl className="price-breakdown" aria-busy={busy}>
      <div>
        <dt>{t('price.plan')}</dt>
        <dd>{aed(price.PlanNetPrice)}</dd>
      </div>
      {price.ExtraCharges.map((c) => (
        <div key={`x-${c.Name}`}>
          <dt>{label(c.Name)}</dt>
          <dd>+ {aed(c.Amount)}</dd>
        </div>
      ))}
      {price.Discounts.map((d) => (
        <div key={`d-${d.Name}`} className="price-breakdown__discount">
          <dt>{discountLabel(d.Name)}</dt>
          <dd>− {aed(d.Amount)}</dd>
        </div>
      ))}
      <div>
        <dt>{t('price.net')}</dt>
        <dd>{aed(price.NetPrice)}</dd>
      </div>
      <div>
        <dt>{t('price.vat', { vat: price.VATPercentage })}</dt>
        <dd>{aed(price.VATAmount)}</dd>
      </div>
      <div className="price-breakdown__total">
        <dt>{t('price.total')}</dt>
        <dd data-testid="price-total">{aed(amountToPay(price))}</dd>
      </div>
    </dl>
  );
}
