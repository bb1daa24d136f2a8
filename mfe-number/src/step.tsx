import { ROUTES, type StepComponentProps } from '@join/shared';
import { NumberHome } from './pages/number-home';
import { SearchPage } from './pages/search-page';
import { ConfirmationPage } from './pages/confirmation-page';
import { TransferPage } from './pages/transfer-page';
import { TransferTermsPage } from './pages/transfer-terms-page';
import './number.css';

/**
 * The number step (remote join_number, exposed as ./Step). The host routes /number and its
 * sub-routes here and guards them; this picks the page for the route it was given.
 */
export default function NumberStep({ route }: StepComponentProps) {
  switch (route) {
    case ROUTES.numberSearch:
      return <SearchPage />;
    case ROUTES.numberConfirmation:
      return <ConfirmationPage />;
    case ROUTES.numberTransfer:
      return <TransferPage />;
    case ROUTES.numberTransferTerms:
      return <TransferTermsPage />;
    default:
      return <NumberHome />;
  }
}
