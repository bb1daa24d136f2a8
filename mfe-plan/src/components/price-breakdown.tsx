import { amountToPay, formatAed, useLanguage, useT, type PackagePrice } from '@join/shared';

/**
 * The server's price, line by line: plan, extra charges (a top-up, boosters), discounts, the
 * total before VAT, VAT, and the total to pay. Nothing here is computed but the display.
 */
export function PriceBreakdown({ price, busy = false }: { price: PackagePrice; busy?: boolean }) {
  const t = useT();
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
          <dt>{t('price.discount', { name: d.Name })}</dt>
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
