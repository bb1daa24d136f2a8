import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Mail } from 'lucide';
import { flowFlagsAtom, ROUTES } from '@join/shared';
import { useFocusStepHeading, useT } from '@join/shared/react';
import { Alert, Button, StepHeading } from '@join/shared/ui';
import { paymentApi } from '@join/shared/payment';
import { raise } from '../errors';
import { WithValue } from '../components/with-value';

/**
 * /contract-request (an exception route, reachable at any time): the commitment contract by
 * e-mail (POST /me/contract_request), sent to the account's e-mail, which the answer names.
 * Not logged in: why, and the way to log in.
 */
export function ContractPage() {
  const t = useT();
  const loggedIn = useAtomValue(flowFlagsAtom)?.is_logged_in_via_email === true;
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const withdraws = useRef<(() => void)[]>([]);
  useEffect(() => () => withdraws.current.forEach((w) => w()), []);
  useFocusStepHeading('contract');

  const send = async (): Promise<void> => {
    setBusy(true);
    try {
      const { email } = await paymentApi.requestContract();
      setSentTo(email);
    } catch (err) {
      withdraws.current.push(raise(err, { retry: send }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="payment payment-contract" aria-labelledby="step-heading">
      <StepHeading>{t('payment.contract.title')}</StepHeading>
      {loggedIn ? (
        <>
          <p>{t('payment.contract.text')}</p>
          {sentTo ? (
            <Alert tone="success">
              <p>
                <WithValue text="payment.contract.sent" values={{ email: sentTo }} />
              </p>
            </Alert>
          ) : null}
          <div className="payment-actions">
            <Button icon={Mail} busy={busy} variant={sentTo ? 'secondary' : 'primary'} onClick={() => void send()}>
              {t('payment.contract.send')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p>{t('payment.contract.login')}</p>
          <div className="payment-actions">
            {/* /login is the account step's: a link the host routes (it guards it), not this step's navigation. */}
            <a className="btn btn--primary" href={`#${ROUTES.login}`}>
              {t('payment.contract.loginLink')}
            </a>
          </div>
        </>
      )}
    </section>
  );
}
