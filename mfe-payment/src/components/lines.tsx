import type { ReactNode } from 'react';
import { useLanguage, useT } from '@join/shared/react';
import type { Instalment } from '@join/shared/payment';
import { formatDay } from '../format';

/** An amount as the server gave it, formatted: kept left to right inside Arabic text. */
export function Amount({ children }: { children: ReactNode }) {
  return (
    <bdi dir="ltr" className="payment-amount">
      {children}
    </bdi>
  );
}

interface LineProps {
  /** The term (dt). */
  label: ReactNode;
  /** The row's class (payment-lines__total, payment-lines__discount). */
  className?: string;
  /** The value's test id. */
  valueTestId?: string;
  children: ReactNode;
}

/** One row of a `payment-lines` list: its term and its value. */
export function Line({ label, className, valueTestId, children }: LineProps) {
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd data-testid={valueTestId}>{children}</dd>
    </div>
  );
}

/** A row whose value is one amount. */
export function AmountLine({ amount, ...line }: Omit<LineProps, 'children'> & { amount: ReactNode }) {
  return (
    <Line {...line}>
      <Amount>{amount}</Amount>
    </Line>
  );
}

/** The instalments, each with its due date (the first: today) and its amount; `emphasiseFirst` makes the first stand out (the plan offered). */
export function InstalmentList({ instalments, aed, emphasiseFirst = false }: { instalments: readonly Instalment[]; aed: (fils: number) => string; emphasiseFirst?: boolean }) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <ol className="payment-instalments">
      {instalments.map((i) => (
        <li key={i.number} className="payment-instalments__item">
          <span>
            {i.number !== 1 ? (
              t('payment.bnpl.due', { number: i.number, date: formatDay(i.due_date, language) })
            ) : emphasiseFirst ? (
              <strong>{t('payment.bnpl.first')}</strong>
            ) : (
              t('payment.bnpl.first')
            )}
          </span>
          <Amount>{aed(i.amount_fils)}</Amount>
        </li>
      ))}
    </ol>
  );
}
