import { ROUTES } from '@join/shared';
import { useT } from '@join/shared/react';
import { paymentApi } from '@join/shared/payment';
import { endKey } from '../attempts';
import { useReturn } from '../hooks/use-return';
import { go } from '../navigation';
import { ReturnView } from './return-page';

/** The key scope of POST /payment/bnpl (installments-page.tsx): a new checkout after this one ended. */
export const BNPL_START_SCOPE = 'bnpl.start';

/**
 * /spotii-success and /spotii-fail (the same screen, SPEC 2): back from the BNPL checkout. The
 * address says nothing the server trusts: it asks the provider (POST /payment/bnpl/confirm).
 * Paid: the confirmation. Otherwise spotii_error: Retry (a new checkout, on /payment/installments)
 * or Continue (back to /payment, to pay by card).
 */
export function BnplReturnPage() {
  const t = useT();
  const state = useReturn({
    scope: 'bnpl.confirm',
    confirm: (id, key) => {
      // This checkout is over either way: a new one gets a new key.
      endKey(BNPL_START_SCOPE);
      return paymentApi.confirmBnpl(id, key);
    },
    declined: { retry_payment: () => go(ROUTES.paymentInstallments), continue_payment: () => go(ROUTES.payment) },
    backTo: ROUTES.payment,
  });
  return <ReturnView state={state} title={t('payment.bnpl.title')} />;
}
