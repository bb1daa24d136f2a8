import { buildFlowContext, type FlowContext, type FlowStatusFlags, type ServerFlowContext } from '@join/shared/contract';
import type { AppContext } from '../app-context';
import { deriveFlags } from './flow-status';

/**
 * A user's flow status as the server knows it: the flags derived from the database, and the
 * non-flag inputs of the access rules. GET and POST /me/flow_status answer it and the step
 * guard decides on it, so the client is shown exactly what the server enforces.
 */
export interface ServerFlowStatus {
  flags: FlowStatusFlags;
  context: ServerFlowContext;
}

export async function loadFlowStatus(ctx: AppContext, uid: string): Promise<ServerFlowStatus> {
  const [state, context] = await Promise.all([ctx.store.getFlowState(uid, ctx.now()), ctx.store.getFlowContext(uid)]);
  return { flags: { ...deriveFlags(state), ...ctx.flowFlagsOverlay?.(uid) }, context };
}

/**
 * The contract's FlowContext on the server, built by the host's own function. The client-only
 * bits (navigating in the app, the vip and search start) stay unset: the access rules
 * (isStepAllowed) do not read them, only the recommended route does.
 */
export function serverFlowContext(status: ServerFlowStatus): FlowContext {
  return buildFlowContext(status.flags, status.context);
}
