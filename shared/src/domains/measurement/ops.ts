import { z } from 'zod';
import { STEP_NAMES, type StepName } from '@join/shared';

/** The flow's steps, in flow order (the kernel's list). */
const Step = z.enum(STEP_NAMES as [StepName, ...StepName[]]);

/** The measured Web Vitals (web-vitals 6): the three Core Web Vitals the operations page charts. */
export const VITAL_METRICS = ['LCP', 'INP', 'CLS'] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

/** The longest day range the operations page asks for (the collector keeps no more: its retention). */
export const OPS_MAX_RANGE_DAYS = 90;

const IsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day as YYYY-MM-DD');

/** GET /ops/summary.json's query: a day range in UTC, both days included. */
export const OpsSummaryQuery = z
  .object({ from: IsoDay, to: IsoDay })
  .strict()
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'The range ends before it starts' })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < OPS_MAX_RANGE_DAYS, {
    path: ['from'],
    message: `At most ${OPS_MAX_RANGE_DAYS} days`,
  });
export type OpsSummaryQuery = z.infer<typeof OpsSummaryQuery>;

const Count = z.number().int().nonnegative();

/** Visitors (distinct devices) who reached a step in the range; every step appears, in flow order. */
export const OpsFunnelRow = z.object({ step: Step, visitors: Count });
/** The 75th percentile of a metric on a step (ms for LCP and INP, unitless for CLS); steps without samples are left out. */
export const OpsVitalRow = z.object({ step: Step, metric: z.enum(VITAL_METRICS), p75: z.number().nonnegative(), samples: Count });
/** Error pop-ups shown, per error code (the catalogue's code as text), most frequent first. */
export const OpsErrorRow = z.object({ code: z.string().min(1).max(32), count: Count });

/** What the operations page draws. */
export const OpsSummary = z.object({
  from: IsoDay,
  to: IsoDay,
  funnel: z.array(OpsFunnelRow),
  vitals: z.array(OpsVitalRow),
  errors: z.array(OpsErrorRow),
});
export type OpsSummary = z.infer<typeof OpsSummary>;
