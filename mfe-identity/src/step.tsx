import { lazy, Suspense } from 'react';
import { ROUTES, useT, type StepComponentProps } from '@join/shared';
import { LoginPage } from './pages/login-page';
import './identity.css';

// Reached only from the e-mail check (a terminated e-mail): not part of the first download.
const TerminatedPage = lazy(() => import('./pages/terminated-page').then((m) => ({ default: m.TerminatedPage })));
// The step after the login: its own chunk, with the identity contract's location call.
const LocationPage = lazy(() => import('./pages/location-page').then((m) => ({ default: m.LocationPage })));

/**
 * The identity module's steps (remote join_identity, exposed as ./Step): the account step
 * (/login, /login/terminated) and the location check (/location_check). The host routes and
 * guards them; this picks the page for the route it was given.
 */
export default function IdentityStep({ route }: StepComponentProps) {
  const t = useT();
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
