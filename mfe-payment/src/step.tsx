import { lazy, Suspense, type ReactNode } from 'react';
import { ROUTES, type StepComponentProps } from '@join/shared';
import { Loading } from './components/loading';
import './payment.css';

// Every screen is its own chunk, loaded on its route: the first download is this switch.
const named = <K extends string>(load: () => Promise<Record<K, () => ReactNode>>, name: K) => lazy(() => load().then((m) => ({ default: m[name] })));
const PaymentPage = named(() => import('./pages/payment-page'), 'PaymentPage');
const CardReturnPage = named(() => import('./pages/card-return-page'), 'CardReturnPage');
const InstallmentsPage = named(() => import('./pages/installments-page'), 'InstallmentsPage');
const BnplReturnPage = named(() => import('./pages/bnpl-return-page'), 'BnplReturnPage');
const ConfirmationPage = named(() => import('./pages/confirmation-page'), 'ConfirmationPage');
// The QR library comes with its page only.
const QrPage = named(() => import('./pages/qr-page'), 'QrPage');
const ContractPage = named(() => import('./pages/contract-page'), 'ContractPage');

/** The page for a route of the payment step (the host routes and guards; the query is not part of `route`). */
function screenFor(route: string) {
  const path = route.split('?')[0];
  switch (path) {
    case ROUTES.paymentConfirmation:
      return <ConfirmationPage />;
    case ROUTES.payfortToken:
      return <CardReturnPage />;
    case ROUTES.paymentInstallments:
    case ROUTES.instalments:
      return <InstallmentsPage />;
    case ROUTES.spotiiSuccess:
    case ROUTES.spotiiFail:
      return <BnplReturnPage />;
    case ROUTES.paymentQr:
      return <QrPage />;
    case ROUTES.contractRequest:
      return <ContractPage />;
    default:
      return <PaymentPage />;
  }
}

/**
 * The payment module's step (remote join_payment, exposed as ./Step): /payment and its
 * sub-routes, /payment-qr, /instalments, and the exception routes /spotii-success,
 * /spotii-fail and /contract-request. See README.md for the screens.
 */
export default function PaymentStep({ route }: StepComponentProps) {
  return <Suspense fallback={<Loading />}>{screenFor(route)}</Suspense>;
}
