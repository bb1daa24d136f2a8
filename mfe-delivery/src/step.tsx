import { lazy, Suspense, type ReactNode } from 'react';
import { ROUTES, type StepComponentProps } from '@join/shared';
import { Loading } from './components/loading';
import { DETAILS_ROUTE } from './navigation';
import './delivery.css';

// Every screen is its own chunk, loaded on its route: the first download is this switch. The map
// library (maplibre-gl) and the QR library (uqr) load with the screens that show them.
const named = <K extends string>(load: () => Promise<Record<K, () => ReactNode>>, name: K) => lazy(() => load().then((m) => ({ default: m[name] })));
const MapPage = named(() => import('./pages/map-page'), 'MapPage');
const DetailsPage = named(() => import('./pages/details-page'), 'DetailsPage');
const StorePage = named(() => import('./pages/store-page'), 'StorePage');
const ClosedPage = named(() => import('./pages/closed-page'), 'ClosedPage');
const ThankYouPage = named(() => import('./pages/thank-you-page'), 'ThankYouPage');

/** The page for a route of the delivery step (the host routes and guards; the query is not part of `route`). */
function screenFor(route: string) {
  const path = route.split('?')[0]!.replace(/\/+$/, '');
  switch (path) {
    case ROUTES.thankYou:
      return <ThankYouPage />;
    case ROUTES.deliveryClosed:
      return <ClosedPage />;
    case ROUTES.storePickup:
      return <StorePage />;
    case DETAILS_ROUTE:
      return <DetailsPage />;
    default:
      // /submit_delivery and any other sub-path of it: the map.
      return <MapPage />;
  }
}

/**
 * The delivery module's step (remote join_delivery, exposed as ./Step): /submit_delivery and its
 * sub-steps (details, store), /delivery-closed and /thank-you. See README.md for the screens.
 */
export default function DeliveryStep({ route }: StepComponentProps) {
  return <Suspense fallback={<Loading />}>{screenFor(route)}</Suspense>;
}
