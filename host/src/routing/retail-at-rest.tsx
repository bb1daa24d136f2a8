import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { flowFlagsAtom } from '@join/shared';

/**
 * RETAIL_ROUTES.start of @join/shared/retail, written out: this file is in the host's first
 * download, which the retail contract stays out of (a test keeps the two equal).
 */
export const RETAIL_AT_REST_TARGET = '/retail';

/**
 * A shop device at rest (start-up took the retail branch: no customer session, no flow status)
 * whose address moves to a flow screen — Back after a wipe to the last customer's entry, an
 * address typed by hand — has no flow to show: it goes to the retail start screen (not a blank
 * page, and not a visitor's session on a shop device). Once a customer starts there (the flow
 * status loaded), the flow's shell.
 */
export function RetailAtRest({ children }: { children: ReactNode }) {
  const flags = useAtomValue(flowFlagsAtom);
  return flags ? children : <Navigate to={RETAIL_AT_REST_TARGET} replace />;
}
