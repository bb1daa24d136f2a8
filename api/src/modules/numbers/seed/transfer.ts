import type { Operator } from '@join/shared/contract';
import { mulberry32, randomInt } from './prng';

/**
 * The transfer (MNP) sandbox: the UAE operators a number can come from, and the subscribers
 * of those operators this API knows. A real operator asks the national porting system;
 * here a table answers, so every refusal of SPEC 8 (-405, -434, -440) can be exercised.
 * Their numbers are 9715, one of 0 2 4 5 6 9, then 7 digits: never 97158, our own range.
 */
export type ExternalStatus = 'active' | 'in_transfer' | 'not_activated';

export interface SeedExternalSubscriber {
  msisdn: string;
  operatorCode: string;
  status: ExternalStatus;
}

export const SEED_OPERATORS: readonly Operator[] = [
  { code: 'du', name: 'du' },
  { code: 'etisalat', name: 'e& (Etisalat)' },
  { code: 'virgin', name: 'Virgin Mobile UAE' },
];

/**
 * Fixed numbers testers and the e2e suite rely on (api/README.md lists them with their
 * answers). Ported numbers keep their prefix, so a prefix does not tell the operator.
 */
export const FIXED_EXTERNAL_SUBSCRIBERS: readonly SeedExternalSubscriber[] = [
  { msisdn: '971501234567', operatorCode: 'etisalat', status: 'active' },
  { msisdn: '971502345678', operatorCode: 'etisalat', status: 'active' },
  { msisdn: '971551234567', operatorCode: 'du', status: 'active' },
  { msisdn: '971552345678', operatorCode: 'du', status: 'active' },
  { msisdn: '971541234567', operatorCode: 'virgin', status: 'active' },
  { msisdn: '971542345678', operatorCode: 'virgin', status: 'active' },
  { msisdn: '971521111111', operatorCode: 'du', status: 'in_transfer' },
  { msisdn: '971501111111', operatorCode: 'etisalat', status: 'in_transfer' },
  { msisdn: '971561111111', operatorCode: 'virgin', status: 'not_activated' },
  { msisdn: '971509999999', operatorCode: 'etisalat', status: 'not_activated' },
];

const EXTERNAL_PREFIXES = ['97150', '97152', '97154', '97155', '97156', '97159'] as const;
const STATUSES: readonly ExternalStatus[] = ['active', 'in_transfer', 'not_activated'];
/** Generated subscribers per operator and status, on top of the fixed ones. */
export const GENERATED_PER_OPERATOR_AND_STATUS = 20;
export const TRANSFER_SEED = 0x6d6e_7001;

/** The whole table: the fixed numbers, then a deterministic spread per operator and status. */
export function externalSubscribers(perOperatorAndStatus = GENERATED_PER_OPERATOR_AND_STATUS): SeedExternalSubscriber[] {
  const random = mulberry32(TRANSFER_SEED);
  const rows = [...FIXED_EXTERNAL_SUBSCRIBERS];
  const seen = new Set(rows.map((r) => r.msisdn));
  for (const { code } of SEED_OPERATORS) {
    for (const status of STATUSES) {
      for (let made = 0; made < perOperatorAndStatus; ) {
        const prefix = EXTERNAL_PREFIXES[randomInt(random, EXTERNAL_PREFIXES.length)]!;
        const msisdn = prefix + String(randomInt(random, 10_000_000)).padStart(7, '0');
        if (seen.has(msisdn)) continue;
        seen.add(msisdn);
        rows.push({ msisdn, operatorCode: code, status });
        made++;
      }
    }
  }
  return rows;
}
