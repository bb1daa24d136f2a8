import type { FastifyInstance } from 'fastify';
import {
  clearsOnBack,
  FlowBackBody,
  isRouteAllowed,
  normalizePath,
  ROUTES,
  FLOW_STATUS_KEYS,
  FlowStatusUpdateBody,
  PreferenceBody,
  type CurrentTimestampResponse,
  type FlowStatusKey,
  type FlowStatusResponse,
  type PreferencesResponse,
} from '@join/shared/contract';
import type { AppContext } from '../../app-context';
import { loadFlowStatus, serverFlowContext, type FlowStatusCaller } from './flow-context';
import { decideFlowKey } from './flow-status';
import { callerOf } from '../../platform/http/caller';
import type { FlowStepOf } from '../../platform/http/step-guard';
import { badRequest, flowOrder } from '../../platform/http/http-error';
import { authOf } from '../../platform/http/session-auth';
import { parseInput } from '../../platform/http/validate';
import type { OrderLock } from '../../platform/http/order-lock';

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

export async function meRoutes(app: FastifyInstance, ctx: AppContext, lock: OrderLock): Promise<void> {
  app.get('/me/flow_status', async (request): Promise<FlowStatusResponse> => flowStatusOf(ctx, authOf(request)));

  app.post('/me/flow_status', { config: { flowStep: stepOfFlowKey } }, async (request): Promise<FlowStatusResponse> => {
    const auth = authOf(request);
    const { uid } = auth;
    const { key } = parseInput(FlowStatusUpdateBody, request.body, 'body');
    if (!isFlowStatusKey(key)) throw badRequest('body.key', `must be one of ${KEYS.join(', ')}`);
    // "Number cancelled" lets the number of an open payment go (issue 23).
    if (key === FLOW_STATUS_KEYS.numberCancelled) await lock.refuseWhilePaying(callerOf(request));
    const state = await ctx.store.getFlowState(uid, ctx.now());
    // The server decides whether a step is done; the client only reports that it got there.
    const decision = decideFlowKey(key, state);
    if (!decision.ok) throw flowOrder(decision.reason);
    await ctx.store.updateFlowFlags(uid, decision.change);
    return flowStatusOf(ctx, auth);
  });

  /**
   * Going back from a route that clears answers (SPEC 2 "Back navigation"; the flow contract's
   * clearsOnBack, the same function the host reads): only from where the visitor is allowed to
   * be, and only what that route clears. The first address step clears the residency answers and
   * the resident validation (the residency check asks them again); a later id check screen its
   * residency and delivery form answers.
   */
  app.post('/me/flow_back', async (request): Promise<FlowStatusResponse> => {
    const auth = authOf(request);
    const { from } = parseInput(FlowBackBody, request.body, 'body');
    const path = normalizePath(from);
    const clears = clearsOnBack(path);
    if (clears.length === 0) throw badRequest('body.from', 'going back from this route clears nothing');
    const status = await loadFlowStatus(ctx, auth);
    if (!isRouteAllowed(path, serverFlowContext(status))) throw flowOrder(`You are not on ${path}: nothing to clear there`);
    if (path === ROUTES.submitDelivery) await ctx.store.clearResidency(auth.uid);
    else await ctx.store.clearIdCheckAnswers(auth.uid);
    request.log.info({ event: 'flow_back', from: path, cleared: clears }, 'answers cleared going back');
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
