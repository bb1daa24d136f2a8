import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { bizConfigAtom } from '@join/shared';
import { RETAIL_ROUTES } from '@join/shared/retail';
import { RetailOff } from './retail-page';
import { StartScreen } from './start-screen';
import { EnrolScreen } from './enrol-screen';
import { SignInScreen } from './sign-in-screen';
import './retail.css';

/** The manager's page: a chunk of its own (a shop device's staff never open it). */
const ManagerScreen = lazy(() => import(/* webpackChunkName: "retail-manager" */ './manager-screen'));

/** A retail route below /retail, as the nested routes see it. */
const below = (route: string) => route.slice(RETAIL_ROUTES.start.length + 1);

/**
 * The retail screens (outside the purchase flow, its own chunk, host/src/app.tsx): the start
 * screen, the enrolment, the staff sign-in and the manager's page. With the business config's
 * retail_flow off (SPEC 9), each says retail is switched off and calls nothing.
 */
export default function RetailScreens() {
  const config = useAtomValue(bizConfigAtom);
  if (config.status !== 'ready' || !config.config.retail_flow) return <RetailOff />;
  return (
    <div className="retail">
      <Routes>
        <Route index element={<StartScreen />} />
        <Route path={below(RETAIL_ROUTES.enrol)} element={<EnrolScreen />} />
        <Route path={below(RETAIL_ROUTES.signIn)} element={<SignInScreen />} />
        <Route
          path={below(RETAIL_ROUTES.manager)}
          element={
            <Suspense fallback={null}>
              <ManagerScreen />
            </Suspense>
          }
        />
        <Route path="*" element={<Navigate to={RETAIL_ROUTES.start} replace />} />
      </Routes>
    </div>
  );
}
