import type { FastifyInstance } from 'fastify';
import {
  FLOW_STATUS_KEYS,
  FlowStatusUpdateBody,
  PreferenceBody,
  type CurrentTimestampResponse,
  type FlowStatusKey,
  type FlowStatusResponse,
  type PreferencesResponse,
} from '@join/shared/contract';
import type { AppContext } from '../app-context';
import { loadFlowStatus, type FlowStatusCaller } from '../domain/flow-context';
import { decideFlowKey } from '../domain/flow-status';
import type { FlowStepOf } from '../http/step-guard';
import { badRequest, flowOrder } from '../http/http-error';
import { authOf } from '../http/session-auth';
import { parseInput } from '../http/validate';

const KEYS: readonly number[] = Object.values(FLOW_STATUS_KEYS);
const isFlowStatusKey = (k: number): k is FlowStatusKey => KEYS.includes(k);

/** The flags and, beside them, the non-flag inputs of the access rules. */
async function flowStatusOf(ctx: AppContext, caller: FlowStatusCaller): Promise<FlowStatusResponse> {
  const { flags, context } = await loadFlowStatus(ctx, caller);
  return { flow_status_flags: flags, flow_context: context };
}

/** A posted key reports a step: the number keys the number step, "plan saved" the plan step. */
const stepOfFlowKey: FlowStepOf = (request) => {
  const key = (request.body as { key?: unknown } | undefined)?.key;
  if (String(key) === String(FLOW_STATUS_KEYS.planSaved)) return 'plan';
  return KEYS.map(String).includes(String(key)) ? 'number' : null;
};

export async function meRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/me/flow_status', async (request): Promise<FlowStatusResponse> => flowStatusOf(ctx, authOf(request)));

  app.post('/me/flow_status', { config: { flowStep: stepOfFlowKey } }, async (request): Promise<FlowStatusResponse> => {
    const auth = authOf(request);
    const { uid } = auth;
    const { key } = parseInput(FlowStatusUpdateBody, request.body, 'body');
    if (!isFlowStatusKey(key)) throw badRequest('body.key', `must be one of ${KEYS.join(', ')}`);
    const state = await ctx.store.getFlowState(uid, ctx.now());
    // The server decides whether a step is done; the client only reports that it got there.
    const decision = decideFlowKey(key, state);
    if (!decision.ok) throw flowOrder(decision.reason);
    await ctx.store.updateFlowFlags(uid, decision.change);
    return flowStatusOf(ctx, auth);
  });

  const preferencesOf = async (uid: string): Promise<PreferencesResponse> => ({
    preferences: (await ctx.store.getPreferences(uid)).map((p) => ({ PreferenceID: p.preferenceId, Value: p.value })),
  });

  /** SPEC 7: sets one preference (a consent) of the visitor; answers all of theirs. */
  app.post('/me/preferences', async (request): Promise<PreferencesResponse> => {
    const { uid } = authOf(request);
    const { PreferenceID, Value } = parseInput(PreferenceBody, request.body, 'body');
    await ctx.store.setPreference(uid, PreferenceID, Value === 'true');
    return preferencesOf(uid);
  });

  /** Our addition to SPEC 7: the visitor's preferences, so a page can show a consent as given. */
  app.get('/me/preferences', async (request): Promise<PreferencesResponse> => preferencesOf(authOf(request).uid));

  app.get('/me/current_timestamp', async (): Promise<CurrentTimestampResponse> => ({ timestamp: ctx.now() }));
}
