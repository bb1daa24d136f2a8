import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useT } from '@join/shared/react';
import { Button } from '@join/shared/ui';
import { RETAIL_ROUTES, retailApi } from '@join/shared/retail';
import { RetailAlert, RetailPage } from './retail-page';
import { useDeviceTokenPoll } from './device-token-poll';
import { DEVICE_QUERY_KEY } from './use-retail-device';

/** The pairing code as a person reads it: XXXX-XXXX. */
export function formatPairingCode(code: string): string {
  const letters = code.replace(/[^A-Za-z]/g, '').toUpperCase();
  return letters.length === 8 ? `${letters.slice(0, 4)}-${letters.slice(4)}` : code;
}

/**
 * /retail/enrol: a device not enrolled asks for a pairing code (RFC 8628's device authorization
 * request), shows it with the manager page's address, and waits for a manager's approval.
 */
export function EnrolScreen() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const codeRequest = useMutation({ mutationFn: () => retailApi.deviceCode() });
  const code = codeRequest.data ?? null;
  const onEnrolled = useCallback(() => {
    queryClient.removeQueries({ queryKey: DEVICE_QUERY_KEY });
    navigate(RETAIL_ROUTES.signIn);
  }, [navigate, queryClient]);
  const state = useDeviceTokenPoll(code, onEnrolled);
  const ended = state === 'expired' || state === 'denied';

  return (
    <RetailPage title={t('retail.enrol.title')}>
      <p>{t('retail.enrol.intro')}</p>
      {codeRequest.isError ? <RetailAlert>{t('retail.error.network')}</RetailAlert> : null}
      {code && !ended ? (
        <section className="retail-card" aria-labelledby="retail-code-label">
          <h2 id="retail-code-label">{t('retail.enrol.code')}</h2>
          <p className="retail-code" dir="ltr" translate="no">
            {formatPairingCode(code.user_code)}
          </p>
          <p>{t('retail.enrol.where')}</p>
          <p className="retail-address" dir="ltr" translate="no">
            {code.verification_uri}
          </p>
          <p role="status">{t('retail.enrol.waiting')}</p>
        </section>
      ) : null}
      {ended ? <RetailAlert>{t(state === 'denied' ? 'retail.enrol.denied' : 'retail.enrol.expired')}</RetailAlert> : null}
      {!code || ended ? (
        <Button className="retail-button" busy={codeRequest.isPending} onClick={() => codeRequest.mutate()}>
          {t(code ? 'retail.enrol.newCode' : 'retail.enrol.start')}
        </Button>
      ) : null}
    </RetailPage>
  );
}
