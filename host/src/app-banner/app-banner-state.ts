import { ROUTES, stepForPath } from '@join/shared';

/**
 * The app banner's rules that the first download carries (SPEC 2's smart banner; issue 28): none of
 * the apps domain (its texts, schemas and call are the lazy banner's). The key is the domain's
 * APP_BANNER_DISMISSED_KEY (checked equal in the banner's test).
 */
export const APP_BANNER_DISMISSED = 'join.appBanner.dismissed.v1';

/**
 * A phone: a narrow screen (below the stepper's 768 px breakpoint) whose main pointer is a finger.
 * A narrow window on a desktop is no phone (an app store link is no use there), nor is a wide
 * tablet or a touch laptop (the banner would sit over a layout that has room for the summary).
 */
export const PHONE_QUERY = '(max-width: 767.98px) and (pointer: coarse)';

export function isPhone(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;
}

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

/** Whether the visitor closed the banner on this device (storage refused: as not closed, for this page only). */
export function readDismissed(storage: Pick<Storage, 'getItem'> | null = deviceStorage()): boolean {
  try {
    return storage?.getItem(APP_BANNER_DISMISSED) === '1';
  } catch {
    return false;
  }
}

export function writeDismissed(storage: Pick<Storage, 'setItem'> | null = deviceStorage()): void {
  try {
    storage?.setItem(APP_BANNER_DISMISSED, '1');
  } catch {
    // Storage refused (private mode): closed for this page only.
  }
}

const deviceStorage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);
