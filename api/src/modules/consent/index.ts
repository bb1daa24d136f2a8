/** The consent module's public entry (issue 28; SPEC 7 GET and POST /consent.json): its routes and types. */
export { consentRoutes } from './consent-routes';
export type * from './repository';
export type { ConsentDeps } from './deps';
