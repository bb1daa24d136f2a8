import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

import { api, bus, errorObjectFor, translateOr, refreshSelection, SESSION_RECOVERY_CODE, setError } from '@join/shared';
import { refreshFlowStatus } from '@join/shared/react';

/**
 * When the client ends the session (SPEC 4: codes -27, -7104, -7043, -199), the stored data
 * is already wiped with a new device id; start a fresh anonymous session and go to the start.
 * -27 shows no pop-up; the others tell the user their session expired.
 */
export function useSessionEnded(): void {
  const navigate = useNavigate();
  useEffect(
    () =>
      bus.on('session:ended', ({ code }) => {
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
