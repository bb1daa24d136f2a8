import { lazy, Suspense, type ReactNode } from 'react';
import { ROUTES, type StepComponentProps } from '@join/shared';
import { useT } from '@join/shared/react';
import { NumberHome } from './pages/number-home';
import { ConfirmationPage } from './pages/confirmation-page';
import './number.css';

// The pages with forms load when opened: they carry react-hook-form, which the first screen
// (the random offer) does not need, so the first download stays inside its budget.
const SearchPage = lazy(() => import('./pages/search-page').then((m) => ({ default: m.SearchPage })));
const TransferPage = lazy(() => import('./pages/transfer-page').then((m) => ({ default: m.TransferPage })));
const TransferTermsPage = lazy(() => import('./pages/transfer-terms-page').then((m) => ({ default: m.TransferTermsPage })));

function Later({ children }: { children: ReactNode }) {
  const t = useT();
  return <Suspense fallback={<p role="status">{t('LOADING_MESSAGE_NUMBER')}</p>}>{children}</Suspense>;
}

/**
 * The number step (remote join_number, exposed as ./Step). The host routes /number and its
 * sub-routes here and guards them; this picks the page for the route it was given.
 */
export default function NumberStep({ route }: StepComponentProps) {
  switch (route) {
    case ROUTES.numberSearch:
      return (
        <Later>
          <SearchPage />
        </Later>
      );
    case ROUTES.numberConfirmation:
      return <ConfirmationPage />;
    case ROUTES.numberTransfer:
      return (
        <Later>
          <TransferPage />
        </Later>
      );
    case ROUTES.numberTransferTerms:
      return (
        <Later>
          <TransferTermsPage />
        </Later>
      );
    default:
      return <NumberHome />;
  }
}
