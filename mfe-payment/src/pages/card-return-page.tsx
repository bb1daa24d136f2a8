import { ROUTES } from '@join/shared';
import { useT } from '@join/shared/react';
import { paymentApi } from '@join/shared/payment';
import { useReturn } from '../hooks/use-return';
import { go } from '../navigation';
import { ReturnView } from './return-page';

const back = () => go(ROUTES.payment);

/**
 * /payment/payfort_token?payment=<id>: back from the provider's 3-D Secure page. The server
 * asks the provider how it went (POST /payment/card/confirm); paid: the confirmation; declined:
 * the catalogue pop-up and back to /payment, where Change card, Retry payment and Continue
 * payment all start a new card attempt.
 */
export function CardReturnPage() {
  const t = useT();
  const state = useReturn({
    scope: 'card.confirm',
    confirm: (id, key) => paymentApi.confirmCard(id, key),
    declined: { change_card: back, retry_payment: back, continue_payment: back },
    backTo: ROUTES.payment,
  });
  return <ReturnView state={state} title={t('STEP_TITLE_PAYMENT')} />;
}
