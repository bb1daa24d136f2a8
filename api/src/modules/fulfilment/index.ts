/**
 * The fulfilment module's public entry (delivery, store pickup, eSIM, the map): its routes and
 * its providers' setup and types.
 */
export { deliveryGeoRoutes, orderRoutes } from './delivery-routes';
export { geoRoutes, mapFileRoutes } from './geo-routes';
export { courierProviderFrom } from './courier-setup';
export { esimProviderFrom } from './esim-setup';
export type { CourierProvider, EsimProvider } from './providers';
export type * from './repository';
export type { FulfilmentDeps } from './deps';
export { FULFILMENT_ERROR_STATUSES } from './errors';
