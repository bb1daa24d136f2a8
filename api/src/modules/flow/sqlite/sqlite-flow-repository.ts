import type { Database } from 'better-sqlite3';
import type { ResidentType, ServerFlowContext } from '@join/shared/contract';
import { immediate } from '../../../platform/db/transaction';
import { shownVanityLevel } from '../../numbers';
import type { FlowFlagChange, FlowState } from '../flow-status';
import type { FlowRepository, FlowStatusInputs } from '../repository';
import type { RetentionCutoffs, RetentionReport } from '../retention';
import type { SessionRecord } from '../../../platform/sessions/repository';
import { flowStatements, flowStatusRow, sessionOfFlowStatusRow, type FlowContextRow, type FlowStateRow, type FlowStatusRow } from './flow-statements';
import { visitorRetentionStatements } from './retention-statements';

function toFlowState(row: FlowStateRow): FlowState {
  return {
    numberFlag: row.number_flag === 1,
    planFlag: row.plan_flag === 1,
    productSaved: row.product_saved === 1,
    currentProductCode: row.current_product_code,
    savedPlanProductCode: row.saved_plan_product_code,
    hasActiveHold: row.hold_level !== null,
    activeHoldVanityLevel: row.hold_level === null ? null : shownVanityLevel({ vanityLevel: row.hold_level, transfer: row.hold_is_transfer === 1 }),
    idVerified: row.id_verified === 1,
    residentDone: row.resident_done === 1,
    verifiedAccountId: row.verified_account_id,
    planPaid: row.plan_paid === 1,
    orderKind: row.order_kind,
    orderStatus: row.order_status,
  };
}

function toFlowContext(row: FlowContextRow): ServerFlowContext {
  return {
    resident_type: row.resident_type,
    sim_type: row.sim_type,
    inside_uae: row.inside_uae === null ? null : row.inside_uae === 1,
    has_delivery_form: row.has_delivery_form === 1,
    terminated_email: row.terminated_email,
    retail: row.retail === 1,
  };
}

function toFlowStatusInputs(row: FlowStatusRow): FlowStatusInputs {
  return {
    state: toFlowState(row),
    context: toFlowContext(row),
    account: row.account_id === null ? null : { id: row.account_id, hasPassword: row.account_has_password === 1 },
  };
}

/**
 * The embedded SQLite implementation of FlowRepository. The flow state is read in one query
 * across the modules' tables (saved plan, order, live hold): the flags are derived from them.
 */
export class SqliteFlowRepository implements FlowRepository {
  private readonly flow: ReturnType<typeof flowStatements>;
  private readonly retention: ReturnType<typeof visitorRetentionStatements>;

  constructor(private readonly db: Database) {
    this.flow = flowStatements(db);
    this.retention = visitorRetentionStatements(db);
  }

  async getFlowState(uid: string, now: number): Promise<FlowState> {
    const row = this.flow.flowState.get({ uid, now });
    if (!row) throw new Error(`no user ${uid}`);
    return toFlowState(row);
  }

  async getFlowStatusInputs(uid: string, now: number, accountId: string | null): Promise<FlowStatusInputs> {
    const raw = this.flow.flowStatus.get({ uid, now, accountId });
    if (!raw) throw new Error(`no user ${uid}`);
    return toFlowStatusInputs(flowStatusRow(raw));
  }

  async getFlowStatusBySession(tokenHash: string, now: number): Promise<(SessionRecord & { flow: FlowStatusInputs }) | null> {
    const raw = this.flow.flowStatusBySession.get({ tokenHash, now });
    if (!raw) return null;
    return { ...sessionOfFlowStatusRow(raw), flow: toFlowStatusInputs(flowStatusRow(raw)) };
  }

  async updateFlowFlags(uid: string, change: FlowFlagChange): Promise<void> {
    const bit = (v: boolean | undefined) => (v === undefined ? null : v ? 1 : 0);
    this.flow.updateFlags.run({ uid, number: bit(change.numberFlag), plan: bit(change.planFlag) });
  }

  async getFlowContext(uid: string): Promise<ServerFlowContext> {
    const row = this.flow.flowContext.get(uid);
    if (!row) throw new Error(`no user ${uid}`);
    return toFlowContext(row);
  }

  async setRetail(uid: string, retail: boolean): Promise<void> {
    this.flow.setRetail.run({ uid, retail: retail ? 1 : 0 });
  }

  async setInsideUae(uid: string, inside: boolean | null): Promise<void> {
    this.flow.setInsideUae.run({ uid, inside: inside === null ? null : inside ? 1 : 0 });
  }

  async setResidentType(uid: string, type: ResidentType | null): Promise<void> {
    this.flow.setResidentType.run({ uid, type });
  }

  async setDeliveryForm(uid: string, present: boolean): Promise<void> {
    this.flow.setDeliveryForm.run({ uid, present: present ? 1 : 0 });
  }

  async setTerminatedEmail(uid: string, email: string | null): Promise<void> {
    this.flow.setTerminatedEmail.run({ uid, email });
  }

  async clearResidency(uid: string): Promise<void> {
    this.flow.clearResidency.run(uid);
  }

  async clearIdCheckAnswers(uid: string): Promise<void> {
    this.flow.clearIdCheckAnswers.run(uid);
  }

  async pruneVisitors(cutoffs: Pick<RetentionCutoffs, 'saleBefore' | 'unsoldVisitorBefore'>): Promise<Pick<RetentionReport, 'sales' | 'unsoldVisitors'>> {
    return immediate(this.db, () => ({
      sales: this.retention.deleteSales.run({ before: cutoffs.saleBefore }).changes,
      unsoldVisitors: this.retention.deleteUnsoldVisitors.run({ before: cutoffs.unsoldVisitorBefore }).changes,
    }));
  }
}
