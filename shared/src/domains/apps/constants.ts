/**
 * The apps domain's constants (SPEC 2 "A smart banner can show app store ratings"): the two stores
 * the operator's app is in, and where this device remembers that the visitor closed the banner.
 */
export const APP_STORES = ['ios', 'android'] as const;
export type AppStore = (typeof APP_STORES)[number];

/** localStorage key: the visitor closed the app banner on this device (it does not come back). */
export const APP_BANNER_DISMISSED_KEY = 'join.appBanner.dismissed.v1';
