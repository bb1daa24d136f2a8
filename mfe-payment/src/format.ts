import { pageLocale, type PageLanguage as Language } from '@join/shared/display';

/** A YYYY-MM-DD day as the page's language writes it, Latin digits in Arabic too (as the rest of the page). */
export function formatDay(day: string, language: Language): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(pageLocale(language), { dateStyle: 'long', numberingSystem: 'latn', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** An ISO timestamp's date and time in the page's language. */
export function formatMoment(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(pageLocale(language), { dateStyle: 'long', timeStyle: 'short', numberingSystem: 'latn' }).format(
    new Date(iso),
  );
}
