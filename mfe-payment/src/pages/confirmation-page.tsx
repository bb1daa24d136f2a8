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
import { AmountLine, InstalmentList, Line } from '../components/lines';
import { formatMoment } from '../format';
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
          <Line label={t('payment.receipt.reference')}>
            <bdi dir="ltr" translate="no" className="payment-reference">
              {receipt.reference}
            </bdi>
          </Line>
          {split ? (
            <>
              {/* Instalments: what was paid today is the line that stands out; the order total is not "paid". */}
              <AmountLine className="payment-lines__total" label={t('payment.receipt.paidToday')} amount={aed(split.todayFils)} />
              <AmountLine label={t('payment.receipt.dueLater')} amount={aed(split.laterFils)} />
              <AmountLine label={t('payment.receipt.total')} amount={aed(split.totalFils)} />
            </>
          ) : (
            <AmountLine className="payment-lines__total" label={t('payment.receipt.amount')} amount={aed(receipt.amount_fils)} />
          )}
          <AmountLine label={t('payment.receipt.vat', { vat: receipt.vat_percentage })} amount={aed(receipt.vat_fils)} />
          <Line label={t('payment.receipt.method')}>
            {receipt.card ? (
              <WithValue text="payment.receipt.card" params={{ brand: t(`payment.brand.${receipt.card.brand}`) }} values={{ last4: receipt.card.last4 }} />
            ) : receipt.method === 'counter' ? (
              t('payment.receipt.counter')
            ) : (
              t('payment.receipt.bnpl')
            )}
            {receipt.instalments ? <InstalmentList instalments={receipt.instalments} aed={aed} /> : null}
          </Line>
          <Line label={t('payment.receipt.plan')}>{receipt.product_name}</Line>
          <Line label={t('payment.receipt.number')}>
            <PhoneNumberText msisdn={receipt.msisdn} />
          </Line>
          <Line label={t('payment.receipt.date')}>{formatMoment(receipt.paid_at, language)}</Line>
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
