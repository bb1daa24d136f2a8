import { lazy, Suspense } from 'react';
import { ROUTES, type StepComponentProps } from '@join/shared';
import { useT } from '@join/shared/react';
import { LoginPage } from './pages/login-page';
import { checkRouteFor, type CheckRoute } from './verification/paths';
import './identity.css';

// Reached only from the e-mail check (a terminated e-mail): not part of the first download.
const TerminatedPage = lazy(() => import('./pages/terminated-page').then((m) => ({ default: m.TerminatedPage })));
// The step after the login: its own chunk, with the identity contract's location call.
const LocationPage = lazy(() => import('./pages/location-page').then((m) => ({ default: m.LocationPage })));
// The identity check's screens: each its own chunk, loaded on its route (the face scan's model
// only on the face route, from inside the face page).
const CheckScreen = lazy(() => import('./check-screen').then((m) => ({ default: m.CheckScreen })));

/**
 * The identity module's steps (remote join_identity, exposed as ./Step): the account step
 * (/login, /login/terminated), the location check (/location_check), the activation method
 * (/activation_method and its scan and upload sub-routes) and the id check (/id_check and its
 * sub-paths). The host routes and guards them; this picks the page for the route it was given.
 */
export default function IdentityStep({ route }: StepComponentProps) {
  const t = useT();
  const check: CheckRoute | null = checkRouteFor(route);
  if (check) {
    return (
      <Suspense fallback={<p role="status">{t(check.path === 'non_resident' ? 'LOADING_MESSAGE_ID_CHECK' : 'LOADING_MESSAGE_ACTIVATION_METHOD')}</p>}>
        <CheckScreen route={route} check={check} />
      </Suspense>
    );
  }
  if (route === ROUTES.locationCheck) {
    return (
      <Suspense fallback={<p role="status">{t('LOADING_MESSAGE_APP')}</p>}>
        <LocationPage />
      </Suspense>
    );
  }
  if (route === ROUTES.terminated) {
    return (
      <Suspense fallback={<p role="status">{t('LOADING_MESSAGE_ACCOUNT')}</p>}>
        <TerminatedPage />
      </Suspense>
    );
  }
  return <LoginPage />;
}
