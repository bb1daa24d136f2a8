import { formatAed } from '@join/shared';
import { useLanguage, useT } from '@join/shared/react';
import { Card, PhoneNumberText, Price } from '@join/shared/ui';
import type { PaymentSummaryResponse } from '@join/shared/payment';
import { Amount, AmountLine, Line } from './lines';

/**
 * The order as the server re-quoted it for this payment (GET /payment/summary): the plan, the
 * number, each extra charge and discount, the total before VAT, VAT and the total today.
 * Nothing is priced here: every figure is the server's, formatted.
 */
export function OrderSummary({ summary }: { summary: PaymentSummaryResponse }) {
  const t = useT();
  const { language } = useLanguage();
  const aed = (n: number) => formatAed(n, language);
  const price = summary.package_price;
  // An extra charge is named by its known key (RechargeAmount…), else as the server names it.
  const chargeLabel = (name: string) => {
    const key = `payment.summary.${name}`;
    const text = t(key);
    return text === key ? name : text;
  };
  return (
    <Card as="section" className="payment-summary" aria-labelledby="payment-summary-title">
      <h2 id="payment-summary-title" className="payment-subheading">
        {t('payment.summary.title')}
      </h2>
      <dl className="payment-lines">
        <Line label={t('payment.summary.plan')}>
          <span className="payment-lines__name">{summary.product.Name}</span> <Amount>{aed(price.PlanNetPrice)}</Amount>
        </Line>
        <Line label={t('payment.summary.number')}>
          <PhoneNumberText msisdn={summary.msisdn} />
        </Line>
        {price.ExtraCharges.map((c) => (
          <AmountLine key={`x-${c.Name}`} label={chargeLabel(c.Name)} amount={<>+ {aed(c.Amount)}</>} />
        ))}
        {price.Discounts.map((d) => (
          <AmountLine key={`d-${d.Name}`} className="payment-lines__discount" label={t('payment.summary.discount', { name: d.Name })} amount={<>− {aed(d.Amount)}</>} />
        ))}
        <AmountLine label={t('payment.summary.net')} amount={aed(price.NetPrice)} />
        <AmountLine label={t('payment.summary.vat', { vat: price.VATPercentage })} amount={aed(price.VATAmount)} />
        <Line className="payment-lines__total" label={t('payment.summary.total')} valueTestId="payment-total">
          <Price amount={summary.amount_fils / 100} period={{ kind: 'today' }} />
        </Line>
      </dl>
      {summary.promo_hint ? <p className="payment-hint muted">{t('payment.promoHint')}</p> : null}
    </Card>
  );
}
