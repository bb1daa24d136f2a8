/**
 * @join/shared/display: small display pieces several step remotes use (a sentence with values
 * isolated left to right, a data load that failed with its retry). Bundled by the remotes that use
 * them, not part of the kernel singleton; they reach the kernel only through `@join/shared`.
 * The QR code is its own entry (`@join/shared/qr`), so its library loads only with its screen.
 */
export { WithValue } from './with-value';
export { LoadFailed } from './load-failed';
