/**
 * @jest-environment node
 */
import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import { createStore } from 'jotai/vanilla';
import { createApiClient, type ApiClient } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { z } from 'zod';
import { EMPTY_FLOW_FLAGS, type FlowStatusFlags } from '../../schemas/entities';
import { flowFlagsAtom, serverFlowContextAtom, setFlowFlags, updateSession, type Store } from '../../store';
import { EMPTY_SERVER_FLOW_CONTEXT } from '../../flow/context';
import { createQueryClient } from '../query-client';
import { fetchFlowStatus, FLOW_STATUS_QUERY_KEY, linkFlowStatus } from '../flow-status';

/**
 * The one way the flags change: a write whose endpoint declares `changesFlow` brings the store's
 * flags up to date before it resolves, with no call in the step; other writes leave them alone.
 * Everything below is real (endpoint functions, API client, QueryClient, store) but the server,
 * a fake fetch answering by method and path.
 */
type Call = { method: string; path: string; session: string | null };
type Reply = { status?: number; body: unknown; wait?: Promise<void> };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const flowAnswer = (flags: Partial<FlowStatusFlags>, context: Partial<typeof EMPTY_SERVER_FLOW_CONTEXT> = {}) => ({
  flow_status_flags: { ...EMPTY_FLOW_FLAGS, ...flags },
  flow_context: { ...EMPTY_SERVER_FLOW_CONTEXT, ...context },
});

function fakeServer(routes: Record<string, Reply[]>) {
  const calls: Call[] = [];
  const impl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input as string, init);
    const path = new URL(req.url).pathname.replace(/^\/api/, '');
    calls.push({ method: req.method, path, session: req.headers.get('session-id') });
    const reply = routes[`${req.method} ${path}`]?.shift();
    if (!reply) throw new Error(`unexpected call ${req.method} ${path}`);
    await reply.wait;
    return json(reply.status ?? 200, reply.body);
  }) as typeof fetch;
  return { impl, calls };
}

/**
 * Writes as the domain contracts declare them (shared/src/domains/__tests__/flow-writes.test.ts
 * holds the real ones to the same declarations): a pickup and a delivery change the flow, a login
 * opens a session and changes it, a code request changes nothing.
 */
const Order = z.object({}).passthrough();
const Login = z.object({ session_id: z.string(), profile: z.object({ login_method: z.string() }) });
const domainWrites = (c: ApiClient) => ({
  pickup: (storeId: string) => c.request('POST', '/me/pickup', { schema: Order, body: { store_id: storeId }, changesFlow: true }),
  submitDelivery: () => c.request('POST', '/me/delivery', { schema: Order, body: { address: 'Villa 1' }, changesFlow: true }),
  login: (email: string, password: string) =>
    c.request('POST', '/securitymanagement/login', { schema: Login, body: { email, password }, opensSession: true, changesFlow: true }),
  validateCode: (email: string, code: string) =>
    c.request('POST', '/securitymanagement/validate_verification_code', { schema: Login, body: { email, code }, opensSession: true, changesFlow: true }),
  sendCode: (email: string) => c.request('POST', '/securitymanagement/send_verification_code', { schema: z.object({ resend_after_s: z.number() }), body: { email } }),
});

let unlink: () => void = () => undefined;
afterEach(() => unlink());

function page(routes: Record<string, Reply[]>): { client: ApiClient; queryClient: QueryClient; store: Store; calls: Call[] } {
  const server = fakeServer(routes);
  const store = createStore();
  updateSession({ deviceId: 'device-1', sessionId: 'device-session', uid: 'u1', accountNumber: null, language: 'en', gclid: null }, store);
  const client = createApiClient({ baseURL: 'http://api.test/api', store, fetchImpl: server.impl });
  const queryClient = createQueryClient();
  unlink = linkFlowStatus({ queryClient, store, api: endpoints(client), client });
  return { client, queryClient, store, calls: server.calls };
}

const flowReads = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === '/me/flow_status');

describe('the flow status: one query the writes keep current', () => {
  it('a flow-changing mutation refreshes the flags once, with no refresh call of its own', async () => {
    const { client, queryClient, store, calls } = page({
      'POST /me/pickup': [{ body: { order: null } }],
      'GET /me/flow_status': [{ body: flowAnswer({ is_plan_paid: true, is_delivery_in_progress: true }, { has_delivery_form: true }) }],
    });
    // What a step's useMutation does, without React: the mutation function is the endpoint alone.
    const pickup = new MutationObserver(queryClient, { mutationFn: () => domainWrites(client).pickup('store-1') });
    await pickup.mutate();
    expect(flowReads(calls)).toHaveLength(1);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /me/pickup', 'GET /me/flow_status']);
    expect(store.get(flowFlagsAtom)).toEqual({ ...EMPTY_FLOW_FLAGS, is_plan_paid: true, is_delivery_in_progress: true });
    expect(store.get(serverFlowContextAtom)?.has_delivery_form).toBe(true);
    // The store mirrors the one query: its data is what the store holds.
    expect(queryClient.getQueryData(FLOW_STATUS_QUERY_KEY)).toEqual(flowAnswer({ is_plan_paid: true, is_delivery_in_progress: true }, { has_delivery_form: true }));
  });

  it('a write that does not change the flow reads no flags', async () => {
    const { client, queryClient, store, calls } = page({ 'POST /securitymanagement/send_verification_code': [{ body: { expires_in_s: 600, resend_after_s: 30 } }] });
    setFlowFlags({ ...EMPTY_FLOW_FLAGS, is_plan_selected: true }, store);
    const send = new MutationObserver(queryClient, { mutationFn: () => domainWrites(client).sendCode('amira@example.com') });
    await send.mutate();
    expect(flowReads(calls)).toHaveLength(0);
    expect(store.get(flowFlagsAtom)).toEqual({ ...EMPTY_FLOW_FLAGS, is_plan_selected: true });
  });

  it('an answer that carries the flags is taken as it is: no second read', async () => {
    const { client, store, calls } = page({ 'POST /me/flow_status': [{ body: flowAnswer({ is_plan_selected: true }) }] });
    await endpoints(client).postFlowStatus(13);
    expect(flowReads(calls)).toHaveLength(0);
    expect(store.get(flowFlagsAtom)).toEqual({ ...EMPTY_FLOW_FLAGS, is_plan_selected: true });
  });

  it('a refusal may have changed the flow (a terminated e-mail is recorded): the flags are read before it rejects; a lost connection is not', async () => {
    const { client, store, calls } = page({
      'POST /securitymanagement/validate_verification_code': [
        { status: 409, body: { code: 'account_with_terminated_number', message: 'terminated' } },
        { status: 503, body: 'down' },
      ],
      'GET /me/flow_status': [{ body: flowAnswer({}, { terminated_email: 'former@example.com' }) }],
    });
    await expect(domainWrites(client).validateCode('former@example.com', '123456')).rejects.toMatchObject({ code: 'account_with_terminated_number' });
    expect(store.get(serverFlowContextAtom)?.terminated_email).toBe('former@example.com');
    await expect(domainWrites(client).validateCode('former@example.com', '123456')).rejects.toMatchObject({ status: 503 });
    expect(flowReads(calls)).toHaveLength(1);
  });

  it('a login keeps its new session before the flags are read with it (the server revoked the old one)', async () => {
    const { client, store, calls } = page({
      'POST /securitymanagement/login': [{ body: { session_id: 'account-session', profile: { uid: 'u1', email: 'a@example.com', has_password: true, login_method: 'password' } } }],
      'GET /me/flow_status': [{ body: flowAnswer({ is_logged_in_via_email: true, has_password: true }) }],
    });
    await domainWrites(client).login('a@example.com', 'Welcome2026');
    expect(flowReads(calls)).toEqual([{ method: 'GET', path: '/me/flow_status', session: 'account-session' }]);
    expect(store.get(flowFlagsAtom)?.is_logged_in_via_email).toBe(true);
  });

  it('a read that started before the write cannot bring back the flags from before it', async () => {
    let answerOldRead: () => void = () => undefined;
    const oldRead = new Promise<void>((resolve) => (answerOldRead = resolve));
    const { client, queryClient, store } = page({
      'GET /me/flow_status': [{ body: flowAnswer({}), wait: oldRead }, { body: flowAnswer({ is_plan_selected: true, is_number_selected: true }) }],
      'POST /me/delivery': [{ body: { order: null } }],
    });
    queryClient.setQueryData(FLOW_STATUS_QUERY_KEY, flowAnswer({ is_plan_selected: true }));
    const before = fetchFlowStatus(queryClient);
    await domainWrites(client).submitDelivery();
    answerOldRead();
    await before.catch(() => undefined);
    expect(store.get(flowFlagsAtom)).toEqual({ ...EMPTY_FLOW_FLAGS, is_plan_selected: true, is_number_selected: true });
  });

  it('a wiped session drops the query with the flags', async () => {
    const { client, queryClient, store } = page({ 'POST /me/flow_status': [{ body: flowAnswer({ is_plan_selected: true }) }] });
    await endpoints(client).postFlowStatus(13);
    setFlowFlags(null, store);
    expect(queryClient.getQueryData(FLOW_STATUS_QUERY_KEY)).toBeUndefined();
  });
});
