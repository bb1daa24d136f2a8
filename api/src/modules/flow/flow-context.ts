import { buildFlowContext, type FlowContext, type FlowStatusFlags, type ServerFlowContext } from '@join/shared/contract';
import type { FlowStatusDeps } from './deps';
import type { AuthContext } from '../../platform/sessions/tokens';
import { deriveFlags } from './flow-status';
import type { FlowStatusInputs } from './repository';

/**
 * A user's flow status as the server knows it: the flags derived from the database, and the
 * non-flag inputs of the access rules. GET and POST /me/flow_status answer it and the step
 * guard decides on it, so the client is shown exactly what the server enforces.
 */
export interface ServerFlowStatus {
  flags: FlowStatusFlags;
  context: ServerFlowContext;
}

/** Who asks: the device user, and the account when the session is a logged-in one. */
export type FlowStatusCaller = Pick<AuthContext, 'uid' | 'accountId'>;

/**
 * The login flags are the SESSION's, not the device user's: is_logged_in_via_email when the
 * session was upgraded by a login (password, code, or a social token whose e-mail the provider
 * verified: each proves the e-mail), has_password when that account has a password. A device-id
 * session of the same device user reads both false (SPEC 6: only an e-mail login reaches payment).
 */
export async function loadFlowStatus(ctx: FlowStatusDeps, caller: FlowStatusCaller): Promise<ServerFlowStatus> {
  const { uid, accountId } = caller;
  // One read for the state, the context and the account (every step's call asks for it).
  return flowStatusFrom(ctx, uid, await ctx.repos.getFlowStatusInputs(uid, ctx.now(), accountId));
}

/** The flow status of `uid` from its stored inputs (loadFlowStatus's read, or GET /me/flow_status's with its session). */
export function flowStatusFrom(ctx: Pick<FlowStatusDeps, 'flowFlagsOverlay'>, uid: string, inputs: FlowStatusInputs): ServerFlowStatus {
  const { state, context, account } = inputs;
  const login = { is_logged_in_via_email: account !== null, has_password: account?.hasPassword === true };
  // A verification is the account's that made it, not the device's: another account on
  // this device, or a device-id session, reads none.
  const own = account !== null && state.verifiedAccountId === account.id;
  const identity = own ? state : { ...state, idVerified: false, residentDone: false };
  // The test overlay goes under the login flags: those come from a real login only.
  return { flags: { ...deriveFlags(identity), ...ctx.flowFlagsOverlay?.(uid), ...login }, context };
}

/**
 * The contract's FlowContext on the server, built by the host's own function. The client-only
 * bits (navigating in the app, the vip and search start) stay unset: the access rules
 * (isStepAllowed) do not read them, only the recommended route does.
 */
export function serverFlowContext(status: ServerFlowStatus): FlowContext {
  return buildFlowContext(status.flags, status.context);
}
