import { useCallback, useEffect, useRef, useState } from 'react';
import { bus, ROUTES } from '@join/shared';
import { useLanguage, useT } from '@join/shared/react';
import { Alert, Button, LiveRegion } from '@join/shared/ui';
import { paymentApi, type PaymentSummaryResponse } from '@join/shared/payment';
import { endCardAttempt, readCardAttempt, startCardAttempt, type CardAttempt } from '../attempts';
import { raise, serverAnswered } from '../errors';
import { aedOfFils } from '@join/shared/display';
import { useCardFrame } from '../hooks/use-card-frame';
import { go, leaveFor } from '../navigation';
import { TrustLine } from './trust-line';
import { WithValue } from './with-value';

type Phase = 'idle' | 'tokenizing' | 'paying' | 'leaving';
/** What the page says about the frame's answer when no token came (role=alert). */
const FRAME_ERROR = { invalid: 'payment.card.invalid', network: 'payment.card.network', rejected: 'payment.card.rejected', timeout: 'payment.card.timeout' } as const;

/**
 * The card: the provider's hosted fields in a frame (the card never reaches this page), the
 * commitment's monthly charge stated before the button (DESIGN principle 4), and the page's pay
 * button with the amount. Pressing it (or Enter in the frame) asks the frame for a token, then
 * charges it with the attempt's idempotency key (attempts.ts): a double click, a lost answer or a
 * reload re-sends the same key, so the server charges once. A pending attempt found on arrival
 * (a reload mid-payment) is re-sent at once.
 */
export function CardPayment({ summary, onChooseAnother }: { summary: PaymentSummaryResponse; onChooseAnother: (() => void) | null }) {
  const t = useT();
  const { language } = useLanguage();
  const [phase, setPhase] = useState<Phase>('idle');
  const [frameError, setFrameError] = useState<keyof typeof FRAME_ERROR | null>(null);
  const [resuming, setResuming] = useState(false);
  const busy = useRef(false);
  const withdraws = useRef<(() => void)[]>([]);
  useEffect(() => () => withdraws.current.forEach((w) => w()), []);
  const amount = aedOfFils(summary.amount_fils, language);

  const payRef = useRef<() => Promise<void>>(async () => undefined);
  const frame = useCardFrame({
    fieldsUrl: summary.card.fields_url,
    merchantId: summary.card.merchant_id,
    language,
    onSubmit: () => void payRef.current(),
  });

  const charge = useCallback(
    async (attempt: CardAttempt): Promise<void> => {
      setPhase('paying');
      try {
        const result = await paymentApi.payByCard(attempt.token, attempt.key);
        // Answered: this attempt is over (a 3-D Secure payment goes on with its payment id).
        endCardAttempt();
        if (result.status === 'paid') {
          // The confirmation page reads the new flow status once it is shown: refreshed here, the
          // paid flag could reach the host's guard before the route change (a transition) and
          // send the visitor past the receipt.
          go(ROUTES.paymentConfirmation);
          return;
        }
        setPhase('leaving');
        leaveFor(result.action_url);
      } catch (err) {
        const answered = serverAnswered(err);
        if (answered) endCardAttempt();
        setPhase('idle');
        withdraws.current.push(
          raise(err, {
            // Unanswered (network): the same attempt again, the same key.
            ...(answered ? {} : { retry: () => payRef.current() }),
            change_card: () => {
              endCardAttempt();
              frame.reload();
            },
            retry_payment: () => {
              endCardAttempt();
              return payRef.current();
            },
            ...(onChooseAnother
              ? {
                  continue_payment: () => {
                    endCardAttempt();
                    onChooseAnother();
                  },
                }
              : {}),
          }),
        );
      }
    },
    [frame, onChooseAnother],
  );

  const pay = useCallback(async (): Promise<void> => {
    if (busy.current) return;
    busy.current = true;
    setFrameError(null);
    try {
      let attempt = readCardAttempt();
      if (!attempt) {
        setPhase('tokenizing');
        const answer = await frame.tokenize();
        if (!answer.ok) {
          setPhase('idle');
          setFrameError(answer.code);
          // The frame shows its errors and focuses the first wrong field: focus stays there.
          if (answer.code === 'invalid') frame.focus();
          return;
        }
        attempt = startCardAttempt(answer.token);
        bus.emit('payment:details-entered', { method: 'card' }); // tracking: that a card was given, never which
      }
      await charge(attempt);
    } finally {
      busy.current = false;
      setResuming(false);
    }
  }, [charge, frame]);
  useEffect(() => {
    payRef.current = pay;
  }, [pay]);

  // A reload while a charge was on its way: send that attempt again (same token, same key).
  useEffect(() => {
    if (readCardAttempt()) {
      setResuming(true);
      void payRef.current();
    }
  }, []);

  const working = phase !== 'idle';
  const status = resuming ? t('payment.card.resuming') : phase === 'paying' || phase === 'leaving' ? t('payment.card.paying') : '';
  return (
    <section className="payment-card" aria-labelledby="payment-card-title">
      <h2 id="payment-card-title" className="payment-subheading">
        {t('payment.card.title')}
      </h2>
      <TrustLine />
      <div className="payment-frame" data-ready={frame.ready}>
        {!frame.ready ? (
          <p className="payment-frame__loading muted" role="status">
            {t('payment.card.loading')}
          </p>
        ) : null}
        <iframe
          key={frame.generation}
          ref={frame.frameRef}
          src={frame.src}
          title={t('payment.card.frameTitle')}
          className="payment-frame__iframe"
          style={{ blockSize: frame.height === null ? undefined : `${Math.ceil(frame.height)}px` }}
          // The provider's page needs its scripts and its own origin (to reach the provider), and nothing else.
          sandbox="allow-scripts allow-same-origin allow-forms"
          allow="payment"
          referrerPolicy="origin"
        />
      </div>
      {frameError ? (
        <Alert
          tone="error"
          actions={
            frameError === 'timeout' ? (
              <Button variant="secondary" onClick={frame.reload}>
                {t('payment.card.reload')}
              </Button>
            ) : null
          }
        >
          <p>{t(FRAME_ERROR[frameError])}</p>
        </Alert>
      ) : null}
      {summary.recurring ? (
        <p className="payment-commitment">
          <WithValue text="payment.card.recurring" values={{ amount }} count={summary.product.CommitmentDuration} />
        </p>
      ) : null}
      <div className="payment-actions">
        <Button className="payment-pay" busy={working} onClick={() => void pay()}>
          <WithValue text="payment.card.pay" values={{ amount }} />
        </Button>
        {onChooseAnother ? (
          <Button variant="link" disabled={working} onClick={onChooseAnother}>
            {t('payment.card.otherMethod')}
          </Button>
        ) : null}
      </div>
      <LiveRegion message={status} />
    </section>
  );
}
