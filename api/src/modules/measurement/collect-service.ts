import { ERROR_CATALOGUE, KNOWN_SERVER_CODES, type StepName } from '@join/shared/contract';
import type { BeaconBatch, VitalMetric } from '@join/shared/measurement-contract';
import { badRequest } from '../../platform/refusals';
import type { MeasurementDeps } from './deps';
import { isoDay } from './visitor-keys';

/** Who sent a batch: the session's user and device, and the session (by its token's hash). */
export interface BeaconSender {
  uid: string;
  deviceId: string;
  tokenHash: string;
}

const SERVER_CODES = new Set(KNOWN_SERVER_CODES.map(String));
const knownCode = (code: string) => SERVER_CODES.has(code) || Object.hasOwn(ERROR_CATALOGUE, code);

/**
 * A batch of beacons (issue 28): stored only when the visitor may be measured, reduced to what
 * the operations summary needs. Answers whether anything was stored (the route answers 204 either
 * way: whether a visitor is measured is theirs to know from their own choice, not from here).
 *
 * - Input the schema let through is checked once more against the catalogue: an error code must
 *   be one the catalogue knows (a SPEC 8 server code or a message type), else 400, nothing stored.
 * - A shop device's customer session is never measured (the shop's terms apply; no consent is
 *   asked there), whatever the device sent.
 * - Otherwise the visitor's recorded consent decides (analytics yes, for the current texts).
 * - Stored: each step once per visitor-day; vitals and pop-ups within the visitor's day limits.
 */
export async function collectBeacons(deps: MeasurementDeps, sender: BeaconSender, batch: BeaconBatch): Promise<boolean> {
  batch.entries.forEach((entry, i) => {
    if (entry.type === 'error_shown' && !knownCode(entry.code)) throw badRequest(`body.entries.${i}.code`, 'is not a code of the error catalogue');
  });
  if (await deps.retailSessions.sessionOf(sender.tokenHash)) return false;
  if (!(await deps.measurement.analyticsConsented(sender.uid))) return false;

  const now = deps.now();
  const day = isoDay(now);
  const keys = deps.measurement.visitorKeys;
  const visitor = await keys.keyOf(sender.deviceId, day);
  const steps = new Set<StepName>();
  const vitals: { step: StepName; metric: VitalMetric; value: number }[] = [];
  const errors: string[] = [];
  for (const entry of batch.entries) {
    if (entry.type === 'step_view') steps.add(entry.step);
    else if (entry.type === 'vital') vitals.push({ step: entry.step, metric: entry.metric, value: entry.value });
    else errors.push(entry.code);
  }
  const keptVitals = vitals.slice(0, await keys.allow(visitor, day, 'vitals', vitals.length, now));
  const keptErrors = errors.slice(0, await keys.allow(visitor, day, 'errors', errors.length, now));
  if (steps.size + keptVitals.length + keptErrors.length === 0) return false;
  await deps.repos.recordMeasurements({ day, visitor, steps: [...steps], vitals: keptVitals, errors: keptErrors });
  return true;
}
