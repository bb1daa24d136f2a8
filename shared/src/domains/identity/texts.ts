/**
 * Bundled English of the identity step's location check (/location_check): the fallback when
 * GET /translations lacks a key. It ships with the identity remote; the API serves these keys
 * too (through @join/shared/contract). Arabic: api/src/seed/translations-ar.ts.
 */
export const IDENTITY_TEXTS = {
  'identity.location.why': 'A SIM or eSIM can only be activated while you are in the United Arab Emirates. We ask your browser for your position to check that.',
  'identity.location.privacy': 'We use your position once, for this check only, and keep just the answer: inside or outside the UAE.',
  'identity.location.share': 'Share my location',
  'identity.location.checking': 'Checking your location…',
  'identity.location.inside': 'You are in the UAE. On to the next step.',
  'identity.location.tryAgain': 'Try again',
  'identity.location.outside.title': 'You seem to be outside the UAE',
  'identity.location.outside.text':
    'Activation is only possible inside the UAE. You can come back to this page when you arrive, and check again.',
  'identity.location.denied.title': 'Your browser did not share your location',
  'identity.location.denied.text':
    'To allow it, open the site settings (the icon beside the address bar), set Location to Allow for this site, then try again. On a phone, location services must be on for the browser too.',
  'identity.location.unavailable.title': 'Your position could not be found',
  'identity.location.unavailable.text':
    'Your device could not tell where it is just now. Turn on location services, or move to a place with better signal, then try again.',
  'identity.location.timeout.title': 'Finding your position took too long',
  'identity.location.timeout.text': 'Please try again. Turning on Wi-Fi can help your device find its position faster.',
  'identity.location.unsupported.title': 'This browser cannot share a location',
  'identity.location.unsupported.text':
    'Open this page in an up-to-date browser, such as Chrome, Safari, Firefox or Edge, with location allowed.',
} as const;
