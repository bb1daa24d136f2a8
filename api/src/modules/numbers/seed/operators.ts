import type { Operator } from '@join/shared/contract';

/**
 * The UAE operators a number can be transferred from (the transfer form's list, `mnp_operators`).
 * Their subscribers are not the operator's to know: the number-portability lookup answers for
 * them (portability-client.ts; its sandbox is sandboxes/src/portability).
 */
export const SEED_OPERATORS: readonly Operator[] = [
  { code: 'du', name: 'du' },
  { code: 'etisalat', name: 'e& (Etisalat)' },
  { code: 'virgin', name: 'Virgin Mobile UAE' },
];
