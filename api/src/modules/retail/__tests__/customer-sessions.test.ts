import { API_ERROR_CODES, FlowStatusResponse, LoginByDeviceIdResponse, RETAIL_ERROR_CODES, buildFlowContext, isStepAllowed } from '@join/shared/contract';
import { clientHeaders, expectApiError, form, newDeviceId, withTestApp, type TestApp, type Visitor } from '../../../testing/harness';
import { connectSqliteRepositories } from '../../../database';
import { hashToken } from '../../../platform/sessions/tokens';
import { ADOPT_REFUSED, DEVICE_ID_REUSED } from '../errors';
import { retailPorts } from '../retail-ports';
import { AUH, COOKIE_NAMES, enrolDevice, retailCall, shopDevice, signInStaff, startCustomer, startCustomerRaw, type Jar } from './retail-helpers';

/** The sandbox's password account (account/seed/accounts.ts). */
const AMIRA = { email: 'amira@example.com', password: 'Welcome2026', accountId: '00000000-0000-4000-8000-00000000a001' };

/** Customer sessions on a shop device: retail only by a signed-in staff member's device, wiped on the server at the end. */
describe('retail customer sessions', () => {
  let t: TestApp;
  let shop: Jar;
  withTestApp((app) => (t = app), { visitors: 0 });
  beforeEach(async () => {
    shop = await shopDevice(t);
  });

  const flowOf = async (v: Visitor) => FlowStatusResponse.parse((await t.get(v, '/api/me/flow_status')).json());
  const end = (v: Visitor, jar: Jar, reason = 'end_session') =>
    retailCall(t, 'POST', '/retail/customer-sessions/end', jar, { reason }, v.headers);

  it('starts a retail session: the flow context says retail and, even logged in, the location check is not in the flow', async () => {
    const customer = await t.loginWithPassword(await startCustomer(t, shop), AMIRA.email, AMIRA.password);
    const status = await flowOf(customer);
    expect(status.flow_status_flags.is_logged_in_via_email).toBe(true);
    expect(status.flow_context?.retail).toBe(true);
    expect(isStepAllowed('location_check', buildFlowContext(status.flow_status_flags, status.flow_context, { navigatingInApp: true }))).toBe(false);
    expectApiError(await t.get(customer, '/api/securitymanagement/check_location.json?lat=25.2&lng=55.3&process_id=1'), 409, API_ERROR_CODES.stepNotAllowed);
    // The same visitor on their own phone (not a shop's session) is asked for the check.
    const own = await t.loginWithPassword(await t.login(), AMIRA.email, AMIRA.password);
    expect((await t.get(own, '/api/securitymanagement/check_location.json?lat=25.2&lng=55.3&process_id=1')).statusCode).toBe(200);
  });

  it('refuses without the staff sign-in, without the device, or with a staff cookie of another device', async () => {
    const device = await enrolDevice(t);
    expectApiError(await startCustomerRaw(t, device, newDeviceId()), 401, RETAIL_ERROR_CODES.staffSignedOut);
    expectApiError(await startCustomerRaw(t, {}, newDeviceId()), 401, RETAIL_ERROR_CODES.deviceNotEnrolled);
    const copied = { ...device, [COOKIE_NAMES.staff]: shop[COOKIE_NAMES.staff] ?? '' };
    expectApiError(await startCustomerRaw(t, copied, newDeviceId()), 401, RETAIL_ERROR_CODES.staffSignedOut);
  });

  it('needs a fresh device id per customer: one a visitor already used is refused (no inherited plan or identity)', async () => {
    const visitor = await t.login();
    expectApiError(await startCustomerRaw(t, shop, visitor.deviceId), 409, DEVICE_ID_REUSED);
    const first = await startCustomer(t, shop);
    expectApiError(await startCustomerRaw(t, shop, first.deviceId), 409, DEVICE_ID_REUSED);
  });

  it('ends the session on the server: Clear-Site-Data "cache", "storage" (not cookies), and the old session id is refused', async () => {
    const customer = await startCustomer(t, shop);
    const res = await end(customer, shop);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: true });
    expect(res.headers['clear-site-data']).toBe('"cache", "storage"');
    expect((await t.get(customer, '/api/me/flow_status')).statusCode).toBe(401);
    // The staff member stays signed in for the next customer.
    expect((await startCustomer(t, shop)).sessionId).toMatch(/^[0-9a-f]{64}$/);
  });

  it('ends a customer who logged in on the way (a new session id): every session of theirs goes', async () => {
    const started = await startCustomer(t, shop);
    const logged = await t.loginWithPassword(started, AMIRA.email, AMIRA.password);
    expect(logged.sessionId).not.toBe(started.sessionId);
    expect((await end(logged, shop)).json()).toEqual({ ended: true });
    for (const v of [started, logged]) expect((await t.get(v, '/api/me/flow_status')).statusCode).toBe(401);
  });

  it('does not let another device end (or learn of) a customer session', async () => {
    const customer = await startCustomer(t, shop);
    const elsewhere = await shopDevice(t);
    expect((await end(customer, elsewhere)).json()).toEqual({ ended: false });
    expect((await flowOf(customer)).flow_context?.retail).toBe(true);
  });

  it('ends the device’s open customer sessions when the staff member signs out', async () => {
    const a = await startCustomer(t, shop);
    const b = await startCustomer(t, shop);
    expect((await retailCall(t, 'POST', '/retail/staff/sign-out', shop)).statusCode).toBe(200);
    for (const v of [a, b]) expect((await t.get(v, '/api/me/flow_status')).statusCode).toBe(401);
  });

  it('tells the payment which shop, device, staff member and terminal a customer session is of, until it ends', async () => {
    const repos = connectSqliteRepositories(t.dbFile);
    try {
      const { retailSessions } = retailPorts({ repos, now: t.clock.now });
      const customer = await startCustomer(t, shop);
      const of = await retailSessions.sessionOf(hashToken(customer.sessionId));
      expect(of).toEqual({ shopId: 'dxb-mall', deviceId: expect.stringMatching(/^dev_/), staffId: 'S1001', terminalId: 'term-dxb-mall' });
      // After a login on the way (a new session id), still the shop's.
      const logged = await t.loginWithPassword(customer, AMIRA.email, AMIRA.password);
      expect(await retailSessions.sessionOf(hashToken(logged.sessionId))).toEqual(of);
      // A visitor on their own phone is no shop's; nor is an ended customer.
      expect(await retailSessions.sessionOf(hashToken((await t.login()).sessionId))).toBeNull();
      await end(logged, shop);
      expect(await retailSessions.sessionOf(hashToken(logged.sessionId))).toBeNull();
    } finally {
      await repos.close();
    }
  });

  describe('adopting a session with SPEC 4’s session and account', () => {
    it('adopts a session of this device id and that account, and makes it retail', async () => {
      const logged = await t.loginWithPassword(await t.login(), AMIRA.email, AMIRA.password);
      const account = AMIRA.accountId;
      const res = await startCustomerRaw(t, shop, logged.deviceId, { session: logged.sessionId, account });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ session_id: logged.sessionId, profile: { uid: logged.uid } });
      expect((await flowOf(logged)).flow_context?.retail).toBe(true);
    });

    it('refuses another device id’s session, another account, an unknown session, and half the pair', async () => {
      const logged = await t.loginWithPassword(await t.login(), AMIRA.email, AMIRA.password);
      const account = AMIRA.accountId;
      expectApiError(await startCustomerRaw(t, shop, newDeviceId(), { session: logged.sessionId, account }), 403, ADOPT_REFUSED);
      expectApiError(await startCustomerRaw(t, shop, logged.deviceId, { session: logged.sessionId, account: 'someone-else' }), 403, ADOPT_REFUSED);
      expectApiError(await startCustomerRaw(t, shop, logged.deviceId, { session: 'a'.repeat(64), account }), 403, ADOPT_REFUSED);
      expectApiError(await startCustomerRaw(t, shop, logged.deviceId, { session: logged.sessionId }), 403, ADOPT_REFUSED);
      // A visitor's device-id session belongs to no account.
      const visitor = await t.login();
      expectApiError(await startCustomerRaw(t, shop, visitor.deviceId, { session: visitor.sessionId, account }), 403, ADOPT_REFUSED);
      expect((await flowOf(logged)).flow_context?.retail).toBe(false);
    });

    it('refuses a retail session another shop device started, and one already ended', async () => {
      const customer = await startCustomer(t, shop);
      const other = await signInStaff(t, await enrolDevice(t, AUH.manager), AUH.staff);
      const logged = await t.loginWithPassword(customer, AMIRA.email, AMIRA.password);
      const account = AMIRA.accountId;
      const again = await startCustomerRaw(t, shop, logged.deviceId, { session: logged.sessionId, account });
      expect(again.statusCode).toBe(200);
      expectApiError(await startCustomerRaw(t, other, logged.deviceId, { session: logged.sessionId, account }), 403, ADOPT_REFUSED);
    });
  });

  describe('login_by_device_id with is_retail', () => {
    const login = (deviceId: string, jar: Jar) =>
      t.app.inject({
        method: 'POST',
        url: '/api/securitymanagement/login_by_device_id',
        ...form({ ...clientHeaders(deviceId), ...(Object.keys(jar).length ? { cookie: Object.entries(jar).map(([k, v]) => `${k}=${v}`).join('; ') } : {}) }, { is_retail: 'true' }),
      });

    it('is refused with 403 retail_credential_required without a shop device’s staff sign-in', async () => {
      const res = await login(newDeviceId(), {});
      expectApiError(res, 403, RETAIL_ERROR_CODES.retailCredentialRequired);
      expect((res.json() as { message: string }).message).toBe('Retail mode starts from a shop device signed in by staff');
      expectApiError(await login(newDeviceId(), await enrolDevice(t)), 403, RETAIL_ERROR_CODES.retailCredentialRequired);
    });

    it('starts a retail customer session from a signed-in shop device', async () => {
      const deviceId = newDeviceId();
      const res = await login(deviceId, shop);
      expect(res.statusCode).toBe(200);
      const session = LoginByDeviceIdResponse.parse(res.json());
      const visitor = { deviceId, uid: session.profile.uid, sessionId: session.session_id, headers: clientHeaders(deviceId, session.session_id) };
      expect((await flowOf(visitor)).flow_context?.retail).toBe(true);
    });
  });
});
