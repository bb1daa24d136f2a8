import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Store } from 'lucide';
import { ROUTES } from '@join/shared';
import { useLanguage, useT } from '@join/shared/react';
import { Button, Icon, LiveRegion } from '@join/shared/ui';
import { paymentApi, type PaymentSummaryResponse } from '@join/shared/payment';
import { endKey, keyFor } from '../attempts';
import { raise, serverAnswered } from '../errors';
import { aedOfFils } from '@join/shared/display';
import { go } from '../navigation';
import { WithValue } from './with-value';

/** How often the page asks the terminal's answer while the customer taps. */
export const COUNTER_POLL_MS = 2_000;
const KEY_SCOPE = 'counter';

/**
 * Pay at the counter (a shop device only: the server offers it in a retail customer session):
 * the amount, "Send to the terminal" (POST /payment/counter: the server's amount to the shop's
 * terminal), then a waiting state that asks the terminal's answer every 2 s (TanStack Query's
 * refetchInterval) and says so politely. The terminal's signed approval is the receipt, as a
 * card's; a decline or a cancel on the terminal is the catalogue's pop-up, and the choice is open
 * again. `resume`: a counter payment already waiting (a reload), picked up where it was.
 */
export function CounterPayment({
  summary,
  resume = null,
  onChooseAnother,
}: {
  summary: PaymentSummaryResponse;
  resume?: string | null;
  onChooseAnother: (() => void) | null;
}) {
  const t = useT();
  const { language } = useLanguage();
  const [paymentId, setPaymentId] = useState<string | null>(resume);
  const [sending, setSending] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const withdraws = useRef<(() => void)[]>([]);
  useEffect(() => () => withdraws.current.forEach((w) => w()), []);
  const amount = aedOfFils(summary.amount_fils, language);
  const terminalId = summary.counter?.terminal_id ?? '';

  const poll = useQuery({
    queryKey: ['payment', 'counter', paymentId],
    queryFn: () => paymentApi.confirmCounter(paymentId ?? ''),
    enabled: paymentId !== null,
    retry: false,
    gcTime: 0,
    // Until the answer: paid, or a refusal the server gave (an unanswered ask is asked again).
    refetchInterval: (q) => (q.state.data?.status === 'paid' || (q.state.error && serverAnswered(q.state.error)) ? false : COUNTER_POLL_MS),
  });

  /** The attempt is over (declined, cancelled): a new one gets a new key. */
  const over = () => {
    endKey(KEY_SCOPE);
    setPaymentId(null);
  };

  useEffect(() => {
    if (poll.data?.status === 'paid') {
      endKey(KEY_SCOPE);
      go(ROUTES.paymentConfirmation);
    }
  }, [poll.data]);
  useEffect(() => {
    const err = poll.error;
    if (!err || !serverAnswered(err)) return;
    over();
    withdraws.current.push(raise(err, { retry_payment: () => send(), ...(onChooseAnother ? { continue_payment: onChooseAnother } : {}) }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [poll.error]);

  async function send(): Promise<void> {
    if (sending) return;
    setSending(true);
    try {
      const started = await paymentApi.startCounter(keyFor(KEY_SCOPE));
      setPaymentId(started.payment_id);
    } catch (err) {
      if (serverAnswered(err)) endKey(KEY_SCOPE);
      withdraws.current.push(raise(err, serverAnswered(err) ? {} : { retry: () => send() }));
    } finally {
      setSending(false);
    }
  }

  async function cancel(): Promise<void> {
    if (!paymentId || cancelling) return;
    setCancelling(true);
    try {
      const answer = await paymentApi.cancel(paymentId);
      if (answer.status === 'paid') go(ROUTES.paymentConfirmation);
      else over();
    } catch (err) {
      withdraws.current.push(raise(err, serverAnswered(err) ? {} : { retry: () => cancel() }));
    } finally {
      setCancelling(false);
    }
  }

  const waiting = paymentId !== null;
  return (
    <section className="payment-counter" aria-labelledby="payment-counter-title">
      <h2 id="payment-counter-title" className="payment-subheading">
        <Icon icon={Store} className="payment-counter__icon" />
        {t('payment.method.counter')}
      </h2>
      <p className="payment-counter__amount">
        <WithValue text="payment.counter.amount" values={{ amount }} />
      </p>
      <p>{t('payment.counter.intro')}</p>
      <p className="muted">
        <WithValue text="payment.counter.terminal" values={{ terminal: <span translate="no">{terminalId}</span> }} />
      </p>
      {waiting ? (
        <p className="payment-counter__waiting" aria-hidden="true">
          {t('payment.counter.waiting')}
        </p>
      ) : null}
      <div className="payment-actions">
        {waiting ? (
          <Button variant="secondary" busy={cancelling} onClick={() => void cancel()}>
            {t('payment.counter.cancel')}
          </Button>
        ) : (
          <>
            <Button busy={sending} onClick={() => void send()}>
              {t('payment.counter.send')}
            </Button>
            {onChooseAnother ? (
              <Button variant="link" disabled={sending} onClick={onChooseAnother}>
                {t('payment.counter.chooseAgain')}
              </Button>
            ) : null}
          </>
        )}
      </div>
      <LiveRegion message={waiting ? t('payment.counter.waiting') : ''} />
    </section>
  );
}
