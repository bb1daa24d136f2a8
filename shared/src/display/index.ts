/**
 * @join/shared/display: small display pieces several step remotes use (a sentence with values
 * isolated left to right, a data load that failed with its retry). Bundled by the remotes that use
 * them, not part of the kernel singleton; they reach the kernel only through `@join/shared`.
 * The QR code is its own entry (`@join/shared/qr`), so its library loads only with its screen.
 */
export { WithValue, withValueClass, type WithValueProps } from './with-value';
export { StepLoading, type LoadingShape } from './step-loading';
export { TrustLine } from './trust-line';
export { LoadFailed } from './load-failed';
export { aedOfFils, pageLocale, type PageLanguage } from './format';
export { goFrom, hashParam } from './step-navigation';
export { ADDRESS_POSITION, canLocate, COUNTRY_POSITION, currentPosition, PositionError, type PositionFailure } from './geolocation';
