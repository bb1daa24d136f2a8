import { UAE_TIME_ZONE } from '@join/shared/delivery';
import { pageLocale as locale, type PageLanguage as Language } from '@join/shared/display';

/** An ISO instant's time of day in the UAE (Asia/Dubai), 24-hour, Latin digits as the rest of the page: "14:35". */
export function formatTime(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(locale(language), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: UAE_TIME_ZONE, numberingSystem: 'latn' }).format(
    new Date(iso),
  );
}

/** The UAE's calendar day of an instant, as YYYY-MM-DD. */
function uaeDay(d: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: UAE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

/**
 * When something happens next, said as people say it: "today at 08:00", "tomorrow at 08:00", or
 * "on Friday 28 November at 08:00", all in UAE time and the page's language.
 */
export function formatWhen(iso: string, language: Language, t: (key: string, params?: Record<string, string | number>) => string, now: Date = new Date()): string {
  const at = new Date(iso);
  const time = formatTime(iso, language);
  const day = uaeDay(at);
  if (day === uaeDay(now)) return t('delivery.when.today', { time });
  if (day === uaeDay(new Date(now.getTime() + 86_400_000))) return t('delivery.when.tomorrow', { time });
  const date = new Intl.DateTimeFormat(locale(language), { weekday: 'long', day: 'numeric', month: 'long', timeZone: UAE_TIME_ZONE, numberingSystem: 'latn' }).format(at);
  return t('delivery.when.day', { day: date, time });
}

/** The name of a weekday (0 = Sunday) in the page's language. */
export function weekdayName(day: number, language: Language): string {
  // 2026-11-22 is a Sunday.
  return new Intl.DateTimeFormat(locale(language), { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 10, 22 + day)));
}

/** Kilometres with one decimal below 10 km, whole above, Latin digits. */
export function formatKm(metres: number, language: Language): string {
  const km = metres / 1000;
  return new Intl.NumberFormat(locale(language), { maximumFractionDigits: km < 10 ? 1 : 0, numberingSystem: 'latn' }).format(km);
}
