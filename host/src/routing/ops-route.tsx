import { lazy, Suspense, useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { serverFlowContextAtom } from '@join/shared';
import { isRetailPage } from '../retail/retail-page';
import { AppLoading } from '../shell/screens';
import { releaseFirstScreen } from '../start/first-screen';
import { RETAIL_AT_REST_TARGET } from './retail-at-rest';

/** The operations page and its chart library: chunks of their own, loaded only at /ops once this route lets it show. */
const OpsPage = lazy(() => import(/* webpackChunkName: "ops-page" */ '../ops/ops-page'));

/**
 * The operations page's route (issue 28): outside the flow's shell (no stepper, no consent
 * panel: operators are not visitors), and never on a shop device. A page started as a shop
 * device at rest goes to the retail start; a page serving a retail customer (the server's flow
 * context says retail, or it did on this page) goes back to the customer's flow.
 */
export default function OpsRoute({ shopDevice }: { shopDevice: boolean }) {
  const context = useAtomValue(serverFlowContextAtom);
  // No step to wait for: a server's first screen, had the page one, gives way at once.
  useEffect(() => releaseFirstScreen(), []);
  if (shopDevice) return <Navigate to={RETAIL_AT_REST_TARGET} replace />;
  if (context?.retail === true || isRetailPage()) return <Navigate to="/" replace />;
  return (
    <Suspense fallback={<AppLoading />}>
      <OpsPage />
    </Suspense>
  );
}
