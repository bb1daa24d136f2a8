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
import { decideFlowKey, deriveFlags } from '../domain/flow-status';
import { badRequest, flowOrder } from '../http/http-error';
import { authOf } from '../http/session-auth';
import { parseInput } from '../http/validate';

const KEYS: readonly number[] = Object.values(FLOW_STATUS_KEYS);
const isFlowStatusKey = (k: number): k is FlowStatusKey => KEYS.includes(k);

export async function meRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/me/flow_status', async (request): Promise<FlowStatusResponse> => {
    const state = await ctx.store.getFlowState(authOf(request).uid, ctx.now());
    return { flow_status_flags: deriveFlags(state) };
  });

  app.post('/me/flow_status', async (request): Promise<FlowStatusResponse> => {
    const { uid } = authOf(request);
    const { key } = parseInput(FlowStatusUpdateBody, request.body, 'body');
    if (!isFlowStatusKey(key)) throw badRequest('body.key', `must be one of ${KEYS.join(', ')}`);
    const state = await ctx.store.getFlowState(uid, ctx.now());
    // The server decides whether a step is done; the client only reports that it got there.
    const decision = decideFlowKey(key, state);
    if (!decision.ok) throw flowOrder(decision.reason);
    await ctx.store.updateFlowFlags(uid, decision.change);
    return { flow_status_flags: deriveFlags(await ctx.store.getFlowState(uid, ctx.now())) };
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
