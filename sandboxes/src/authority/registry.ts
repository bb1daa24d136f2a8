import { states } from 'mrz';
import data from './registry.json';
import type { DocumentKind, Sex } from './mrz';

/**
 * The seeded registry of the identity authority sandbox (registry.json, read at start): the
 * persons it knows and their documents. `verifyPerson` answers as the government service would,
 * with the codes of SPEC 8. Which fixture triggers which answer: registry.json's `cases` and
 * sandboxes/README.md.
 */
export interface RegistryDocument {
  kind: DocumentKind;
  number: string;
  id_number?: string;
  issuing_country: string;
  expiry_date: string;
  /** valid; expired: the authority holds it as expired (replaced); untrusted: reported lost, not a trusted identifier. */
  status: 'valid' | 'expired' | 'untrusted';
}
export interface RegistryPerson {
  ref: string;
  /** The reference portrait the authority holds of the person: reference-<face>.jpg (portraits.ts). */
  face: string;
  surname: string;
  given_names: string;
  sex: Sex;
  birth_date: string;
  nationality: string;
  residency: { status: 'active' | 'expired' | 'cancelled'; id_number: string } | null;
  documents: RegistryDocument[];
  blacklisted?: boolean;
  subscriber_mismatch?: boolean;
  sims?: number;
}
export interface Registry {
  maxSims: number;
  unavailableNumbers: string[];
  persons: RegistryPerson[];
}

export const REGISTRY: Registry = {
  maxSims: data.max_sims,
  unavailableNumbers: data.unavailable_numbers,
  persons: data.persons as RegistryPerson[],
};

export interface VerifyRequest {
  kind: DocumentKind;
  number: string;
  id_number: string | null;
  nationality: string;
  birth_date: string;
  expiry_date: string;
  sex: Sex;
  declared_residency: 'resident' | 'non_resident';
}

export type VerifyAnswer =
  | { status: 200; body: { verified: true; person_ref: string; resident: boolean } }
  | { status: 422; body: { code: number } }
  | { status: 503; body: { error: string } };

const refuse = (code: number): VerifyAnswer => ({ status: 422, body: { code } });
const KNOWN_STATES = new Set(Object.keys(states));

/** Whole years between a birth date and today (UTC). */
export function ageOn(birthDate: string, today: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) age--;
  return age;
}

/** The person holding a document, by its kind and number; null when the registry has none. */
export function holderOf(registry: Registry, kind: DocumentKind, number: string): RegistryPerson | null {
  return registry.persons.find((p) => p.documents.some((d) => d.kind === kind && d.number === number)) ?? null;
}

/** The checks in order: the document itself, then the record it leads to, then the person. */
export function verifyPerson(registry: Registry, req: VerifyRequest, today = new Date()): VerifyAnswer {
  if (registry.unavailableNumbers.includes(req.number)) return { status: 503, body: { error: 'identity service unavailable' } };
  if (!KNOWN_STATES.has(req.nationality)) return refuse(-624);
  const todayIso = today.toISOString().slice(0, 10);
  if (req.expiry_date < todayIso) return refuse(-639);

  const holder = holderOf(registry, req.kind, req.number);
  const document = holder?.documents.find((d) => d.kind === req.kind && d.number === req.number);
  if (!holder || !document) return refuse(-621);
  if (document.status === 'untrusted') return refuse(-623);
  if (req.kind === 'emirates_id' && req.id_number && document.id_number !== req.id_number) {
    const other = registry.persons.some((p) => p !== holder && p.residency?.id_number === req.id_number);
    return refuse(other ? -619 : -624);
  }
  if (req.birth_date !== holder.birth_date) return refuse(-640);
  if (req.sex !== holder.sex) return refuse(-641);
  if (req.expiry_date !== document.expiry_date) return refuse(-617);
  if (document.status === 'expired') return refuse(-618);
  if (holder.subscriber_mismatch) return refuse(-609);

  const residency = holder.residency;
  if (req.kind === 'passport') {
    if (req.declared_residency === 'resident') return refuse(-612);
    if (residency?.status === 'active') return refuse(-611);
  } else {
    if (req.declared_residency === 'non_resident') return refuse(-614);
    if (residency?.status === 'expired') return refuse(-615);
    if (residency?.status !== 'active') return refuse(-616);
  }
  if (holder.blacklisted) return refuse(-116);
  if (ageOn(req.birth_date, today) < 18) return refuse(-10018);
  if ((holder.sims ?? 0) >= registry.maxSims) return refuse(-169);
  return { status: 200, body: { verified: true, person_ref: holder.ref, resident: req.kind === 'emirates_id' && residency?.status === 'active' } };
}
