import { RETAIL_ERROR_CODES, RetailDeviceResponse, StaffSignInResponse } from '@join/shared/contract';
import { expectApiError, withTestApp, type TestApp } from '../../../testing/harness';
import { AUH, COOKIE_NAMES, DXB, enrolDevice, retailCall, setCookieOf, signInStaff, type Jar } from './retail-helpers';

/** Staff sign-in on an enrolled shop device: one answer for any wrong id or PIN, locks, a cookie bound to the device. */
describe('staff sign-in on a shop device', () => {
  let t: TestApp;
  let device: Jar;
  withTestApp((app) => (t = app), { visitors: 0 });
  beforeEach(async () => {
    device = await enrolDevice(t);
  });

  const signIn = (jar: Jar, staffId: string, pin: string) => retailCall(t, 'POST', '/retail/staff/sign-in', jar, { staff_id: staffId, pin });
  const whoIsOn = async (jar: Jar) => RetailDeviceResponse.parse((await retailCall(t, 'GET', '/retail/device', jar)).json()).staff;

  it('signs a staff member of the device’s shop in for one 8-hour shift, with an HttpOnly, SameSite=Strict cookie on /api', async () => {
    const res = await signIn(device, DXB.staff.id, DXB.staff.pin);
    expect(res.statusCode).toBe(200);
    const answer = StaffSignInResponse.parse(res.json());
    expect(answer).toMatchObject({ staff: { staff_id: 'S1001', role: 'staff' }, shop: { id: DXB.shop } });
    expect(Date.parse(answer.expires_at) - t.clock.now()).toBe(8 * 3600_000);
    expect(setCookieOf(res, COOKIE_NAMES.staff)).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    const jar = await signInStaff(t, device);
    expect(await whoIsOn(jar)).toMatchObject({ staff_id: 'S1001' });
    // Not sliding: used all day, it still ends with the shift.
    t.clock.advance(8 * 3600_000 - 1000);
    expect(await whoIsOn(jar)).not.toBeNull();
    t.clock.advance(1000);
    expect(await whoIsOn(jar)).toBeNull();
  });

  it('needs the device cookie: no staff sign-in on a browser that is not an enrolled shop device', async () => {
    expectApiError(await signIn({}, DXB.staff.id, DXB.staff.pin), 401, RETAIL_ERROR_CODES.deviceNotEnrolled);
  });

  it('answers one message for a wrong PIN, an unknown staff id and another shop’s staff member', async () => {
    const answers = [await signIn(device, DXB.staff.id, '000000'), await signIn(device, 'S9999', DXB.staff.pin), await signIn(device, AUH.staff.id, AUH.staff.pin)];
    for (const res of answers) expectApiError(res, 401, RETAIL_ERROR_CODES.signInFailed);
    expect(new Set(answers.map((r) => (r.json() as { message: string }).message)).size).toBe(1);
    expect(answers.every((r) => setCookieOf(r, COOKIE_NAMES.staff) === undefined)).toBe(true);
  });

  it('locks a staff member for 15 minutes after 5 wrong PINs, even with the right one; unlocked after', async () => {
    for (let i = 0; i < 4; i += 1) expectApiError(await signIn(device, DXB.staff.id, '000000'), 401, RETAIL_ERROR_CODES.signInFailed);
    expectApiError(await signIn(device, DXB.staff.id, '000000'), 423, RETAIL_ERROR_CODES.staffLocked);
    const locked = await signIn(device, DXB.staff.id, DXB.staff.pin);
    expectApiError(locked, 423, RETAIL_ERROR_CODES.staffLocked);
    expect((locked.json() as { retry_after_s: number }).retry_after_s).toBe(15 * 60);
    // Another staff member on the same device is not locked out.
    expect((await signIn(device, DXB.staff2.id, DXB.staff2.pin)).statusCode).toBe(200);
    t.clock.advance(15 * 60_000);
    expect((await signIn(device, DXB.staff.id, DXB.staff.pin)).statusCode).toBe(200);
  });

  it('gives a fresh budget of 5 wrong PINs after a good PIN', async () => {
    for (let i = 0; i < 4; i += 1) await signIn(device, DXB.staff.id, '000000');
    expect((await signIn(device, DXB.staff.id, DXB.staff.pin)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expectApiError(await signIn(device, DXB.staff.id, '000000'), 401, RETAIL_ERROR_CODES.signInFailed);
  });

  it('never lets another shop’s device lock a staff member: guesses there count against that device only', async () => {
    const other = await enrolDevice(t, AUH.manager);
    for (let i = 0; i < 6; i += 1) expectApiError(await signIn(other, DXB.staff.id, '000000'), 401, RETAIL_ERROR_CODES.signInFailed);
    expect((await signIn(device, DXB.staff.id, DXB.staff.pin)).statusCode).toBe(200);
  });

  it('locks the device after 20 wrong PINs over all staff ids (spraying ids), for 15 minutes', async () => {
    for (let i = 0; i < 20; i += 1) await signIn(device, `S${9000 + i}`, '000000');
    expectApiError(await signIn(device, DXB.staff2.id, DXB.staff2.pin), 423, RETAIL_ERROR_CODES.staffLocked);
    t.clock.advance(15 * 60_000);
    expect((await signIn(device, DXB.staff2.id, DXB.staff2.pin)).statusCode).toBe(200);
  });

  it('refuses a staff cookie shown with another device’s cookie, or alone (a copied cookie is nobody’s)', async () => {
    const jar = await signInStaff(t, device);
    const otherDevice = await enrolDevice(t);
    const staffCookie = jar[COOKIE_NAMES.staff] ?? '';
    expect(await whoIsOn({ ...otherDevice, [COOKIE_NAMES.staff]: staffCookie })).toBeNull();
    expectApiError(await retailCall(t, 'GET', '/retail/device', { [COOKIE_NAMES.staff]: staffCookie }), 401, RETAIL_ERROR_CODES.deviceNotEnrolled);
    expect(await whoIsOn(jar)).toMatchObject({ staff_id: 'S1001' });
  });

  it('keeps one staff member per device: a second sign-in ends the first one’s credential', async () => {
    const first = await signInStaff(t, device);
    const second = await signInStaff(t, device, DXB.staff2);
    expect(await whoIsOn(first)).toBeNull();
    expect(await whoIsOn(second)).toMatchObject({ staff_id: 'S1002' });
  });

  it('signs out: the staff cookie is cleared and no longer good even if kept', async () => {
    const jar = await signInStaff(t, device);
    const res = await retailCall(t, 'POST', '/retail/staff/sign-out', jar);
    expect(res.statusCode).toBe(200);
    expect(RetailDeviceResponse.parse(res.json()).staff).toBeNull();
    expect(setCookieOf(res, COOKIE_NAMES.staff)?.value).toBe('');
    expect(await whoIsOn(jar)).toBeNull();
  });

  it('signs a manager in on any browser (not device-bound), with the same locks', async () => {
    const manager = (pin: string) => retailCall(t, 'POST', '/retail/manager/sign-in', {}, { staff_id: DXB.manager.id, pin });
    const ok = await manager(DXB.manager.pin);
    expect(ok.json()).toMatchObject({ manager: { staff_id: 'M1001', role: 'manager' }, shop: { id: DXB.shop } });
    expect(setCookieOf(ok, COOKIE_NAMES.manager)).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    for (let i = 0; i < 4; i += 1) expectApiError(await manager('111111'), 401, RETAIL_ERROR_CODES.signInFailed);
    expectApiError(await manager('111111'), 423, RETAIL_ERROR_CODES.staffLocked);
    expectApiError(await manager(DXB.manager.pin), 423, RETAIL_ERROR_CODES.staffLocked);
  });

  it('refuses a malformed staff id or PIN before any check', async () => {
    expect((await signIn(device, 'x', '12')).statusCode).toBe(400);
  });
});
