import { z } from 'zod';
import { i18n } from '@join/shared';
import { OPS_MAX_RANGE_DAYS, type OpsSummaryQuery } from '@join/shared/measurement';

const DAY_MS = 86_400_000;

/** A UTC day as YYYY-MM-DD (the collector counts days in UTC). */
export function utcDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The default range: the last 7 days, today (UTC) included. */
export function lastDays(days = 7, now: Date = new Date()): OpsSummaryQuery {
  return { from: utcDay(new Date(now.getTime() - (days - 1) * DAY_MS)), to: utcDay(now) };
}

/** Days in a range, both ends included. */
export const daysIn = (r: OpsSummaryQuery): number => Math.round((Date.parse(r.to) - Date.parse(r.from)) / DAY_MS) + 1;

/** A message in the page's language when the check runs. */
const say = (key: string, params?: Record<string, string | number>) => ({ error: () => i18n.t(key, params) });
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, say('ops.range.invalid')).refine((d) => !Number.isNaN(Date.parse(d)), say('ops.range.invalid'));

/**
 * The range form's rules, with the page's messages: the contract's (OpsSummaryQuery: the end not
 * before the start, at most OPS_MAX_RANGE_DAYS days), checked before anything is asked.
 */
export const RangeForm = z
  .object({ from: Day, to: Day })
  .refine((r) => r.from <= r.to, { path: ['to'], ...say('ops.range.order') })
  .refine((r) => daysIn(r) <= OPS_MAX_RANGE_DAYS, { path: ['from'], ...say('ops.range.tooLong', { count: OPS_MAX_RANGE_DAYS }) });
