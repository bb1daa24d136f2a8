import type { OpeningPeriod } from '@join/shared/delivery';
import { UAE_TIME_ZONE } from '@join/shared/delivery';

/** Today's weekday in the UAE (0 = Sunday), whatever the device's time zone. */
export function uaeWeekday(now: Date = new Date()): number {
  const name = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: UAE_TIME_ZONE }).format(now);
  return ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(name);
}

/** A day's periods as text: "09:00–22:00, 16:00–23:00" (hours as the store publishes them, UAE time); null when closed all day. */
export function periodsOf(hours: readonly OpeningPeriod[], day: number): string | null {
  const periods = hours.filter((p) => p.day === day).sort((a, b) => a.opens.localeCompare(b.opens));
  return periods.length === 0 ? null : periods.map((p) => `${p.opens}–${p.closes}`).join(', ');
}

/** The week from today: [day, periods-or-null] for seven days. */
export function weekFrom(hours: readonly OpeningPeriod[], today: number): Array<[number, string | null]> {
  return Array.from({ length: 7 }, (_, i) => {
    const day = (today + i) % 7;
    return [day, periodsOf(hours, day)];
  });
}
