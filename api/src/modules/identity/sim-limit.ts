import type { DocumentKind } from '@join/shared/contract';

/**
 * How many SIMs the operator sells to one identity document: SPEC 8's "max
 * sims reached" (-169, -578, -579, -584), the operator's own count. The authority refuses a
 * person who already holds its registry's maximum (its -169, at the identity check), but its
 * registry knows only what has been reported to it; the operator counts its own sales, per
 * document (kind and number, as the authority verified them), in the same transaction that
 * captures a payment or places a cash-on-delivery order, so that one passport verified under many
 * accounts buys no more than this.
 *
 * SPEC gives no number. 5 is the authority sandbox's registry limit (max_sims in
 * sandbox/authority/registry.json); the operator's compliance team sets the real one
 * (JOIN_MAX_SIMS_PER_DOCUMENT). A sale counts while it is kept (five years: domain/retention.ts).
 */
export const MAX_SIMS_PER_DOCUMENT = 5;

/** SPEC 8's first "max sims reached" code: what the API answers (403). */
export const MAX_SIMS_CODE = -169;

/** The verified document a sale is made to. */
export interface SoldDocument {
  kind: DocumentKind;
  number: string;
}
