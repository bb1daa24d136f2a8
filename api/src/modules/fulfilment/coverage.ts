import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import type { OpeningPeriod } from '@join/shared/contract';

/**
 * The delivery rules as pure functions (api/README.md "Delivery"): whether a point lies
 * in a zone, whether weekly opening hours are open at a moment, when they next open or change,
 * and how far a store is. Opening hours are local UAE time (Asia/Dubai): UTC+4 all year, the UAE
 * has no daylight saving time, so a fixed offset is exact and needs no time-zone database.
 *
 * Weekly hours are periods {day 0 = Sunday … 6 = Saturday, opens "HH:MM", closes "HH:MM" or
 * "24:00"}. A period is [opens, closes): open at its opening minute, closed at its closing one.
 * A period crossing midnight is written as two (Saturday 16:00-24:00 and Sunday 00:00-02:00);
 * touching or overlapping periods merge, across midnight and across the week's end, so a zone
 * open every day 00:00-24:00 is open all the time and never "changes".
 */

/** Asia/Dubai is UTC+4 with no daylight saving time. */
export const UAE_UTC_OFFSET_MINUTES = 240;
const MINUTES_PER_DAY = 24 * 60;
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;
const MS_PER_MINUTE = 60_000;

/** [lng, lat] as GeoJSON writes it. */
export type Position = readonly [number, number];
/** A GeoJSON Polygon's coordinates: the outer ring first, then holes. */
export type PolygonRings = readonly (readonly Position[])[];

/**
 * Whether the point lies in the polygon. A point on the border counts as inside (a courier can
 * reach the edge of the area), a point in a hole does not.
 */
export function pointInPolygon(point: { lat: number; lng: number }, rings: PolygonRings): boolean {
  if (rings.length === 0 || (rings[0]?.length ?? 0) < 4) return false;
  return booleanPointInPolygon([point.lng, point.lat], { type: 'Polygon', coordinates: rings.map((r) => r.map(([x, y]) => [x, y])) }, { ignoreBoundary: false });
}

const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Minutes since Sunday 00:00 local UAE time, and the start of that local week in UTC ms. */
function weekPosition(nowMs: number): { minute: number; weekStartMs: number } {
  const localMs = nowMs + UAE_UTC_OFFSET_MINUTES * MS_PER_MINUTE;
  const localMinute = Math.floor(localMs / MS_PER_MINUTE);
  // 1970-01-01 was a Thursday (day 4): shift so that day 0 is a Sunday.
  const sinceSunday = (((localMinute + 4 * MINUTES_PER_DAY) % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
  const weekStartLocalMinute = localMinute - sinceSunday;
  return { minute: sinceSunday, weekStartMs: (weekStartLocalMinute - UAE_UTC_OFFSET_MINUTES) * MS_PER_MINUTE };
}

/**
 * The periods as merged [start, end) intervals in minutes of the week; an interval may run past
 * the week's end (end > 10080) when Saturday night joins Sunday morning. Empty periods
 * (closes <= opens) are ignored.
 */
export function weeklyIntervals(hours: readonly OpeningPeriod[]): [number, number][] {
  const raw = hours
    .map((p): [number, number] => [p.day * MINUTES_PER_DAY + minutesOf(p.opens), p.day * MINUTES_PER_DAY + minutesOf(p.closes)])
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [s, e] of raw) {
    const last = merged.at(-1);
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  // Across the week's end: Saturday's last interval ending at 24:00 joins Sunday's first from 00:00.
  const first = merged[0];
  const last = merged.at(-1);
  if (first && last && merged.length > 1 && first[0] === 0 && last[1] >= MINUTES_PER_WEEK) {
    last[1] = Math.max(last[1], MINUTES_PER_WEEK + first[1]);
    merged.shift();
  }
  return merged;
}

/** Open all week round: nothing ever changes. */
function alwaysOpen(intervals: readonly [number, number][]): boolean {
  const only = intervals[0];
  return intervals.length === 1 && only !== undefined && only[1] - only[0] >= MINUTES_PER_WEEK;
}

/** Whether the weekly hours are open at `nowMs`. */
export function isOpenAt(hours: readonly OpeningPeriod[], nowMs: number): boolean {
  const intervals = weeklyIntervals(hours);
  if (alwaysOpen(intervals)) return true;
  const { minute } = weekPosition(nowMs);
  // An interval running past the week's end also covers the start of the week.
  return intervals.some(([s, e]) => (minute >= s && minute < e) || (e > MINUTES_PER_WEEK && minute < e - MINUTES_PER_WEEK));
}

/** The next moment (UTC ms, strictly after nowMs unless it is now) at which an interval starts or ends. */
function nextBoundary(intervals: readonly [number, number][], nowMs: number, which: 'start' | 'end'): number | null {
  if (intervals.length === 0 || alwaysOpen(intervals)) return null;
  const { minute, weekStartMs } = weekPosition(nowMs);
  const points = intervals.map(([s, e]) => (which === 'start' ? s : e % MINUTES_PER_WEEK));
  let best: number | null = null;
  for (const p of points) {
    // This week's occurrence if still ahead, else next week's.
    const offset = p > minute ? p : p + MINUTES_PER_WEEK;
    if (best === null || offset < best) best = offset;
  }
  return best === null ? null : weekStartMs + best * MS_PER_MINUTE;
}

/** When the hours next open (UTC ms): null when open now, or when they never open. */
export function nextOpening(hours: readonly OpeningPeriod[], nowMs: number): number | null {
  if (isOpenAt(hours, nowMs)) return null;
  return nextBoundary(weeklyIntervals(hours), nowMs, 'start');
}

/** When the hours next close (UTC ms): null when closed now, or open all the time. */
export function nextClosing(hours: readonly OpeningPeriod[], nowMs: number): number | null {
  if (!isOpenAt(hours, nowMs)) return null;
  return nextBoundary(weeklyIntervals(hours), nowMs, 'end');
}

/** The next change: the closing when open, the opening when closed; null when it never changes. */
export function nextChange(hours: readonly OpeningPeriod[], nowMs: number): number | null {
  return isOpenAt(hours, nowMs) ? nextClosing(hours, nowMs) : nextOpening(hours, nowMs);
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine on the mean Earth radius). */
export function distanceMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The hours of every day of the week, the same: 7 periods. closes "24:00" for open until midnight. */
export function everyDay(opens: string, closes: string): OpeningPeriod[] {
  return [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens, closes }));
}

export type ZoneCoverage<Z> = { status: 'open'; zone: Z } | { status: 'closed'; zone: Z; nextOpeningMs: number | null } | { status: 'unsupported' };

/**
 * The coverage of a point: the first zone containing it that is open now; else the containing
 * zone that opens soonest (closed); else unsupported. Zones may overlap at their borders.
 */
export function coverageAt<Z extends { polygon: PolygonRings; hours: readonly OpeningPeriod[] }>(
  zones: readonly Z[],
  point: { lat: number; lng: number },
  nowMs: number,
): ZoneCoverage<Z> {
  const containing = zones.filter((z) => pointInPolygon(point, z.polygon));
  const open = containing.find((z) => isOpenAt(z.hours, nowMs));
  if (open) return { status: 'open', zone: open };
  let best: { zone: Z; nextOpeningMs: number | null } | null = null;
  for (const zone of containing) {
    const next = nextOpening(zone.hours, nowMs);
    if (!best || (next !== null && (best.nextOpeningMs === null || next < best.nextOpeningMs))) best = { zone, nextOpeningMs: next };
  }
  return best ? { status: 'closed', ...best } : { status: 'unsupported' };
}
