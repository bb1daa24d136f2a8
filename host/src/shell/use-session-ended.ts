import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

import { api, bus, errorObjectFor, translateOr, refreshSelection, SESSION_RECOVERY_CODE, setError } from '@join/shared';
import { refreshFlowStatus } from '@join/shared/react';
import { isRetailPage } from '../retail/retail-page';
import { loadRetailShell } from '../retail/load-retail';

/**
 * When the client ends the session (SPEC 4: codes -27, -7104, -7043, -199), the stored data
 * is already wiped with a new device id; start a fresh anonymous session and go to the start.
 * -27 shows no pop-up; the others tell the user their session expired.
 * On a shop device a customer's ended session is never carried on as a visitor's: the customer is
 * wiped (reason expired) and the device lands on the retail start screen.
 */
export function useSessionEnded(): void {
  const navigate = useNavigate();
  useEffect(
    () =>
      bus.on('session:ended', ({ code }) => {
        if (isRetailPage()) {
          void loadRetailShell().then((m) => m.wipeCustomer('expired'));
          return;
        }
        if (code !== null && code !== SESSION_RECOVERY_CODE) {
          setError(errorObjectFor('session_expired', code, translateOr));
        }
        void api
          .loginByDeviceId()
          .then(() => refreshFlowStatus())
          .then((flags) => refreshSelection(flags))
          .catch(() => undefined)
          .finally(() => navigate('/', { replace: true }));
      }),
    [navigate],
  );
}
