/**
 * What the first download carries of the app banner (SPEC 2's smart banner; issue 28): none of
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

/** Whether the visitor closed the banner on this device (storage refused: as not closed, for this page only). */
export function readDismissed(storage: Pick<Storage, 'getItem'> | null = deviceStorage()): boolean {
  try {
    return storage?.getItem(APP_BANNER_DISMISSED) === '1';
  } catch {
    return false;
  }
}

export const deviceStorage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);
