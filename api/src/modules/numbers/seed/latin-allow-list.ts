/**
 * Latin words an Arabic text may keep (shared/README.md, i18n): units, codes and names that
 * Arabic UAE sites write in Latin letters too. Everything else Latin in the Arabic dictionary
 * or in an Arabic name is English left behind, and the dictionary tests fail on it.
 */
export const LATIN_ALLOW_LIST: ReadonlySet<string> = new Set([
  'AED', // the currency's code, as UAE prices are written in Arabic too
  'GB',
  'MB', // data units
  'SIM',
  'eSIM',
  'VIP',
  'QR', // QR code: no Arabic word in use
  'SM',
  'DP', // SM-DP+: the eSIM server's standard name (GSMA SGP.22), as phones' eSIM screens write it
  'CVV', // printed on the card as such
  'JPG',
  'PNG', // file formats the visitor picks by these names
  'Google', // the sign-in provider's name, as Google itself writes it in Arabic
  'LCP',
  'INP',
  'CLS', // the Web Vitals' names on the operations page, beside their Arabic names, as the measuring tools write them
]);
