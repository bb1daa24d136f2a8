import type { OrderKind, OrderStatus } from '@join/shared/contract';

/**
 * Flow-status flags are derived from what the database holds, never stored as the client
 * says: a "number selected" flag with no live reservation, or a "plan selected" flag for a
 * product the user has since left, reads false. The stored flags only record that the
 * client confirmed a step; the facts behind them are checked on every read.
 */
export interface FlowState {
  numberFlag: boolean;
  planFlag: boolean;
  productSaved: boolean;
  /** null: the user never chose one, so the default product applies. */
  currentProductCode: number | null;
  savedPlanProductCode: number | null;
  /** A live hold of any type: a number, or a transfer's temporary number. */
  hasActiveHold: boolean;
  /** The vanity level the live hold shows (a transfer is basic); null without a live hold. */
  activeHoldVanityLevel: number | null;
  /** The identity check passed (stored by its decision, POST /me/id_details; only ever turns on). */
  idVerified: boolean;
  /** The identity check passed for a resident with a physical SIM (pays on delivery). */
  residentDone: boolean;
  /**
   * The account the two identity flags were earned by: they count only for a session
   * of that account (domain/flow-context.ts); null when none, or before accounts were recorded.
   */
  verifiedAccountId: string | null;
  /** A payment was captured (stored with the capture, in its transaction; only ever turns on). */
  planPaid: boolean;
  /** The user's order: its kind and status; null before one is placed. */
  orderKind: OrderKind | null;
  orderStatus: OrderStatus | null;
}

/** A new user's state: nothing confirmed, nothing held, the default product. */
export const EMPTY_FLOW_STATE: Readonly<FlowState> = Object.freeze({
  numberFlag: false,
  planFlag: false,
  productSaved: false,
  currentProductCode: null,
  savedPlanProductCode: null,
  hasActiveHold: false,
  activeHoldVanityLevel: null,
  idVerified: false,
  residentDone: false,
  verifiedAccountId: null,
  planPaid: false,
  orderKind: null,
  orderStatus: null,
});

/** A stored flag a posted flow-status key moves. */
export interface FlowFlagChange {
  numberFlag?: boolean;
  planFlag?: boolean;
}
