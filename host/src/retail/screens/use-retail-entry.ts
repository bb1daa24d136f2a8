import { useEffect, useRef, useState } from 'react';
import type { NavigateFunction } from 'react-router-dom';
import type { RetailEntry } from '../../start/retail-start';
import { errorCode } from './retail-page';
import { startCustomer } from './start-customer';

/** SPEC 4's retail entry on the start screen: none, being adopted, refused by the server, or lost (no answer). */
export type EntryState = 'none' | 'starting' | 'refused' | 'failed';

/**
 * Adopts SPEC 4's retail entry (session, account, device id) once, with the device's staff
 * sign-in: the flow continues at the recommended route. Without the staff credential the
 * server refuses it (retail_credential_required, device_not_enrolled, staff_signed_out).
 */
export function useRetailEntry(entry: RetailEntry | null, navigate: NavigateFunction): EntryState {
  const [state, setState] = useState<EntryState>(entry ? 'starting' : 'none');
  const started = useRef(false);
  useEffect(() => {
    if (!entry || started.current) return;
    started.current = true;
    startCustomer(entry).then(
      (to) => navigate(to),
      (err: unknown) => setState(errorCode(err) ? 'refused' : 'failed'),
    );
  }, [entry, navigate]);
  return state;
}
