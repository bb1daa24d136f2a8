import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clearsOnBack,
  FlowBackBody,
  isRouteAllowed,
  normalizePath,
  ROUTES,
  FLOW_STATUS_KEYS,
  FlowStatusUpdateBody,
  PreferenceBody,
  CurrentTimestampResponse,
  type FlowStatusKey,
  FlowStatusResponse,
  PREFERENCE_IDS,
  PreferencesResponse,
} from '@join/shared/contract';
import type { FlowDeps } from './deps';
import { callerOf } from '../../platform/http/caller';
import { flowStatusFrom, loadFlowStatus, serverFlowContext, type FlowStatusCaller } from './flow-context';
import { decideFlowKey } from './flow-status';
import type { FlowStepOf } from '../../platform/http/step-guard';
import { badRequest, flowOrder } from '../../platform/refusals';
import { admitSession, authOf, type SessionGuardOptions } from '../../platform/http/session-auth';
import type { OrderLock } from '../../platform/order-lock';

const KEYS: readonly number[] = Object.values(FLOW_STATUS_KEYS);

/** The newsletter's configuration id (3) is an alias of the preference helper's (10), which is what is stored and answered. */
const storedPreferenceId = (id: number): number => (id === PREFERENCE_IDS.newsletterConfig ? PREFERENCE_IDS.newsletterHelper : id);
const isFlowStatusKey = (k: number): k is FlowStatusKey => KEYS.includes(k);

/** The flags and, beside them, the non-flag inputs of the access rules. */
async function flowStatusOf(ctx: FlowDeps, caller: FlowStatusCaller): Promise<FlowStatusResponse> {
  const { flags, context } = await loadFlowStatus(ctx, caller);
  return { flow_status_flags: flags, flow_context: context };
}

/** A posted key reports a step: the number keys the number step, "plan saved" the plan step. */
const stepOfFlowKey: FlowStepOf = (request) => {
  const key = (request.body as { key?: unknown } | undefined)?.key;
  if (String(key) === String(FLOW_STATUS_KEYS.planSaved)) return 'plan';
  return KEYS.map(String).includes(String(key)) ? 'number' : null;
};

const flowStatus = { response: { 200: FlowStatusResponse } };

/**
 * GET /me/flow_status, the call every step makes, on every screen and after every change of the
 * flow. It checks its own session (admitSession: the session guard's rules, the same refusals)
 * with a read of the session and the flow status in one statement, so it is registered beside the
 * session-guarded routes (api-routes.ts), not among them: the guard would read the session again.
 */
export async function flowStatusRoute(base: FastifyInstance, ctx: FlowDeps, session: SessionGuardOptions): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/me/flow_status', { schema: flowStatus }, async (request): Promise<FlowStatusResponse> => {
    const found = await admitSession(request, session, (tokenHash) => ctx.repos.getFlowStatusBySession(tokenHash, ctx.now()));
    const { flags, context } = flowStatusFrom(ctx, found.uid, found.flow);
    return { flow_status_flags: flags, flow_context: context };
  });
}

/** The visitor's other /me routes, behind the session guard. */
export async function meRoutes(base: FastifyInstance, ctx: FlowDeps, lock: OrderLock): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post('/me/flow_status', { schema: { ...flowStatus, body: FlowStatusUpdateBody }, config: { flowStep: stepOfFlowKey } }, async (request) => {
    const auth = authOf(request);
    const { uid } = auth;
    const { key } = request.body;
    if (!isFlowStatusKey(key)) throw badRequest('body.key', `must be one of ${KEYS.join(', ')}`);
    // "Number cancelled" lets the number of an open payment go.
    if (key === FLOW_STATUS_KEYS.numberCancelled) await lock.refuseWhilePaying(callerOf(request));
    const state = await ctx.repos.getFlowState(uid, ctx.now());
    // The server decides whether a step is done; the client only reports that it got there.
    const decision = decideFlowKey(key, state);
    if (!decision.ok) throw flowOrder(decision.reason);
    await ctx.repos.updateFlowFlags(uid, decision.change);
    return flowStatusOf(ctx, auth);
  });

  /**
   * Going back from a route that clears answers (SPEC 2 "Back navigation"; the flow contract's
   * clearsOnBack, the same function the host reads): only from where the visitor is allowed to
   * be, and only what that route clears. The first address step clears the residency answers and
   * the resident validation (the residency check asks them again); a later id check screen its
   * residency and delivery form answers.
   */
  app.post('/me/flow_back', { schema: { ...flowStatus, body: FlowBackBody } }, async (request) => {
    const auth = authOf(request);
    const { from } = request.body;
    const path = normalizePath(from);
    const clears = clearsOnBack(path);
    if (clears.length === 0) throw badRequest('body.from', 'going back from this route clears nothing');
    const status = await loadFlowStatus(ctx, auth);
    if (!isRouteAllowed(path, serverFlowContext(status))) throw flowOrder(`You are not on ${path}: nothing to clear there`);
    if (path === ROUTES.submitDelivery) await ctx.repos.clearResidency(auth.uid);
    else await ctx.repos.clearIdCheckAnswers(auth.uid);
    request.log.info({ event: 'flow_back', from: path, cleared: clears }, 'answers cleared going back');
    return flowStatusOf(ctx, auth);
  });

  const preferencesOf = async (uid: string): Promise<PreferencesResponse> => ({
    preferences: (await ctx.repos.getPreferences(uid)).map((p) => ({ PreferenceID: p.preferenceId, Value: p.value })),
  });

  /**
   * SPEC 7: sets one preference (a consent) of the session's visitor; answers all of theirs.
   * SPEC 3 gives the newsletter two ids (3 in configuration, 10 in the preference helper): both
   * are taken, and stored as one, 10 (newsletterPreferenceId), so that the visitor has one answer.
   */
  const preferences = { response: { 200: PreferencesResponse } };
  app.post('/me/preferences', { schema: { ...preferences, body: PreferenceBody } }, async (request) => {
    const { uid } = authOf(request);
    const { PreferenceID, Value } = request.body;
    await ctx.repos.setPreference(uid, storedPreferenceId(PreferenceID), Value === 'true');
    return preferencesOf(uid);
  });

  /** Our addition to SPEC 7: the visitor's preferences, so a page can show a consent as given. */
  app.get('/me/preferences', { schema: preferences }, async (request) => preferencesOf(authOf(request).uid));

  app.get('/me/current_timestamp', { schema: { response: { 200: CurrentTimestampResponse } } }, async () => ({ timestamp: ctx.now() }));
}
