import { FILS_PER_AED, formatAed } from '@join/shared';

type Language = 'en' | 'ar';

/** Fils (the payment contract's integers) as the page writes AED. */
export const aedOfFils = (fils: number, language: Language): string => formatAed(fils / FILS_PER_AED, language);

/** A YYYY-MM-DD day as the page's language writes it, Latin digits in Arabic too (as the rest of the page). */
export function formatDay(day: string, language: Language): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-AE' : 'en-GB', { dateStyle: 'long', numberingSystem: 'latn', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** An ISO timestamp's date and time in the page's language. */
export function formatMoment(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-AE' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', numberingSystem: 'latn' }).format(
    new Date(iso),
  );
}
