import { lazy, startTransition, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { HashRouter, Route, Routes } from 'react-router-dom';
import { sessionAtom, store, watchNumberFlag } from '@join/shared';
import { refreshFlowStatus } from '@join/shared/react';
import { useLanguage } from '@join/shared/react';
import { loadRemotesList, preloadStep } from './federation/remotes';
import { startUp, type StartResult } from './start/start-up';
import { dropStartParamsFromAddress } from './start/start-params';
import { releaseFirstScreen } from './start/first-screen';
import { rewriteLocation } from './routing/rewrite-location';
import { RetailAtRest } from './routing/retail-at-rest';
import { StartAsVisitor } from './routing/start-as-visitor';
import { OPS_PATH } from './ops/ops-path';
import { Shell } from './shell/shell';
import { FatalScreen, MaintenanceScreen, AppLoading } from './shell/screens';

/** The retail screens (a shop device's enrolment, staff sign-in, start screen, manager page): their own chunk. */
const RetailScreens = lazy(() => import(/* webpackChunkName: "retail-screens" */ './retail/screens/retail-screens'));
/** The operations page's route (issue 28): its own small chunk, which loads the page's only where it may show. */
const OpsRoute = lazy(() => import(/* webpackChunkName: "ops-route" */ './routing/ops-route'));

/** Runs start-up once, then renders the routed shell (routes render only after flow status). */
export function App() {
  const [state, setState] = useState<StartResult | 'loading'>('loading');
  const { language, dir } = useLanguage();
  // Before the browser paints: a direction set after the first paint moves what is on screen (CLS).
  useLayoutEffect(() => {
    document.documentElement.lang = language;
    document.documentElement.dir = dir;
  }, [language, dir]);
  // SPEC 4: whenever the number flag falls (cancel, transfer reset, a hold running out on any
  // screen), the current product is saved and the saved plans reloaded: one watcher for the page.
  useEffect(() => watchNumberFlag({ refreshFlags: () => refreshFlowStatus() }), []);
  useEffect(() => {
    rewriteLocation(window.location, window.history);
    // In parallel with start-up: the remotes list, and for a first visit (which always starts
    // at plan selection) the plan step itself. Saves several round trips before first content.
    void loadRemotesList().catch(() => undefined);
    if (!store.get(sessionAtom).sessionId) preloadStep('plan');
    startUp().then((result) => {
      // Read and stored: the address no longer carries the start parameters (history replaced).
      dropStartParamsFromAddress();
      // The routed shell and its first step render in slices (a transition), not one long task.
      startTransition(() => setState(result));
    }, (err: unknown) => {
      console.error('start-up failed', err);
      setState('fatal');
    });
  }, []);
  // A page that opens on no step (an error, maintenance, a retail screen): the server's first screen goes.
  useEffect(() => {
    if (state !== 'loading' && state !== 'ready') releaseFirstScreen();
  }, [state]);
  if (state === 'loading') return <AppLoading />;
  if (state === 'fatal') return <FatalScreen />;
  if (state === 'maintenance') return <MaintenanceScreen />;
  return (
    <HashRouter>
      <Routes>
        {/* RETAIL_ROUTES: outside the purchase flow, none of its guards, no visitor session of their own. */}
        <Route
          path="/retail/*"
          element={
            <Suspense fallback={<AppLoading />}>
              <RetailScreens />
            </Suspense>
          }
        />
        {/* The operations page (issue 28): outside the flow too, no visitor session, never on a shop device. */}
        <Route
          path={`${OPS_PATH}/*`}
          element={
            <Suspense fallback={<AppLoading />}>
              <OpsRoute shopDevice={state === 'retail'} />
            </Suspense>
          }
        />
        {/* Started as a shop device at rest: a flow screen before any customer goes to the retail start. */}
        <Route
          path="*"
          element={
            state === 'retail' ? (
              <RetailAtRest>
                <Shell />
              </RetailAtRest>
            ) : state === 'ops' ? (
              <StartAsVisitor />
            ) : (
              <Shell />
            )
          }
        />
      </Routes>
    </HashRouter>
  );
}
