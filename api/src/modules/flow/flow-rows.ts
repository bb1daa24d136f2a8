import type { OrderKind, OrderStatus, ServerFlowContext } from '@join/shared/contract';
import { shownVanityLevel } from '../numbers';
import type { FlowState } from './flow-status';

/**
 * The flow module's stored rows and their mapping to records, shared by the SQLite (sqlite/) and
 * PostgreSQL (postgres/) repositories: the SQL differs by dialect, what a row means does not.
 *
 * SQLite's flowStatus and flowStatusBySession statements are read otherwise on purpose: as raw
 * arrays with the yes/no inputs packed in one column's bits, for speed (sqlite/flow-statements.ts,
 * flowStatusInputsOf in sqlite/sqlite-flow-repository.ts). A change to what toFlowState or
 * toFlowContext make of a column is made there as well; the contract suite runs both.
 */

/** A flowState row: the flags as stored (0/1), the facts of other tables they are derived from. */
export interface FlowStateRow {
  number_flag: number;
  plan_flag: number;
  product_saved: number;
  current_product_code: number | null;
  saved_plan_product_code: number | null;
  /** The live hold's pool number level; null: no live hold. */
  hold_level: number | null;
  /**
   * Whether the live hold is a transfer (`IS NOT NULL` of a column), as each driver answers an SQL
   * truth value: SQLite an integer 0/1, PostgreSQL a boolean. Read only with a live hold.
   */
  hold_is_transfer: number | boolean | null;
  id_verified: number;
  resident_done: number;
  verified_account_id: string | null;
  plan_paid: number;
  order_kind: OrderKind | null;
  order_status: OrderStatus | null;
}

export interface FlowContextRow {
  resident_type: 'resident' | 'non_resident' | null;
  sim_type: 'esim' | 'physical' | null;
  inside_uae: number | null;
  has_delivery_form: number;
  terminated_email: string | null;
  retail: number;
}

export function toFlowState(row: FlowStateRow): FlowState {
  return {
    numberFlag: row.number_flag === 1,
    planFlag: row.plan_flag === 1,
    productSaved: row.product_saved === 1,
    currentProductCode: row.current_product_code,
    savedPlanProductCode: row.saved_plan_product_code,
    hasActiveHold: row.hold_level !== null,
    activeHoldVanityLevel:
      row.hold_level === null ? null : shownVanityLevel({ vanityLevel: row.hold_level, transfer: row.hold_is_transfer === true || row.hold_is_transfer === 1 }),
    idVerified: row.id_verified === 1,
    residentDone: row.resident_done === 1,
    verifiedAccountId: row.verified_account_id,
    planPaid: row.plan_paid === 1,
    orderKind: row.order_kind,
    orderStatus: row.order_status,
  };
}

export function toFlowContext(row: FlowContextRow): ServerFlowContext {
  return {
    resident_type: row.resident_type,
    sim_type: row.sim_type,
    inside_uae: row.inside_uae === null ? null : row.inside_uae === 1,
    has_delivery_form: row.has_delivery_form === 1,
    terminated_email: row.terminated_email,
    retail: row.retail === 1,
  };
}
