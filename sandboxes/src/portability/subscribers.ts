import { createHash } from 'node:crypto';

/**
 * The national number-portability database's stand-in: the subscribers of the other UAE operators
 * (du, e& (Etisalat), Virgin Mobile UAE), each with its operator and whether it can be ported.
 * A real operator asks the national porting system or the donor operator; the operator API asks
 * this sandbox the same way (api/src/modules/numbers/portability-client.ts), so every refusal of
 * SPEC 8 (-405, -434, -440) can be exercised.
 * Their numbers are 9715, one of 0 2 4 5 6 9, then 7 digits: never 97158, the operator's own range.
 */
export type SubscriberStatus = 'active' | 'in_transfer' | 'not_activated';

export interface Subscriber {
  msisdn: string;
  operatorCode: string;
  status: SubscriberStatus;
}

/** The operators this database answers for (their codes are the operator API's `mnp_operators`). */
export const OPERATOR_CODES = ['du', 'etisalat', 'virgin'] as const;

/**
 * Fixed numbers testers and the e2e suite rely on (README.md lists them with their answers).
 * Ported numbers keep their prefix, so a prefix does not tell the operator.
 */
export const FIXED_SUBSCRIBERS: readonly Subscriber[] = [
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

const PREFIXES = ['97150', '97152', '97154', '97155', '97156', '97159'] as const;
const STATUSES: readonly SubscriberStatus[] = ['active', 'in_transfer', 'not_activated'];
/** Generated subscribers per operator and status, on top of the fixed ones. */
export const GENERATED_PER_OPERATOR_AND_STATUS = 20;

/** The n-th generated number: a hash of the counter, so the same list every start. */
function generatedMsisdn(n: number): string {
  const digest = createHash('sha256').update(`portability-subscriber-${n}`).digest();
  const prefix = PREFIXES[digest.readUInt8(0) % PREFIXES.length]!;
  return prefix + String(digest.readUInt32BE(1) % 10_000_000).padStart(7, '0');
}

/** The whole database: the fixed numbers, then a deterministic spread per operator and status. */
export function seedSubscribers(perOperatorAndStatus = GENERATED_PER_OPERATOR_AND_STATUS): Subscriber[] {
  const rows = [...FIXED_SUBSCRIBERS];
  const seen = new Set(rows.map((r) => r.msisdn));
  let n = 0;
  for (const operatorCode of OPERATOR_CODES) {
    for (const status of STATUSES) {
      for (let made = 0; made < perOperatorAndStatus; n++) {
        const msisdn = generatedMsisdn(n);
        if (seen.has(msisdn)) continue;
        seen.add(msisdn);
        rows.push({ msisdn, operatorCode, status });
        made++;
      }
    }
  }
  return rows;
}

/** The subscribers by number, in memory: seeded at start, as the sandbox's own state. */
export class SubscriberRegistry {
  private readonly byMsisdn: Map<string, Subscriber>;

  constructor(subscribers: readonly Subscriber[] = seedSubscribers()) {
    this.byMsisdn = new Map(subscribers.map((s) => [s.msisdn, { ...s }]));
  }

  get size(): number {
    return this.byMsisdn.size;
  }

  find(msisdn: string): Subscriber | null {
    return this.byMsisdn.get(msisdn) ?? null;
  }
}
