import { useRef, useState } from 'react';
import { Clock } from 'lucide';
import { ROUTES } from '@join/shared';
import { useLanguage, useT } from '@join/shared/react';
import { Button, Card, Icon, LiveRegion } from '@join/shared/ui';
import { paymentApi, type OpenPayment } from '@join/shared/payment';
import { raise, serverAnswered } from '../errors';
import { formatMoment } from '../format';
import { aedOfFils } from '@join/shared/display';
import { go, leaveFor } from '../navigation';
import { WithValue } from './with-value';

/**
 * A payment the visitor started and did not finish: 3-D Secure or a Spotii checkout
 * still waiting at the provider. While it is open the server keeps the plan and the number as they
 * are (409 payment_open, "Finish or cancel the payment first"), so the page says so and offers both
 * ways out: back to the provider's page, or cancel it (POST /payment/cancel voids it there, so it
 * can no longer take money). A payment that went through meanwhile is answered paid: the
 * confirmation.
 */
export function OpenPaymentNotice({ open, onCancelled }: { open: OpenPayment; onCancelled: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const [cancelling, setCancelling] = useState(false);
  const busy = useRef(false);
  const amount = aedOfFils(open.amount_fils, language);
  const what = open.action_url === null ? 'payment.open.processing' : open.method === 'card' ? 'payment.open.card' : 'payment.open.bnpl';

  const cancel = async (): Promise<void> => {
    if (busy.current) return;
    busy.current = true;
    setCancelling(true);
    try {
      const answer = await paymentApi.cancel(open.payment_id);
      if (answer.status === 'paid') go(ROUTES.paymentConfirmation);
      else onCancelled();
    } catch (err) {
      // A refusal is the catalogue's pop-up; no answer (the network) offers to try again.
      raise(err, serverAnswered(err) ? {} : { retry: cancel });
    } finally {
      busy.current = false;
      setCancelling(false);
    }
  };

  return (
    <Card as="section" className="payment-open" aria-labelledby="payment-open-title">
      <h2 id="payment-open-title" className="payment-subheading">
        <Icon icon={Clock} className="payment-open__icon" />
        {t('payment.open.title')}
      </h2>
      <p>
        <WithValue text={what} values={{ amount }} />
      </p>
      <p>
        <WithValue text="payment.open.until" values={{ time: formatMoment(open.expires_at, language) }} />
      </p>
      <p className="muted">{t('payment.open.why')}</p>
      <div className="payment-actions">
        {open.action_url ? (
          <Button disabled={cancelling} onClick={() => leaveFor(open.action_url ?? '')}>
            {t('payment.open.finish')}
          </Button>
        ) : null}
        <Button variant="secondary" busy={cancelling} onClick={() => void cancel()}>
          {t('payment.open.cancel')}
        </Button>
      </div>
      <LiveRegion message={cancelling ? t('payment.open.cancelling') : ''} />
    </Card>
  );
}
