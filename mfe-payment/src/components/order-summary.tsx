import { formatAed } from '@join/shared';
import { useLanguage, useT } from '@join/shared/react';
import { Card, PhoneNumberText, Price } from '@join/shared/ui';
import type { PaymentSummaryResponse } from '@join/shared/payment';

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
        <div>
          <dt>{t('payment.summary.plan')}</dt>
          <dd>
            <span className="payment-lines__name">{summary.product.Name}</span>{' '}
            <bdi dir="ltr" className="payment-amount">
              {aed(price.PlanNetPrice)}
            </bdi>
          </dd>
        </div>
        <div>
          <dt>{t('payment.summary.number')}</dt>
          <dd>
            <PhoneNumberText msisdn={summary.msisdn} />
          </dd>
        </div>
        {price.ExtraCharges.map((c) => (
          <div key={`x-${c.Name}`}>
            <dt>{chargeLabel(c.Name)}</dt>
            <dd>
              <bdi dir="ltr" className="payment-amount">
                + {aed(c.Amount)}
              </bdi>
            </dd>
          </div>
        ))}
        {price.Discounts.map((d) => (
          <div key={`d-${d.Name}`} className="payment-lines__discount">
            <dt>{t('payment.summary.discount', { name: d.Name })}</dt>
            <dd>
              <bdi dir="ltr" className="payment-amount">
                − {aed(d.Amount)}
              </bdi>
            </dd>
          </div>
        ))}
        <div>
          <dt>{t('payment.summary.net')}</dt>
          <dd>
            <bdi dir="ltr" className="payment-amount">
              {aed(price.NetPrice)}
            </bdi>
          </dd>
        </div>
        <div>
          <dt>{t('payment.summary.vat', { vat: price.VATPercentage })}</dt>
          <dd>
            <bdi dir="ltr" className="payment-amount">
              {aed(price.VATAmount)}
            </bdi>
          </dd>
        </div>
        <div className="payment-lines__total">
          <dt>{t('payment.summary.total')}</dt>
          <dd data-testid="payment-total">
            <Price amount={summary.amount_fils / 100} period={{ kind: 'today' }} />
          </dd>
        </div>
      </dl>
      {summary.promo_hint ? <p className="payment-hint muted">{t('payment.promoHint')}</p> : null}
    </Card>
  );
}
