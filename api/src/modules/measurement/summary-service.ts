import { STEP_NAMES } from '@join/shared/contract';
import { VITAL_METRICS, type OpsSummary, type OpsSummaryQuery } from '@join/shared/measurement-contract';
import type { MeasurementRepository } from './repository';

const stepOrder = new Map(STEP_NAMES.map((s, i) => [s, i]));
const metricOrder = new Map(VITAL_METRICS.map((m, i) => [m, i]));

/**
 * The operations summary of a day range (UTC, both days included): every step of the flow in flow
 * order with its visitors (0 where none came), the p75 of each metric per step (only where there
 * are samples), and the error pop-ups per code, most frequent first.
 */
export async function opsSummary(repos: MeasurementRepository, range: OpsSummaryQuery): Promise<OpsSummary> {
  const [funnel, vitals, errors] = await Promise.all([repos.funnel(range.from, range.to), repos.vitalPercentiles(range.from, range.to), repos.errorCounts(range.from, range.to)]);
  const visitors = new Map(funnel.map((f) => [f.step, f.visitors]));
  return {
    from: range.from,
    to: range.to,
    funnel: STEP_NAMES.map((step) => ({ step, visitors: visitors.get(step) ?? 0 })),
    vitals: vitals.filter((v) => stepOrder.has(v.step)).sort((a, b) => (stepOrder.get(a.step) ?? 0) - (stepOrder.get(b.step) ?? 0) || (metricOrder.get(a.metric) ?? 0) - (metricOrder.get(b.metric) ?? 0)),
    errors,
  };
}
