import { formatAed, type PricePeriod } from '@join/shared';
import { useLanguage, useT } from '@join/shared/react';

/**
 * A price as the visitor reads it: the amount (tabular digits, kept left to right inside
 * Arabic), what it is for ("per month", "for 12 months", "total today") and "incl. VAT"; beside
 * a discount, the original price struck through (with a text for screen readers, which do not
 * announce a strike-through) and the saving; for a commitment, the total of the whole term.
 * Every amount is given (the server's, or display arithmetic on it): nothing is priced here.
 */
export function Price({
  amount,
  original = null,
  period = null,
  total = null,
  monthly = null,
  inclVat = true,
  size = 'md',
  className,
}: {
  amount: number;
  /** The price before the discount; shown struck through, with the saving, when above amount. */
  original?: number | null;
  period?: PricePeriod | null;
  /** The whole term's total beside a monthly amount (a commitment). */
  total?: { amount: number; months: number } | null;
  /** The monthly share of a price for a whole term (a VIP plan), shown beside it. */
  monthly?: number | null;
  inclVat?: boolean;
  size?: 'md' | 'lg';
  className?: string | undefined;
}) {
  const t = useT();
  const { language } = useLanguage();
  const aed = (n: number) => formatAed(n, language);
  // Fils, so 0.001 of floating error never shows a "Save AED 0.00".
  const saving = original !== null ? Math.round((original - amount) * 100) / 100 : 0;
  const periodText =
    period === null
      ? null
      : period.kind === 'month'
        ? t('money.perMonth')
        : period.kind === 'term'
          ? t('money.forMonths', { count: period.months })
          : t('money.totalToday');
  const classes = ['price', `price--${size}`, className].filter(Boolean).join(' ');
  return (
    <span className={classes} data-amount={amount}>
      <span className="price__line">
        {saving > 0 && original !== null ? (
          <s className="price__was">
            <span className="visually-hidden">{t('money.was', { amount: aed(original) })}</span>
            <span aria-hidden="true" dir="ltr">
              {aed(original)}
            </span>
          </s>
        ) : null}{' '}
        <strong className="price__amount" dir="ltr">
          {aed(amount)}
        </strong>{' '}
        {periodText || inclVat ? (
          <span className="price__meta">
            {periodText}
            {periodText && inclVat ? ' ' : null}
            {inclVat ? t('money.inclVat') : null}
          </span>
        ) : null}
      </span>
      {total ? (
        <span className="price__total">
          {t('money.total')} <strong dir="ltr">{aed(total.amount)}</strong> {t('money.forMonths', { count: total.months })}
        </span>
      ) : null}
      {monthly !== null ? (
        <span className="price__total">
          <strong dir="ltr">{aed(monthly)}</strong> {t('money.averageMonth')}
        </span>
      ) : null}
      {saving > 0 ? (
        <span className="price__save">
          {t('money.save')} <span dir="ltr">{aed(saving)}</span>
        </span>
      ) : null}
    </span>
  );
}
