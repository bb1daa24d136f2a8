import type { Database } from 'better-sqlite3';
import type { ResidentType, ServerFlowContext } from '@join/shared/contract';
import { immediate } from '../../../platform/db/transaction';
import { shownVanityLevel } from '../../numbers';
import type { FlowFlagChange, FlowState } from '../flow-status';
import type { FlowRepository, FlowStatusInputs } from '../repository';
import type { RetentionCutoffs, RetentionReport } from '../retention';
import type { SessionRecord } from '../../../platform/sessions/repository';
import { toFlowContext, toFlowState } from '../flow-rows';
import { AT, FLOW_STATUS_BIT, flowStatements, type FlowStatusRaw, type FlowStatusValues as V } from './flow-statements';
import { visitorRetentionStatements } from './retention-statements';

/**
 * A flowStatus or flowStatusBySession row's inputs, as toFlowState, toFlowContext and the account
 * read them, with no row object between and each bit tested in place (a helper closure made per
 * row cost 0.6 µs).
 */
function flowStatusInputsOf(row: FlowStatusRaw): FlowStatusInputs {
  const bits = row[AT.bits] as V['bits'];
  const holdLevel = row[AT.hold_level] as V['hold_level'];
  const insideUae = row[AT.inside_uae] as V['inside_uae'];
  const accountId = row[AT.account_id] as V['account_id'];
  return {
    state: {
      numberFlag: (bits & FLOW_STATUS_BIT.number_flag) !== 0,
      planFlag: (bits & FLOW_STATUS_BIT.plan_flag) !== 0,
      productSaved: (bits & FLOW_STATUS_BIT.product_saved) !== 0,
      currentProductCode: row[AT.current_product_code] as V['current_product_code'],
      savedPlanProductCode: row[AT.saved_plan_product_code] as V['saved_plan_product_code'],
      hasActiveHold: holdLevel !== null,
      activeHoldVanityLevel: holdLevel === null ? null : shownVanityLevel({ vanityLevel: holdLevel, transfer: (bits & FLOW_STATUS_BIT.hold_is_transfer) !== 0 }),
      idVerified: (bits & FLOW_STATUS_BIT.id_verified) !== 0,
      residentDone: (bits & FLOW_STATUS_BIT.resident_done) !== 0,
      verifiedAccountId: row[AT.verified_account_id] as V['verified_account_id'],
      planPaid: (bits & FLOW_STATUS_BIT.plan_paid) !== 0,
      orderKind: row[AT.order_kind] as V['order_kind'],
      orderStatus: row[AT.order_status] as V['order_status'],
    },
    context: {
      resident_type: row[AT.resident_type] as V['resident_type'],
      sim_type: row[AT.sim_type] as V['sim_type'],
      inside_uae: insideUae === null ? null : insideUae === 1,
      has_delivery_form: (bits & FLOW_STATUS_BIT.has_delivery_form) !== 0,
      terminated_email: row[AT.terminated_email] as V['terminated_email'],
      retail: (bits & FLOW_STATUS_BIT.retail) !== 0,
    },
    account: accountId === null ? null : { id: accountId, hasPassword: (bits & FLOW_STATUS_BIT.account_has_password) !== 0 },
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
    const raw = this.flow.flowStatus.get(now, accountId, uid);
    if (!raw) throw new Error(`no user ${uid}`);
    return flowStatusInputsOf(raw);
  }

  async getFlowStatusBySession(tokenHash: string, now: number): Promise<(SessionRecord & { flow: FlowStatusInputs }) | null> {
    const raw = this.flow.flowStatusBySession.get(now, tokenHash);
    if (!raw) return null;
    return {
      uid: raw[AT.session_uid] as V['session_uid'],
      deviceId: raw[AT.session_device_id] as V['session_device_id'],
      createdAt: raw[AT.session_created_at] as V['session_created_at'],
      lastSeenAt: raw[AT.session_last_seen_at] as V['session_last_seen_at'],
      accountId: raw[AT.session_account_id] as V['session_account_id'],
      loginMethod: raw[AT.session_login_method] as V['session_login_method'],
      flow: flowStatusInputsOf(raw),
    };
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
