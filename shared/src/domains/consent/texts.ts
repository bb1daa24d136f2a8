/**
 * The consent choice's bundled English (the panel, its buttons, the footer's way back to it): only
 * the host's consent chunk loads it. The legal texts themselves (each purpose's title and line)
 * come from GET /consent.json with their version. Arabic comes from the API like every text
 * (texts.ar.ts beside this file).
 */
export const CONSENT_TEXTS = {
  'consent.label': 'Your privacy choices',
  /** The banner's one line (the legal texts' own summary is in the dialog): kept short, so the banner is never the largest thing painted on the first screen (its LCP). */
  'consent.short': 'Only what your purchase needs, unless you choose more.',
  'consent.necessaryOnly': 'Necessary only',
  'consent.acceptAll': 'Accept all',
  'consent.choose': 'Choose',
  'consent.save': 'Save my choices',
  'consent.close': 'Close',
  'consent.alwaysOn': 'Always on',
  /** The legal texts' name and version, above them in the dialog. */
  'consent.version': '{{title}}, version {{version}}',
  'consent.saved': 'Your choices are saved. You can change them at any time from the page footer.',
  'consent.failed': 'We could not save your choices. Nothing is measured until they are saved; please try again.',
} as const;
