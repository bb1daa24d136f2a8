import type { ResidentType, ServerFlowContext } from '@join/shared/contract';
import type { PgDatabase } from '../../../platform/db/postgres/pg-database';
import type { SessionRecord } from '../../../platform/sessions/repository';
import type { FlowFlagChange, FlowState } from '../flow-status';
import type { FlowRepository, FlowStatusInputs } from '../repository';
import type { RetentionCutoffs, RetentionReport } from '../retention';
import { toFlowContext, toFlowState, type FlowContextRow, type FlowStateRow } from '../flow-rows';
import { FLOW_SQL, type FlowStatusBySessionRow, type FlowStatusRow } from './flow-statements';
import { RETENTION_SQL } from './retention-statements';

function flowStatusInputsOf(row: FlowStatusRow): FlowStatusInputs {
  return {
    state: toFlowState(row),
    context: toFlowContext(row),
    account: row.account_id === null ? null : { id: row.account_id, hasPassword: row.account_has_password },
  };
}

const bit = (v: boolean) => (v ? 1 : 0);

/**
 * The PostgreSQL implementation of FlowRepository. The flow state is read in one query across the
 * modules' tables (saved plan, order, live hold): the flags are derived from them. Each write is
 * one UPDATE of the visitor's row, whose conditions (clearResidency's "not paid") are checked on
 * the row it writes, under its lock; the one step that reads and then writes, the retention of
 * whole visitors, locks what it reads first (pruneVisitors).
 */
export class PgFlowRepository implements FlowRepository {
  constructor(private readonly db: PgDatabase) {}

  async getFlowState(uid: string, now: number): Promise<FlowState> {
    const row = await this.db.maybe<FlowStateRow>(FLOW_SQL.flowState, [uid, now]);
    if (!row) throw new Error(`no user ${uid}`);
    return toFlowState(row);
  }

  async getFlowStatusInputs(uid: string, now: number, accountId: string | null): Promise<FlowStatusInputs> {
    const row = await this.db.maybe<FlowStatusRow>(FLOW_SQL.flowStatus, [now, accountId, uid]);
    if (!row) throw new Error(`no user ${uid}`);
    return flowStatusInputsOf(row);
  }

  async getFlowStatusBySession(tokenHash: string, now: number): Promise<(SessionRecord & { flow: FlowStatusInputs }) | null> {
    const row = await this.db.maybe<FlowStatusBySessionRow>(FLOW_SQL.flowStatusBySession, [now, tokenHash]);
    if (!row) return null;
    return {
      uid: row.session_uid,
      deviceId: row.session_device_id,
      createdAt: row.session_created_at,
      lastSeenAt: row.session_last_seen_at,
      accountId: row.session_account_id,
      loginMethod: row.session_login_method,
      flow: flowStatusInputsOf(row),
    };
  }

  async updateFlowFlags(uid: string, change: FlowFlagChange): Promise<void> {
    const flag = (v: boolean | undefined) => (v === undefined ? null : bit(v));
    await this.db.run(FLOW_SQL.updateFlags, [uid, flag(change.numberFlag), flag(change.planFlag)]);
  }

  async getFlowContext(uid: string): Promise<ServerFlowContext> {
    const row = await this.db.maybe<FlowContextRow>(FLOW_SQL.flowContext, [uid]);
    if (!row) throw new Error(`no user ${uid}`);
    return toFlowContext(row);
  }

  async setRetail(uid: string, retail: boolean): Promise<void> {
    await this.db.run(FLOW_SQL.setRetail, [uid, bit(retail)]);
  }

  async setInsideUae(uid: string, inside: boolean | null): Promise<void> {
    await this.db.run(FLOW_SQL.setInsideUae, [uid, inside === null ? null : bit(inside)]);
  }

  async setResidentType(uid: string, type: ResidentType | null): Promise<void> {
    await this.db.run(FLOW_SQL.setResidentType, [uid, type]);
  }

  async setDeliveryForm(uid: string, present: boolean): Promise<void> {
    await this.db.run(FLOW_SQL.setDeliveryForm, [uid, bit(present)]);
  }

  async setTerminatedEmail(uid: string, email: string | null): Promise<void> {
    await this.db.run(FLOW_SQL.setTerminatedEmail, [uid, email]);
  }

  async clearResidency(uid: string): Promise<void> {
    await this.db.run(FLOW_SQL.clearResidency, [uid]);
  }

  async clearIdCheckAnswers(uid: string): Promise<void> {
    await this.db.run(FLOW_SQL.clearIdCheckAnswers, [uid]);
  }

  /**
   * One transaction. What protects it, with other instances' requests running meanwhile:
   * - one sweep at a time across the instances (an advisory lock): two would lock the same rows;
   * - the candidates are read, then their payments and their users' rows locked
   *   (RETENTION_SQL.lockPayments, lockUsers): a step of theirs already under way finishes first,
   *   and none starts (a new session, hold, order, payment, identity decision or capture) until
   *   the sweep commits, when it finds its visitor gone, as it would have on SQLite after a sweep;
   * - the DELETE checks the conditions again in a statement that starts after the locks are
   *   held (READ COMMITTED: a fresh snapshot), so it sees whatever those steps committed.
   * Retried as a whole on a deadlock (a visitor's own step taking its locks in another order).
   */
  async pruneVisitors(cutoffs: Pick<RetentionCutoffs, 'saleBefore' | 'unsoldVisitorBefore'>): Promise<Pick<RetentionReport, 'sales' | 'unsoldVisitors'>> {
    return this.db.transaction(async () => {
      await this.db.lockKey('retention:visitors');
      const uids = async (sql: string, before: number) => (await this.db.many<{ uid: string }>(sql, [before])).map((r) => r.uid);
      const sales = await uids(RETENTION_SQL.sales, cutoffs.saleBefore);
      const unsold = await uids(RETENTION_SQL.unsold, cutoffs.unsoldVisitorBefore);
      const candidates = [...sales, ...unsold];
      if (candidates.length === 0) return { sales: 0, unsoldVisitors: 0 };
      await this.db.run(RETENTION_SQL.lockPayments, [candidates]);
      await this.db.run(RETENTION_SQL.lockUsers, [candidates]);
      return {
        sales: sales.length === 0 ? 0 : await this.db.run(RETENTION_SQL.deleteSales, [cutoffs.saleBefore, sales]),
        unsoldVisitors: unsold.length === 0 ? 0 : await this.db.run(RETENTION_SQL.deleteUnsold, [cutoffs.unsoldVisitorBefore, unsold]),
      };
    });
  }
}
