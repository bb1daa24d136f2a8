/**
 * The app banner's bundled English (SPEC 2's smart banner): only the host's app-banner chunk loads
 * it. The store names come from GET /cms/rating_list in the page's language. Arabic comes from the
 * API like every text (texts.ar.ts beside this file).
 */
export const APPS_TEXTS = {
  /** The banner's landmark name. */
  'apps.label': 'Our app',
  'apps.title': 'Tourist SIM in your pocket',
  'apps.text': 'Top up, check your balance and manage your SIM from the app.',
  /** What a screen reader hears for the stars (the stars themselves are hidden from it). */
  'apps.rating.one': '{{rating}} out of 5, {{value}} rating',
  'apps.rating.other': '{{rating}} out of 5, {{value}} ratings',
  /** The link to a store's listing. */
  'apps.get': 'Get it on {{store}}',
  /** The close button's name (it shows an ×). */
  'apps.dismiss': 'Close the app banner',
} as const;
