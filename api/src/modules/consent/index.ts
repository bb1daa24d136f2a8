/** The consent module's public entry (issue 28; SPEC 7 GET and POST /consent.json): its routes and types, and whether a visitor may be measured. */
export { consentRoutes } from './consent-routes';
export { analyticsConsented } from './analytics-consent';
export type * from './repository';
export type { ConsentDeps } from './deps';
