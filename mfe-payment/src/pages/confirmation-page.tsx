import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide';
import { bus } from '@join/shared';
import { refreshFlowStatus, useFocusStepHeading, useLanguage, useT } from '@join/shared/react';
import { Button, Card, Icon, PhoneNumberText, StepHeading } from '@join/shared/ui';
import { instalmentSplit, paymentApi, type Receipt } from '@join/shared/payment';
import { raise } from '../errors';
import { aedOfFils, LoadFailed } from '@join/shared/display';
import { Loading } from '../components/loading';
import { WithValue } from '../components/with-value';
import { formatDay, formatMoment } from '../format';
import { useReportRefusal } from '../hooks/use-summary';

/**
 * /payment/confirmation: the receipt (GET /payment/receipt, allowed once paid): reference,
 * amount (in instalments: paid today, still to pay, the order total), VAT, method (brand and last four, or the instalments), plan, number, date, and where
 * the e-mailed receipt went. Continue reads the flow status (is_plan_paid) and announces
 * payment:completed: the host goes on by the flow contract (delivery or thank-you).
 */
export function ConfirmationPage() {
  const t = useT();
  const receipt = useQuery({ queryKey: ['payment', 'receipt'], queryFn: () => paymentApi.receipt().then((r) => r.receipt) });
  useReportRefusal(receipt.error);
  // Paid: the shell's flags follow (stepper, header) once this page is the route, never before
  // (a paid flag on the payment page itself would move the visitor on past the receipt).
  useEffect(() => {
    if (receipt.data) void refreshFlowStatus().catch(() => undefined);
  }, [receipt.data]);
  useFocusStepHeading(receipt.data ? 'ready' : 'loading');
  return (
    <section className="payment payment-receipt" aria-labelledby="step-heading">
      <StepHeading>{t('payment.receipt.title')}</StepHeading>
      {receipt.data ? (
        <ReceiptView receipt={receipt.data} />
      ) : receipt.isError && !receipt.isFetching ? (
        <LoadFailed text={t('payment.receipt.failed')} onRetry={() => void receipt.refetch()} />
      ) : (
        <Loading />
      )}
    </section>
  );
}

function ReceiptView({ receipt }: { receipt: Receipt }) {
  const t = useT();
  const { language } = useLanguage();
  const [busy, setBusy] = useState(false);
  const withdraws = useRef<(() => void)[]>([]);
  useEffect(() => () => withdraws.current.forEach((w) => w()), []);
  const aed = (fils: number) => aedOfFils(fils, language);
  const split = instalmentSplit(receipt);

  const next = async (): Promise<void> => {
    setBusy(true);
    try {
      await refreshFlowStatus();
      bus.emit('payment:completed', { method: receipt.method });
    } catch (err) {
      withdraws.current.push(raise(err, { retry: next }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p className="payment-paid">
        <Icon icon={CircleCheck} className="payment-paid__icon" />
        {/* One flex item: the sentence flows as text around the e-mail (no gap before the full stop). */}
        <span>
          <WithValue text="payment.receipt.sent" values={{ email: receipt.email }} />
        </span>
      </p>
      <Card as="section" aria-labelledby="payment-receipt-heading">
        <h2 id="payment-receipt-heading" className="payment-subheading">
          {t('payment.receipt.heading')}
        </h2>
        <dl className="payment-lines">
          <div>
            <dt>{t('payment.receipt.reference')}</dt>
            <dd>
              <bdi dir="ltr" translate="no" className="payment-reference">
                {receipt.reference}
              </bdi>
            </dd>
          </div>
          {split ? (
            <>
              {/* Instalments (issue 24): what was paid today is the line that stands out; the order total is not "paid". */}
              <div className="payment-lines__total">
                <dt>{t('payment.receipt.paidToday')}</dt>
                <dd>
                  <bdi dir="ltr" className="payment-amount">
                    {aed(split.todayFils)}
                  </bdi>
                </dd>
              </div>
              <div>
                <dt>{t('payment.receipt.dueLater')}</dt>
                <dd>
                  <bdi dir="ltr" className="payment-amount">
                    {aed(split.laterFils)}
                  </bdi>
                </dd>
              </div>
              <div>
                <dt>{t('payment.receipt.total')}</dt>
                <dd>
                  <bdi dir="ltr" className="payment-amount">
                    {aed(split.totalFils)}
                  </bdi>
                </dd>
              </div>
            </>
          ) : (
            <div className="payment-lines__total">
              <dt>{t('payment.receipt.amount')}</dt>
              <dd>
                <bdi dir="ltr" className="payment-amount">
                  {aed(receipt.amount_fils)}
                </bdi>
              </dd>
            </div>
          )}
          <div>
            <dt>{t('payment.receipt.vat', { vat: receipt.vat_percentage })}</dt>
            <dd>
              <bdi dir="ltr" className="payment-amount">
                {aed(receipt.vat_fils)}
              </bdi>
            </dd>
          </div>
          <div>
            <dt>{t('payment.receipt.method')}</dt>
            <dd>
              {receipt.card ? (
                <WithValue text="payment.receipt.card" params={{ brand: t(`payment.brand.${receipt.card.brand}`) }} values={{ last4: receipt.card.last4 }} />
              ) : (
                t('payment.receipt.bnpl')
              )}
              {receipt.instalments ? (
                <ol className="payment-instalments">
                  {receipt.instalments.map((i) => (
                    <li key={i.number} className="payment-instalments__item">
                      <span>{i.number === 1 ? t('payment.bnpl.first') : t('payment.bnpl.due', { number: i.number, date: formatDay(i.due_date, language) })}</span>
                      <bdi dir="ltr" className="payment-amount">
                        {aed(i.amount_fils)}
                      </bdi>
                    </li>
                  ))}
                </ol>
              ) : null}
            </dd>
          </div>
          <div>
            <dt>{t('payment.receipt.plan')}</dt>
            <dd>{receipt.product_name}</dd>
          </div>
          <div>
            <dt>{t('payment.receipt.number')}</dt>
            <dd>
              <PhoneNumberText msisdn={receipt.msisdn} />
            </dd>
          </div>
          <div>
            <dt>{t('payment.receipt.date')}</dt>
            <dd>{formatMoment(receipt.paid_at, language)}</dd>
          </div>
        </dl>
      </Card>
      <div className="payment-actions">
        <Button busy={busy} onClick={() => void next()}>
          {t('payment.receipt.continue')}
        </Button>
      </div>
    </>
  );
}
