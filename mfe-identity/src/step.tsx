import { lazy, Suspense } from 'react';
import { ROUTES, useT, type StepComponentProps } from '@join/shared';
import { LoginPage } from './pages/login-page';
import './identity.css';

// Reached only from the e-mail check (a terminated e-mail): not part of the first download.
const TerminatedPage = lazy(() => import('./pages/terminated-page').then((m) => ({ default: m.TerminatedPage })));

/**
 * The account step (remote join_identity, exposed as ./Step): /login and /login/terminated.
 * The host routes and guards them; this picks the page for the route it was given.
 */
export default function IdentityStep({ route }: StepComponentProps) {
  const t = useT();
  if (route === ROUTES.terminated) {
    return (
      <Suspense fallback={<p role="status">{t('LOADING_MESSAGE_ACCOUNT')}</p>}>
        <TerminatedPage />
      </Suspense>
    );
  }
  return <LoginPage />;
}
