/**
 * English texts served by GET /translations for container `web`. The client bundles its own
 * English too, so these override it; new keys go here and in translations-ar.ts.
 */
export const TRANSLATIONS_EN = {
  'app.title': 'Tourist SIM',
  STEP_TITLE_PLAN: 'Choose your plan',
  STEP_TITLE_NUMBER: 'Choose your number',
  STEP_TITLE_ACCOUNT: 'Log in or create an account',
  LOADING_MESSAGE_PLAN: 'Loading plans…',
  LOADING_MESSAGE_NUMBER: 'Finding a number for you…',
  LOADING_MESSAGE_ACCOUNT: 'Loading your account…',
  'footer.help': 'Help',
  'footer.legal': 'Terms and privacy',
  'footer.logout': 'Log out',
  'plan.select': 'Choose this plan',
  'number.accept': 'Take this number',
  'number.another': 'Show another number',
  'number.cancel': 'Release this number',
} as const satisfies Record<string, string>;

export type TranslationKey = keyof typeof TRANSLATIONS_EN;
