import { DeviceTokenError, RETAIL_ERROR_CODES, RetailDeviceResponse } from '@join/shared/contract';
import { createTestApp, expectApiError, withTestApp, type TestApp } from '../../../testing/harness';
import { AUH, COOKIE_NAMES, DXB, deviceCode, enrolDevice, retailCall, setCookieOf, signInManager, withCookies } from './retail-helpers';

/** A shop device's enrolment: RFC 8628's device flow, a manager approving for their own shop. */
describe('shop device enrolment', () => {
  let t: TestApp;
  withTestApp((app) => (t = app), { visitors: 0 });

  const poll = (deviceCodeValue: string) => retailCall(t, 'POST', '/retail/device/token', {}, { device_code: deviceCodeValue });
  const errorOf = async (deviceCodeValue: string) => {
    const res = await poll(deviceCodeValue);
    expect(res.statusCode).toBe(400);
    return DeviceTokenError.parse(res.json()).error;
  };
  const decide = async (manager: { id: string; pin: string }, userCode: string, decision: 'approve' | 'deny') =>
    retailCall(t, 'POST', '/retail/device/approve', await signInManager(t, manager), { user_code: userCode, decision });

  it('gives a 256-bit device code and an eight-letter code shown XXXX-XXXX, for 600 s, polled every 5 s', async () => {
    const code = await deviceCode(t);
    expect(code.device_code).toMatch(/^[0-9a-f]{64}$/);
    expect(code.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(code).toMatchObject({ expires_in: 600, interval: 5 });
    expect(code.verification_uri).toMatch(/\/#\/retail\/manager$/);
  });

  it('answers authorization_pending, then slow_down to a device polling faster than the interval (and a longer interval after)', async () => {
    const code = await deviceCode(t);
    expect(await errorOf(code.device_code)).toBe('authorization_pending');
    t.clock.advance(2_000);
    expect(await errorOf(code.device_code)).toBe('slow_down');
    // The interval grew by 5 s: 6 s later is still too soon.
    t.clock.advance(6_000);
    expect(await errorOf(code.device_code)).toBe('slow_down');
    t.clock.advance(15_000);
    expect(await errorOf(code.device_code)).toBe('authorization_pending');
  });

  it('enrols the device into the approving manager’s shop: a long-lived HttpOnly, SameSite=Strict device cookie on /api', async () => {
    const code = await deviceCode(t);
    const approved = await decide(DXB.manager, code.user_code, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ decision: 'approve', shop: { id: DXB.shop, name: 'Dubai Mall', name_ar: 'دبي مول' } });
    const token = await poll(code.device_code);
    expect(token.statusCode).toBe(200);
    expect(token.json()).toMatchObject({ device_id: (approved.json() as { device_id: string }).device_id, shop: { id: DXB.shop } });
    const cookie = setCookieOf(token, COOKIE_NAMES.device);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    expect(cookie?.value).toMatch(/^[0-9a-f]{64}$/);
    // Never the device code: a code seen over the shoulder enrols nothing more.
    expect(cookie?.value).not.toBe(code.device_code);
    const device = await retailCall(t, 'GET', '/retail/device', withCookies({}, token));
    expect(RetailDeviceResponse.parse(device.json())).toMatchObject({ shop: { id: DXB.shop }, staff: null, staff_expires_at: null });
  });

  it('marks the device cookie Secure when the request came over HTTPS (through a trusted proxy), and only then', async () => {
    const overHttps = async (app: TestApp) => {
      const code = await deviceCode(app);
      const manager = await signInManager(app, DXB.manager);
      await retailCall(app, 'POST', '/retail/device/approve', manager, { user_code: code.user_code, decision: 'approve' });
      const res = await app.app.inject({ method: 'POST', url: '/api/retail/device/token', payload: { device_code: code.device_code }, headers: { 'x-forwarded-proto': 'https' } });
      return setCookieOf(res, COOKIE_NAMES.device)?.secure ?? false;
    };
    // Without a trusted proxy the forwarded scheme is not believed.
    expect(await overHttps(t)).toBe(false);
    const proxied = await createTestApp({ trustProxy: ['loopback'] });
    try {
      expect(await overHttps(proxied)).toBe(true);
    } finally {
      await proxied.close();
    }
  });

  it('exchanges an approved code once: a second poll (a copied device code) gets invalid_grant', async () => {
    const code = await deviceCode(t);
    await decide(DXB.manager, code.user_code, 'approve');
    expect((await poll(code.device_code)).statusCode).toBe(200);
    expect(await errorOf(code.device_code)).toBe('invalid_grant');
  });

  it('decides a code once: approved by one manager, neither another shop’s manager nor the same one can decide it again', async () => {
    const code = await deviceCode(t);
    expect((await decide(DXB.manager, code.user_code, 'approve')).statusCode).toBe(200);
    expectApiError(await decide(AUH.manager, code.user_code, 'approve'), 400, RETAIL_ERROR_CODES.pairingCodeInvalid);
    expectApiError(await decide(DXB.manager, code.user_code, 'deny'), 400, RETAIL_ERROR_CODES.pairingCodeInvalid);
    expect(await poll(code.device_code).then((r) => r.json())).toMatchObject({ shop: { id: DXB.shop } });
  });

  it('enrols into the Abu Dhabi shop when its manager approves: a manager approves only for their own shop', async () => {
    const device = await enrolDevice(t, AUH.manager);
    expect((await retailCall(t, 'GET', '/retail/device', device)).json()).toMatchObject({ shop: { id: AUH.shop, name_ar: 'مارينا مول أبوظبي' } });
  });

  it('answers access_denied after a denial, and enrols nothing', async () => {
    const code = await deviceCode(t);
    const denied = await decide(DXB.manager, code.user_code, 'deny');
    expect(denied.json()).toMatchObject({ device_id: null, decision: 'deny' });
    expect(await errorOf(code.device_code)).toBe('access_denied');
    expect(await errorOf(code.device_code)).toBe('access_denied');
  });

  it('expires after 600 s: expired_token, and the code can no longer be approved', async () => {
    const code = await deviceCode(t);
    t.clock.advance(600_000);
    expect(await errorOf(code.device_code)).toBe('expired_token');
    expectApiError(await decide(DXB.manager, code.user_code, 'approve'), 400, RETAIL_ERROR_CODES.pairingCodeInvalid);
  });

  it('does not hand over a device approved in time but collected after the code expired', async () => {
    const code = await deviceCode(t);
    await decide(DXB.manager, code.user_code, 'approve');
    t.clock.advance(601_000);
    expect(await errorOf(code.device_code)).toBe('expired_token');
  });

  it('answers invalid_grant to a made-up device code', async () => {
    expect(await errorOf('f'.repeat(64))).toBe('invalid_grant');
  });

  it('takes the code typed in lower case, with or without its dash', async () => {
    const code = await deviceCode(t);
    expect((await decide(DXB.manager, code.user_code.replace('-', '').toLowerCase(), 'approve')).statusCode).toBe(200);
  });

  it('refuses approval without a manager sign-in, and to a staff member who is not a manager', async () => {
    const code = await deviceCode(t);
    expectApiError(await retailCall(t, 'POST', '/retail/device/approve', {}, { user_code: code.user_code, decision: 'approve' }), 401, RETAIL_ERROR_CODES.staffSignedOut);
    const staffAsManager = await retailCall(t, 'POST', '/retail/manager/sign-in', {}, { staff_id: DXB.staff.id, pin: DXB.staff.pin });
    expectApiError(staffAsManager, 403, RETAIL_ERROR_CODES.notManager);
    expect(setCookieOf(staffAsManager, COOKIE_NAMES.manager)).toBeUndefined();
    // A forged manager cookie is nobody's.
    const forged = { [COOKIE_NAMES.manager]: 'a'.repeat(64) };
    expectApiError(await retailCall(t, 'POST', '/retail/device/approve', forged, { user_code: code.user_code, decision: 'approve' }), 401, RETAIL_ERROR_CODES.staffSignedOut);
  });

  it('ends a manager’s sign-in after 5 wrong pairing codes: guessing codes costs sign-ins', async () => {
    const code = await deviceCode(t);
    const manager = await signInManager(t, DXB.manager);
    for (const guess of ['BBBB-BBBB', 'CCCC-CCCC', 'DDDD-DDDD', 'FFFF-FFFF', 'GGGG-GGGG']) {
      expectApiError(await retailCall(t, 'POST', '/retail/device/approve', manager, { user_code: guess, decision: 'approve' }), 400, RETAIL_ERROR_CODES.pairingCodeInvalid);
    }
    expectApiError(await retailCall(t, 'POST', '/retail/device/approve', manager, { user_code: code.user_code, decision: 'approve' }), 401, RETAIL_ERROR_CODES.staffSignedOut);
  });

  it('ends the manager sign-in after 15 minutes', async () => {
    const code = await deviceCode(t);
    const manager = await signInManager(t, DXB.manager);
    t.clock.advance(15 * 60_000);
    expectApiError(await retailCall(t, 'POST', '/retail/device/approve', manager, { user_code: code.user_code, decision: 'approve' }), 401, RETAIL_ERROR_CODES.staffSignedOut);
  });

  it('answers 401 device_not_enrolled to a browser without the device cookie, or with a made-up one', async () => {
    expectApiError(await retailCall(t, 'GET', '/retail/device', {}), 401, RETAIL_ERROR_CODES.deviceNotEnrolled);
    expectApiError(await retailCall(t, 'GET', '/retail/device', { [COOKIE_NAMES.device]: 'b'.repeat(64) }), 401, RETAIL_ERROR_CODES.deviceNotEnrolled);
  });

  it('spends the approve budget per address (besides the wrong codes per manager): 429 past it', async () => {
    const limited = await createTestApp({ rateLimit: { retailApproveMax: 2 } });
    try {
      const managers = [await signInManager(limited, DXB.manager), await signInManager(limited, AUH.manager)];
      const tries = [];
      for (const m of [...managers, ...managers]) tries.push((await retailCall(limited, 'POST', '/retail/device/approve', m, { user_code: 'BBBB-BBBB', decision: 'deny' })).statusCode);
      expect(tries).toEqual([400, 400, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
