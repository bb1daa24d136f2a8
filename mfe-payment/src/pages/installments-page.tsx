import { useEffect, useRef, useState } from 'react';
import { bus, ROUTES } from '@join/shared';
import { useFocusStepHeading, useLanguage, useT } from '@join/shared/react';
import { Alert, Button, Card, Checkbox, LiveRegion, StepHeading } from '@join/shared/ui';
import { paymentApi, type PaymentSummaryResponse } from '@join/shared/payment';
import { keyFor } from '../attempts';
import { raise, serverAnswered } from '../errors';
import { aedOfFils, LoadFailed } from '@join/shared/display';
import { Loading } from '../components/loading';
import { WithValue } from '../components/with-value';
import { InstalmentList } from '../components/lines';
import { useSummary } from '../hooks/use-summary';
import { go, leaveFor } from '../navigation';
import { BNPL_START_SCOPE } from './bnpl-return-page';

/**
 * /payment/installments and /instalments: the plan the server offers (each payment with its
 * date and amount, the first today), the consent to share the visitor's details with the
 * provider (SPEC 3 preference 9: the box must be ticked, an announced error otherwise), then
 * Continue: the consent is recorded (POST /me/preferences 9; the server refuses the start
 * without it on record), then POST /payment/bnpl (its key kept until the checkout ends, so a
 * double click or a reload starts one checkout) and the browser goes to the provider's checkout page.
 */
export function InstallmentsPage() {
  const t = useT();
  const summary = useSummary();
  useFocusStepHeading(summary.data ? 'ready' : 'loading');
  return (
    <section className="payment payment-bnpl" aria-labelledby="step-heading">
      <StepHeading>{t('payment.bnpl.title')}</StepHeading>
      {summary.data ? (
        summary.data.bnpl ? (
          <Plan summary={summary.data} bnpl={summary.data.bnpl} />
        ) : (
          <Alert
            tone="info"
            actions={
              <Button variant="secondary" onClick={() => go(ROUTES.payment)}>
                {t('payment.return.back')}
              </Button>
            }
          >
            <p>{t('payment.bnpl.unavailable')}</p>
          </Alert>
        )
      ) : summary.isError && !summary.isFetching ? (
        <LoadFailed text={t('payment.summary.failed')} onRetry={() => void summary.refetch()} />
      ) : (
        <Loading />
      )}
    </section>
  );
}

function Plan({ summary, bnpl }: { summary: PaymentSummaryResponse; bnpl: NonNullable<PaymentSummaryResponse['bnpl']> }) {
  const t = useT();
  const { language } = useLanguage();
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<'idle' | 'starting' | 'leaving'>('idle');
  const box = useRef<HTMLInputElement | null>(null);
  const withdraws = useRef<(() => void)[]>([]);
  useEffect(() => () => withdraws.current.forEach((w) => w()), []);

  const start = async (): Promise<void> => {
    if (phase !== 'idle') return;
    if (!consent) {
      setError(t('payment.bnpl.consentRequired'));
      box.current?.focus();
      return;
    }
    setPhase('starting');
    bus.emit('payment:details-entered', { method: 'bnpl' }); // tracking
    try {
      await paymentApi.shareWithBnpl();
      const { checkout_url } = await paymentApi.startBnpl(keyFor(BNPL_START_SCOPE));
      setPhase('leaving');
      leaveFor(checkout_url);
    } catch (err) {
      setPhase('idle');
      withdraws.current.push(
        raise(err, {
          ...(serverAnswered(err) ? {} : { retry: start }),
          retry_payment: start,
          continue_payment: () => go(ROUTES.payment),
        }),
      );
    }
  };

  return (
    <>
      <p>
        <WithValue text="payment.bnpl.intro" values={{ total: aedOfFils(summary.amount_fils, language) }} count={bnpl.instalments.length} />
      </p>
      <Card as="section" aria-labelledby="payment-bnpl-plan">
        <h2 id="payment-bnpl-plan" className="payment-subheading">
          {t('payment.bnpl.plan')}
        </h2>
        <InstalmentList instalments={bnpl.instalments} aed={(fils) => aedOfFils(fils, language)} emphasiseFirst />
      </Card>
      <Checkbox
        checked={consent}
        onChange={(v) => {
          setConsent(v);
          if (v) setError(null);
        }}
        error={error}
        inputRef={box}
        name="bnpl-consent"
      >
        {t('payment.bnpl.consent')}
      </Checkbox>
      <div className="payment-actions">
        <Button busy={phase !== 'idle'} onClick={() => void start()}>
          {t('payment.bnpl.continue')}
        </Button>
        <Button variant="link" disabled={phase !== 'idle'} onClick={() => go(ROUTES.payment)}>
          {t('payment.card.otherMethod')}
        </Button>
      </div>
      <LiveRegion message={phase === 'leaving' ? t('payment.bnpl.leaving') : ''} />
    </>
  );
}
