import type { StepName } from '@join/shared/contract';
import type { VitalMetric } from '@join/shared/measurement-contract';

/** A UTC day, YYYY-MM-DD (the collector's only time). */
export type IsoDay = string;

/** What one accepted batch stores: the day, the visitor's key for that day, and its entries reduced to what the summary needs. */
export interface MeasurementBatch {
  day: IsoDay;
  /** 16 bytes: the visitor's key for the day (visitor-keys.ts), never their device id. */
  visitor: Buffer;
  steps: readonly StepName[];
  vitals: ReadonlyArray<{ step: StepName; metric: VitalMetric; value: number }>;
  /** Catalogue codes of the error pop-ups shown, one per pop-up. */
  errors: readonly string[];
}

export interface FunnelCount {
  step: StepName;
  visitors: number;
}
export interface VitalPercentile {
  step: StepName;
  metric: VitalMetric;
  p75: number;
  samples: number;
}
export interface ErrorCount {
  code: string;
  count: number;
}

/**
 * The collector's records (issue 28): steps reached per visitor-day, vital samples, error pop-up
 * counts, by UTC day. Nothing in them names a visitor; the retention sweep drops whole days.
 */
export interface MeasurementRepository {
  /** Stores one batch in one transaction (a step already counted for that visitor and day is not counted again). */
  recordMeasurements(batch: MeasurementBatch): Promise<void>;
  /** Visitors per step over the days from..to (both included): a visitor counts once per step and day. Steps with none are absent. */
  funnel(from: IsoDay, to: IsoDay): Promise<FunnelCount[]>;
  /** The 75th percentile (nearest rank) of each metric per step over the days from..to, with its sample count. */
  vitalPercentiles(from: IsoDay, to: IsoDay): Promise<VitalPercentile[]>;
  /** Error pop-ups per code over the days from..to, most frequent first (then by code). */
  errorCounts(from: IsoDay, to: IsoDay): Promise<ErrorCount[]>;
  /** The retention sweep: deletes every record of the days before `firstKeptDay`; answers how many rows went. */
  pruneMeasurements(firstKeptDay: IsoDay): Promise<number>;
}
