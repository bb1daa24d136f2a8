import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { CreditCard, Smartphone, CalendarClock, Store } from 'lucide';
import { bizConfigAtom, bus, ROUTES } from '@join/shared';
import { useFocusStepHeading, useLanguage, useT } from '@join/shared/react';
import { Alert, Button, RadioCards, StepHeading, type RadioCardOption } from '@join/shared/ui';
import type { PaymentSummaryResponse } from '@join/shared/payment';
import { readCardAttempt } from '../attempts';
import { CardPayment } from '../components/card-payment';
import { CounterPayment } from '../components/counter-payment';
import { aedOfFils, LoadFailed } from '@join/shared/display';
import { Loading } from '../components/loading';
import { OpenPaymentNotice } from '../components/open-payment';
import { OrderSummary } from '../components/order-summary';
import { WithValue } from '../components/with-value';
import { useSummary } from '../hooks/use-summary';
import { go } from '../navigation';

// The promo code form comes only where the business config turns codes on (SPEC 9: off).
const PromoCode = lazy(() => import('../components/promo-code'));

type Method = 'card' | 'bnpl' | 'counter';
type Stage = 'choose' | 'card' | 'counter';

/**
 * /payment: the order summary re-quoted by the server, then one decision at a time: how to pay
 * (card, instalments when the server offers them, and on a shop device pay at the counter), then
 * the card or the terminal. With one method only the choice is skipped. Apple Pay is never offered (SPEC 9: disabled by configuration; the page has
 * no Apple Pay, so apple_pay true would still show nothing). "Pay on your phone instead" leads
 * to /payment-qr. A payment started and not finished comes first: finish it at the
 * provider, or cancel it; then the choice is open again.
 */
export function PaymentPage() {
  const t = useT();
  const summary = useSummary();
  // A card payment under way (a reload mid-payment) opens on the card, which re-sends it.
  const [stage, setStage] = useState<Stage>(() => (readCardAttempt() ? 'card' : 'choose'));
  useFocusStepHeading(summary.data ? stage : 'loading');
  // Tracking (issue 28): the checkout begins with the server's summary on screen.
  const shownCode = summary.data?.product.ProductCode;
  useEffect(() => {
    if (shownCode !== undefined) bus.emit('payment:summary-shown', { productCode: shownCode });
  }, [shownCode]);

  return (
    <section className="payment" aria-labelledby="step-heading">
      <StepHeading>{t('STEP_TITLE_PAYMENT')}</StepHeading>
      {summary.data ? (
        <Ready summary={summary.data} stage={summary.data.bnpl || summary.data.counter ? stage : 'card'} setStage={setStage} onCancelled={() => void summary.refetch()} />
      ) : summary.isError && !summary.isFetching ? (
        <LoadFailed text={t('payment.summary.failed')} onRetry={() => void summary.refetch()} />
      ) : (
        <Loading />
      )}
    </section>
  );
}

function Ready({
  summary,
  stage,
  setStage,
  onCancelled,
}: {
  summary: PaymentSummaryResponse;
  stage: Stage;
  setStage: (s: Stage) => void;
  onCancelled: () => void;
}) {
  const t = useT();
  const [cancelled, setCancelled] = useState(false);
  const cancelledRef = useRef<HTMLDivElement>(null);
  // The notice that had focus's button is gone: the news takes focus (and is announced).
  useEffect(() => {
    if (cancelled && !summary.open_payment) cancelledRef.current?.focus();
  }, [cancelled, summary.open_payment]);
  // A card attempt of this page (a reload mid-payment) is re-sent by the card screen itself.
  const open = summary.open_payment && !readCardAttempt() ? summary.open_payment : null;
  const chooseAnother = summary.bnpl || summary.counter ? () => setStage('choose') : null;
  const bizConfig = useAtomValue(bizConfigAtom);
  const config = bizConfig.status === 'ready' ? bizConfig.config : null;
  return (
    <div className="payment-layout">
      <div className="payment-aside">
        <OrderSummary summary={summary} />
        {config?.promo_codes_enabled ? (
          <Suspense fallback={null}>
            <PromoCode summary={summary} limits={{ min: config.min_promo_code_length, max: config.max_promo_code_length }} />
          </Suspense>
        ) : null}
      </div>
      <div className="payment-main">
        {cancelled && !open ? (
          <div ref={cancelledRef} tabIndex={-1} className="payment-open__done">
            <Alert tone="success">
              <p>{t('payment.open.cancelled')}</p>
            </Alert>
          </div>
        ) : null}
        {open?.method === 'counter' && summary.counter ? (
          // A counter payment waiting on the terminal (a reload): the waiting screen again.
          <CounterPayment summary={summary} resume={open.payment_id} onChooseAnother={chooseAnother} />
        ) : open ? (
          <OpenPaymentNotice
            open={open}
            onCancelled={() => {
              setCancelled(true);
              onCancelled();
            }}
          />
        ) : stage === 'card' ? (
          <CardPayment summary={summary} onChooseAnother={chooseAnother} />
        ) : stage === 'counter' && summary.counter ? (
          <CounterPayment summary={summary} onChooseAnother={chooseAnother} />
        ) : (
          <MethodChoice summary={summary} onCard={() => setStage('card')} onCounter={() => setStage('counter')} />
        )}
        <p className="payment-qr-link">
          <Button variant="link" icon={Smartphone} onClick={() => go(ROUTES.paymentQr)}>
            {t('payment.qr.link')}
          </Button>
        </p>
      </div>
    </div>
  );
}

function MethodChoice({ summary, onCard, onCounter }: { summary: PaymentSummaryResponse; onCard: () => void; onCounter: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const [method, setMethod] = useState<Method | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const bnpl = summary.bnpl;
  const options: RadioCardOption<Method>[] = [
    { value: 'card', icon: CreditCard, label: t('payment.method.card'), description: t('payment.method.cardHint') },
  ];
  if (bnpl) {
    const [first, second] = bnpl.instalments;
    options.push({
      value: 'bnpl',
      icon: CalendarClock,
      label: t('payment.method.bnpl', { count: bnpl.instalments.length }),
      description: (
        <WithValue
          text="payment.method.bnplHint"
          values={{ first: aedOfFils(first!.amount_fils, language), rest: aedOfFils((second ?? first!).amount_fils, language) }}
        />
      ),
    });
  }
  if (summary.counter) {
    options.push({ value: 'counter', icon: Store, label: t('payment.method.counter'), description: t('payment.method.counterHint') });
  }
  const next = () => {
    if (method === null) {
      setError(t('payment.method.required'));
      document.querySelector<HTMLInputElement>('.payment-methods input')?.focus();
      return;
    }
    if (method === 'card') onCard();
    else if (method === 'counter') onCounter();
    else go(ROUTES.paymentInstallments);
  };
  return (
    <div className="payment-choice">
      <RadioCards
        name="payment-method"
        className="payment-methods"
        legend={t('payment.method.legend')}
        options={options}
        value={method}
        onChange={(v) => {
          setMethod(v);
          setError(undefined);
        }}
        error={error}
      />
      <div className="payment-actions">
        <Button onClick={next}>{t('payment.method.continue')}</Button>
      </div>
    </div>
  );
}
