import { ROUTES, stepForPath } from '@join/shared';
import { APP_BANNER_DISMISSED, deviceStorage } from './app-banner-state';

/* The app banner's rules that only its lazy chunk needs (where it shows, closing it for good). */

/**
 * Where the banner never shows: the payment step and its provider returns (nothing may distract
 * from paying, or sit over the card fields and the instalments' consent), the payment QR and the
 * contract request; and the camera screens of the identity check (the camera view needs the screen).
 */
const NO_BANNER: readonly string[] = [
  ROUTES.paymentQr,
  ROUTES.instalments,
  ROUTES.spotiiSuccess,
  ROUTES.spotiiFail,
  ROUTES.contractRequest,
  ROUTES.scanFace,
  ROUTES.scanDocument,
];

export function bannerAllowedOn(pathname: string): boolean {
  return stepForPath(pathname)?.name !== 'payment' && !NO_BANNER.includes(pathname);
}

export function writeDismissed(storage: Pick<Storage, 'setItem'> | null = deviceStorage()): void {
  try {
    storage?.setItem(APP_BANNER_DISMISSED, '1');
  } catch {
    // Storage refused (private mode): closed for this page only.
  }
}

