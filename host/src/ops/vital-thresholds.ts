import type { VitalMetric } from '@join/shared/measurement';

/**
 * The Web Vitals' limits (web.dev; web-vitals 6's LCPThresholds, INPThresholds, CLSThresholds):
 * good up to the first, needs improvement up to the second, poor above. LCP and INP in ms.
 */
export const VITAL_THRESHOLDS: Readonly<Record<VitalMetric, readonly [good: number, poor: number]>> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
};

export type VitalRating = 'good' | 'needsImprovement' | 'poor';

export function vitalRating(metric: VitalMetric, p75: number): VitalRating {
  const [good, poor] = VITAL_THRESHOLDS[metric];
  return p75 <= good ? 'good' : p75 <= poor ? 'needsImprovement' : 'poor';
}
