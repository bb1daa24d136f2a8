import {
  Button,
  formatAed,
  formatSubPlan,
  PlanSpecs,
  priceWithVat,
  useLanguage,
  useT,
  type Product,
} from '@join/shared';

/** One tourist plan: its name, sub-plans, validity, and the price including VAT. */
export function PlanCard({
  product,
  vatPercentage,
  selected,
  busy,
  disabled,
  onChoose,
}: {
  product: Product;
  vatPercentage: number;
  selected: boolean;
  busy: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const price = product.PackagesPricingTable[0];
  const validity = Math.max(0, ...product.AvailablePlans.map((p) => p.Validity));
  const headingId = `plan-${product.ProductCode}-name`;
  const daily = product.AvailablePlans.find((p) => p.DailyAllowanceValue !== null);
  return (
    <li className={`plan-card${selected ? ' plan-card--selected' : ''}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="plan-card__name">
        {product.Name}
      </h2>
      <p className="plan-card__validity">{t('plan.validity', { days: validity })}</p>
      <PlanSpecs plans={product.AvailablePlans} />
      {daily?.DailyAllowanceValue != null ? (
        <p className="muted">
          {t('plan.daily', {
            value: (() => {
              const f = formatSubPlan({ ...daily, Value: daily.DailyAllowanceValue });
              return `${f.vmo_ValueFormatted} ${f.UnitFormatted}`;
            })(),
          })}
        </p>
      ) : null}
      {price ? (
        <p className="plan-card__price">
          <strong>{formatAed(priceWithVat(price.PlanNetPrice, vatPercentage), language)}</strong>{' '}
          <span className="muted">{t('plan.priceInclVat', { vat: vatPercentage })}</span>
        </p>
      ) : null}
      {/* The visible text starts the accessible name (WCAG 2.5.3); the plan name completes it. */}
      <Button onClick={onChoose} busy={busy} disabled={disabled}>
        {selected ? t('plan.selected') : t('plan.select')}
        <span className="visually-hidden">: {product.Name}</span>
      </Button>
    </li>
  );
}
