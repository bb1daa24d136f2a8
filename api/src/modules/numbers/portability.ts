import { NUMBER_SEARCH_PREFIX, UAE_COUNTRY_CODE } from '@join/shared/contract';
import type { ExternalSubscriberRecord } from './portability-client';

/**
 * Whether an external number can be transferred to us (SPEC 4 "Transfer", SPEC 8 codes),
 * decided from what the number-portability lookup answered about it (portability-client.ts):
 * a pure rule, no I/O. The checks run in this order, so the answer
 * never tells a visitor more than the previous check allowed:
 *
 * 1. our own range (97158...): it is already ours            -> wrong_operator (-440)
 * 2. unknown to the lookup, or never activated                   -> not_activated  (-434)
 * 3. with another operator than the one the visitor named     -> wrong_operator (-440)
 * 4. in transfer already, or held by another visitor's live
 *    transfer reservation                                      -> in_transfer    (-405)
 *
 * The visitor's own live transfer of the number is no obstacle (reserving again extends it).
 */
export const OWN_MSISDN_PREFIX = UAE_COUNTRY_CODE + NUMBER_SEARCH_PREFIX.slice(1);

export type PortabilityRefusal = 'own_range' | 'not_activated' | 'wrong_operator' | 'in_transfer';

export interface PortabilityFacts {
  externalMsisdn: string;
  operatorCode: string;
  subscriber: ExternalSubscriberRecord | null;
  /** The user holding a live transfer reservation of the number, if any. */
  transferHolder: string | null;
  uid: string;
}

export function checkPortability(f: PortabilityFacts): { ok: true } | { ok: false; refusal: PortabilityRefusal } {
  if (f.externalMsisdn.startsWith(OWN_MSISDN_PREFIX)) return { ok: false, refusal: 'own_range' };
  if (!f.subscriber || f.subscriber.status === 'not_activated') return { ok: false, refusal: 'not_activated' };
  if (f.subscriber.operatorCode !== f.operatorCode) return { ok: false, refusal: 'wrong_operator' };
  if (f.subscriber.status === 'in_transfer') return { ok: false, refusal: 'in_transfer' };
  if (f.transferHolder !== null && f.transferHolder !== f.uid) return { ok: false, refusal: 'in_transfer' };
  return { ok: true };
}
