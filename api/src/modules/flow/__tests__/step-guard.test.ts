import type { LightMyRequestResponse } from 'fastify';
import {
  RETAIL_ERROR_CODES,
  API_ERROR_CODES,
  EMPTY_FLOW_FLAGS,
  EMPTY_SERVER_FLOW_CONTEXT,
  FlowStatusResponse,
  LoginByDeviceIdResponse,
  buildFlowContext,
  isStepAllowed,
  type FlowStatusFlags,
  type StepName,
} from '@join/shared/contract';
import { clientHeaders, createTestApp, form, type TestApp, type Visitor } from '../../../testing/harness';

/**
 * The API enforces SPEC 2's access rules with the host's rule functions. The server does not
 * store payment or delivery yet, so the tests lay those flags over the derived ones
 * (AppOptions.flowFlagsOverlay) to put a visitor where a step is closed. The e-mail login is
 * real: a visitor logs in with a code, and the overlay cannot set the login flags.
 */
type Call = { name: string; step: StepName; run: (t: TestApp, v: Visitor, held: string) => Promise<LightMyRequestResponse> };

const post = (url: string, body: Record<string, string | number>) => (t: TestApp, v: Visitor) => t.post(v, url, body);

/** Every state-changing call, by the step it belongs to. */
const GUARDED: readonly Call[] = [
  { name: 'POST /numbers (reserve)', step: 'number', run: (t, v, held) => t.post(v, '/api/numbers', { number: held }) },
  {
    name: 'DELETE /numbers (cancel)',
    step: 'number',
    run: (t, v, held) => t.app.inject({ method: 'DELETE', url: '/api/numbers', ...form(v.headers, { number: held }) }),
  },
  { name: 'POST /numbers/random', step: 'number', run: post('/api/numbers/random', { count: 1 }) },
  { name: 'GET /numbers?random=true', step: 'number', run: (t, v) => t.get(v, '/api/numbers?random=true') },
  { name: 'POST /numbers/search', step: 'number', run: post('/api/numbers/search', { pattern: '12', match: 'contains' }) },
  { name: 'POST /numbers/commit_number', step: 'number', run: post('/api/numbers/commit_number', {}) },
  {
    name: 'POST /mobile_number_portability/verify',
    step: 'number',
    run: post('/api/mobile_number_portability/verify', { external_number: '0551234567', operator: 'du' }),
  },
  {
    name: 'POST /mobile_number_portability/reserve',
    step: 'number',
    run: post('/api/mobile_number_portability/reserve', { number: '0551234567', operator: 'du' }),
  },
  { name: 'POST /me/flow_status key 12', step: 'number', run: post('/api/me/flow_status', { key: 12, value: 'true' }) },
  {
    name: 'POST /plans/saved_plans',
    step: 'plan',
    run: post('/api/plans/saved_plans', { plan_ids: '1881,1882,1883', product_code: 188, recharge_amount: 25 }),
  },
  { name: 'POST /products/save', step: 'plan', run: post('/api/products/save', { product_code: 188 }) },
  { name: 'GET /products/current?save=true', step: 'plan', run: (t, v) => t.get(v, '/api/products/current?save=true') },
  { name: 'POST /me/flow_status key 13', step: 'plan', run: post('/api/me/flow_status', { key: 13, value: 'true' }) },
];

/** Reads the cart and summary need once the plan and number steps are closed. */
const OPEN: readonly { name: string; url: string }[] = [
  { name: 'flow status', url: '/api/me/flow_status' },
  { name: 'own hold', url: '/api/numbers' },
  { name: 'reservations', url: '/api/numbers/reservation' },
  { name: 'saved plans', url: '/api/plans/saved_plans' },
  { name: 'current product', url: '/api/products/current' },
  { name: 'catalogue', url: '/api/products/available' },
  { name: 'plans of the product', url: '/api/plans/available' },
  { name: 'operators', url: '/api/mobile_number_portability/operators' },
  { name: 'preferences', url: '/api/me/preferences' },
];

const PAID: Partial<FlowStatusFlags> = { is_plan_paid: true };
const DONE: Partial<FlowStatusFlags> = { is_sim_delivered: true };

describe('the step guard', () => {
  let t: TestApp;
  /** The overlay per uid: what the server does not store yet. */
  const overlay = new Map<string, Partial<FlowStatusFlags>>();
  let alice: Visitor;
  let held: string;

  beforeAll(async () => {
    // Budgets high enough for the many transfer and random calls below.
    t = await createTestApp({
      flowFlagsOverlay: (uid) => overlay.get(uid) ?? {},
      rateLimit: { transferMax: 10_000, randomNumbersMax: 10_000, searchMax: 10_000 },
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    alice = await t.login();
    [held] = (await t.offer(alice)) as [string];
    expect((await t.post(alice, '/api/numbers', { number: held })).statusCode).toBe(200);
  });

  it.each(GUARDED.map((c) => [c.name, c] as const))('refuses %s once paid, naming its step, with 409 step_not_allowed', async (_name, call) => {
    overlay.set(alice.uid, PAID);
    const res = await call.run(t, alice, held);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: API_ERROR_CODES.stepNotAllowed, message: expect.stringContaining(`Step ${call.step} `) });
  });

  it.each(GUARDED.map((c) => [c.name, c] as const))('lets %s through while its step is open', async (_name, call) => {
    const res = await call.run(t, alice, held);
    expect(res.json()).not.toMatchObject({ code: API_ERROR_CODES.stepNotAllowed });
  });

  it.each(OPEN.map((o) => [o.name, o.url] as const))('keeps the %s read open once the order is done', async (_name, url) => {
    overlay.set(alice.uid, { ...PAID, ...DONE });
    expect((await t.get(alice, url)).statusCode).toBe(200);
  });

  it('changes nothing when it refuses: the hold stays', async () => {
    overlay.set(alice.uid, PAID);
    const cancel = GUARDED.find((c) => c.name.startsWith('DELETE'));
    expect((await cancel?.run(t, alice, held))?.statusCode).toBe(409);
    overlay.delete(alice.uid);
    const numbers = (await t.get(alice, '/api/numbers')).json() as { numbers: { MSISDN: string }[] };
    expect(numbers.numbers.map((n) => n.MSISDN)).toEqual([held]);
  });

  it('cannot be told by the overlay that a visitor logged in: the login flags are the session’s', async () => {
    overlay.set(alice.uid, { is_logged_in_via_email: true, has_password: true } as Partial<FlowStatusFlags>);
    const flags = FlowStatusResponse.parse((await t.get(alice, '/api/me/flow_status')).json()).flow_status_flags;
    expect(flags).toMatchObject({ is_logged_in_via_email: false, has_password: false });
  });

  it('decides with the same rule function as the host, on the flow status it answers', async () => {
    // The same device user twice: a session upgraded by a real code login, and a device-id one.
    const loggedIn = await t.loginWithCode(alice, `${alice.uid}@example.com`);
    const anonymous = await t.login(alice.deviceId);
    // Every combination of the flags that close or open the plan and number steps.
    const combos: { flags: Partial<FlowStatusFlags>; email: boolean }[] = [];
    for (const paid of [false, true]) {
      for (const done of [{}, { is_delivery_in_progress: true }, { is_sim_activated: true }]) {
        for (const email of [false, true]) combos.push({ flags: { is_plan_paid: paid, ...done }, email });
      }
    }
    for (const combo of combos) {
      overlay.set(alice.uid, combo.flags);
      const visitor = combo.email ? loggedIn : anonymous;
      // What the host would do: its FlowContext from the answer, through the same builder.
      const status = FlowStatusResponse.parse((await t.get(visitor, '/api/me/flow_status')).json());
      expect(status.flow_status_flags.is_logged_in_via_email).toBe(combo.email);
      const hostCtx = buildFlowContext(status.flow_status_flags, status.flow_context, { navigatingInApp: true });
      for (const call of GUARDED.filter((c) => !c.name.startsWith('DELETE') && !c.name.startsWith('POST /numbers ('))) {
        const refused = (await call.run(t, visitor, held)).json() as { code?: unknown };
        expect({ call: call.name, combo, refused: refused.code === API_ERROR_CODES.stepNotAllowed }).toEqual({
          call: call.name,
          combo,
          refused: !isStepAllowed(call.step, hostCtx),
        });
      }
    }
  });

  it('answers the flow context beside the flags on GET and POST /me/flow_status', async () => {
    const got = FlowStatusResponse.parse((await t.get(alice, '/api/me/flow_status')).json());
    expect(got.flow_context).toEqual(EMPTY_SERVER_FLOW_CONTEXT);
    expect(got.flow_status_flags).toEqual(EMPTY_FLOW_FLAGS);
    const posted = FlowStatusResponse.parse((await t.post(alice, '/api/me/flow_status', { key: 12, value: 'true' })).json());
    expect(posted.flow_context).toEqual(EMPTY_SERVER_FLOW_CONTEXT);
    expect(posted.flow_status_flags.is_number_selected).toBe(true);
  });
});

describe('retail by the device-id login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const loginWith = (deviceId: string, body: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/securitymanagement/login_by_device_id',
      ...form(clientHeaders(deviceId), body),
    });

  it('refuses is_retail from a client without a shop device’s staff sign-in (else anyone could skip the location check); other values are refused', async () => {
    const context = async (v: Visitor) => FlowStatusResponse.parse((await t.get(v, '/api/me/flow_status')).json()).flow_context;
    const deviceId = `dev-retail-${Date.now()}`;
    for (const claim of ['true', '1']) {
      const claimed = await loginWith(deviceId, { is_retail: claim });
      expect({ status: claimed.statusCode, code: (claimed.json() as { code: string }).code }).toEqual({ status: 403, code: RETAIL_ERROR_CODES.retailCredentialRequired });
    }
    const declined = await loginWith(deviceId, { is_retail: 'false' });
    expect(declined.statusCode).toBe(200);
    const session = LoginByDeviceIdResponse.parse(declined.json());
    const visitor = { deviceId, uid: session.profile.uid, sessionId: session.session_id, headers: clientHeaders(deviceId, session.session_id) };
    expect((await context(visitor))?.retail).toBe(false);
    expect((await context(await t.login(deviceId)))?.retail).toBe(false);
    expect((await loginWith(deviceId, { is_retail: 'yes' })).statusCode).toBe(400);
    expect((await loginWith(deviceId, { other: '1' })).statusCode).toBe(400);
  });
});

describe('every state-changing route declares its step', () => {
  /** Writes that belong to no step: sessions, and consents a visitor may give on any step. */
  const OPEN_WRITES = ['POST /api/securitymanagement/login_by_device_id', 'POST /api/securitymanagement/logout', 'POST /api/me/preferences',
    // Feedback may be sent from any screen, whatever the flow state (help modal).
    'POST /api/me/feedback',
    // The consent choice is offered on the first screen and from the footer on any screen (issue 28).
    'POST /api/consent.json',
    // The page's beacons come from every screen, stored only with the visitor's analytics consent (issue 28).
    'POST /api/collect',
    // The account step's calls are logins: a returning customer may log in from any screen
    // (SPEC 6), and each changes only the session and the account, which no step rule protects.
    'POST /api/securitymanagement/check_email', 'POST /api/securitymanagement/send_verification_code',
    'POST /api/securitymanagement/validate_verification_code', 'POST /api/securitymanagement/login',
    'POST /api/securitymanagement/set_password', 'POST /api/securitymanagement/social_nonce',
    'POST /api/securitymanagement/social_login',
    // The payment's confirms finish an attempt the payment step started: they are allowed on the
    // payment step or once paid (the /payment/confirmation rule, checked by their own preHandler),
    // so a confirm repeated after the capture answers the same receipt; and, for an e-mail login,
    // on a payment of theirs whose number's hold ended meanwhile, so its money is given back
    //. The cancel of an open payment is allowed the same way.
    'POST /api/payment/card/confirm', 'POST /api/payment/bnpl/confirm', 'POST /api/payment/counter/confirm', 'POST /api/payment/cancel',
    // The commitment contract by e-mail: any properly logged-in user with a saved commitment plan.
    'POST /api/me/contract_request',
    // The orders check their route's rule in their own preHandler (/submit_delivery,
    // /submit_delivery/store, and /thank-you with a paid eSIM): placing the order makes the step
    // done, so a repeat (a double click, a second tab) must get past it to answer the same order.
    'POST /api/me/delivery', 'POST /api/me/pickup', 'POST /api/me/esim',
    // Going back clears answers only on the route the visitor is allowed to be on (its own check: the
    // route comes in the body, so no one step guards it).
    'POST /api/me/flow_back',
    // Checking a friend's referral code writes nothing and applies nothing: it may be asked from any screen.
    'POST /api/promotions/validate_reward',
    // The e2e suite's clock (JOIN_TEST_HOOKS only, never in production; 404 without it): not a step of anyone's flow.
    'POST /dev/clock',
    // Retail (api/README.md "Retail"): a shop device's enrolment and sign-ins, with cookies, outside
    // any customer's flow; a customer session's start and end are the flow's beginning and end.
    'POST /api/retail/device/code', 'POST /api/retail/device/token', 'POST /api/retail/device/approve',
    'POST /api/retail/manager/sign-in', 'POST /api/retail/staff/sign-in', 'POST /api/retail/staff/sign-out',
    'POST /api/retail/customer-sessions', 'POST /api/retail/customer-sessions/end'];

  it('lists each POST and DELETE with its flowStep, or as open on purpose', async () => {
    const seen: string[] = [];
    const t = await createTestApp({
      onRoute: (route) => {
        const methods = ([] as string[]).concat(route.method);
        if (methods.some((m) => m === 'POST' || m === 'DELETE') && route.config?.flowStep === undefined) {
          seen.push(`${methods.join(',')} ${route.url}`);
        }
      },
    });
    await t.close();
    expect(seen.sort()).toEqual([...OPEN_WRITES].sort());
  });
});
