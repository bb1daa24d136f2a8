import type { ResidentType, ServerFlowContext } from '@join/shared/contract';
import type { FlowFlagChange, FlowState } from './flow-status';
import type { RetentionCutoffs, RetentionReport } from './retention';
import type { SessionRecord } from '../../platform/sessions/repository';

/** What a flow status is made of, as stored: the state, the context and the session's account. */
export interface FlowStatusInputs {
  state: FlowState;
  context: ServerFlowContext;
  /** The session's account (null: a device-id session, or an account that no longer exists). */
  account: { id: string; hasPassword: boolean } | null;
}

/** The flow state and context of a visitor, and the retention of whole visitors. */
export interface FlowRepository {
  // --- flow state of a user (the facts flags are derived from) ---
  getFlowState(uid: string, now: number): Promise<FlowState>;
  updateFlowFlags(uid: string, change: FlowFlagChange): Promise<void>;

  // --- flow context: the access rules' inputs that are not flags (flow/context.ts) ---
  // Each setter belongs to the one endpoint that owns its input (see api/README.md).
  getFlowContext(uid: string): Promise<ServerFlowContext>;
  /**
   * getFlowState, getFlowContext and the account's login facts (findAccountById) in one read:
   * what GET /me/flow_status and the step guard need on every call. `accountId` null: no account.
   */
  getFlowStatusInputs(uid: string, now: number, accountId: string | null): Promise<FlowStatusInputs>;
  /**
   * The session of a token's hash (as findSession answers it) and its user's flow status inputs
   * (as getFlowStatusInputs answers them for the session's uid and account) in one read: GET
   * /me/flow_status checks its session and answers its flow status with one statement. Null: no
   * such session. The session's rules (device, idle and absolute lifetime) are the caller's.
   */
  getFlowStatusBySession(tokenHash: string, now: number): Promise<(SessionRecord & { flow: FlowStatusInputs }) | null>;
  /** The device-id login with the retail start parameter. */
  setRetail(uid: string, retail: boolean): Promise<void>;
  /** The location check; null forgets the answer. */
  setInsideUae(uid: string, inside: boolean | null): Promise<void>;
  /** The id details. */
  setResidentType(uid: string, type: ResidentType | null): Promise<void>;
  /** The delivery form. */
  setDeliveryForm(uid: string, present: boolean): Promise<void>;
  /** The e-mail check: the entered e-mail when it belongs to a terminated account, else null. */
  setTerminatedEmail(uid: string, email: string | null): Promise<void>;
  /** Going back to the id check (SPEC 2, step 6): residency and delivery form are asked again. */
  clearIdCheckAnswers(uid: string): Promise<void>;
  /**
   * Going back from the first address step to the residency check (SPEC 2): residency, SIM type,
   * delivery form and the resident validation are cleared, so the answers and the identity check
   * are asked again. Does nothing once the plan is paid.
   */
  clearResidency(uid: string): Promise<void>;


  /**
   * Housekeeping, the retention schedule (flow/retention.ts), in one transaction: a visitor whose
   * sale (order, else captured payment) is older than saleBefore, and a visitor who bought nothing
   * and whose last step (first visit, identity decision, payment attempt) is older than
   * unsoldVisitorBefore, are deleted with everything of theirs (orders, payments, identity
   * decisions, saved plan, feedback), unless still there (a live session, a number held).
   */
  pruneVisitors(cutoffs: Pick<RetentionCutoffs, 'saleBefore' | 'unsoldVisitorBefore'>): Promise<Pick<RetentionReport, 'sales' | 'unsoldVisitors'>>;
}
