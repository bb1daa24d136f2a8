import type { LightMyRequestResponse } from 'fastify';
import { CustomerSessionResponse, DeviceCodeResponse } from '@join/shared/contract';
import { clientHeaders, newDeviceId, type TestApp, type Visitor } from '../../../testing/harness';
import { RETAIL_COOKIES } from '../rules';

/** The sandbox's seeded staff (api/README.md "Retail"). */
export const DXB = { shop: 'dxb-mall', manager: { id: 'M1001', pin: '246810' }, staff: { id: 'S1001', pin: '135790' }, staff2: { id: 'S1002', pin: '975310' } };
export const AUH = { shop: 'auh-marina', manager: { id: 'M2001', pin: '864200' }, staff: { id: 'S2001', pin: '112358' } };

/** The cookies a browser would hold, by name. */
export type Jar = Record<string, string>;

export const cookieHeader = (jar: Jar): string =>
  Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

/** The jar after an answer's Set-Cookie (a cleared cookie leaves it). */
export function withCookies(jar: Jar, res: LightMyRequestResponse): Jar {
  const next = { ...jar };
  for (const c of res.cookies as { name: string; value: string }[]) {
    if (c.value === '') delete next[c.name];
    else next[c.name] = c.value;
  }
  return next;
}

export const setCookieOf = (res: LightMyRequestResponse, name: string) =>
  (res.cookies as { name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string; secure?: boolean }[]).find((c) => c.name === name);

/** A retail call with the given cookies (and SPEC 7 headers when given). */
export function retailCall(t: TestApp, method: 'GET' | 'POST', url: string, jar: Jar, body?: object, headers: Record<string, string> = {}) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...headers, ...(Object.keys(jar).length ? { cookie: cookieHeader(jar) } : {}) },
    ...(body ? { payload: body } : method === 'POST' ? { payload: {} } : {}),
  });
}

export async function deviceCode(t: TestApp): Promise<DeviceCodeResponse> {
  const res = await retailCall(t, 'POST', '/retail/device/code', {});
  if (res.statusCode !== 200) throw new Error(`device code: ${res.statusCode} ${res.body}`);
  return DeviceCodeResponse.parse(res.json());
}

export async function signInManager(t: TestApp, who: { id: string; pin: string }): Promise<Jar> {
  const res = await retailCall(t, 'POST', '/retail/manager/sign-in', {}, { staff_id: who.id, pin: who.pin });
  if (res.statusCode !== 200) throw new Error(`manager sign-in: ${res.statusCode} ${res.body}`);
  return withCookies({}, res);
}

/** A device enrolled into the manager's shop: its cookie jar. */
export async function enrolDevice(t: TestApp, manager: { id: string; pin: string } = DXB.manager): Promise<Jar> {
  const code = await deviceCode(t);
  const approved = await retailCall(t, 'POST', '/retail/device/approve', await signInManager(t, manager), { user_code: code.user_code, decision: 'approve' });
  if (approved.statusCode !== 200) throw new Error(`approve: ${approved.statusCode} ${approved.body}`);
  const token = await retailCall(t, 'POST', '/retail/device/token', {}, { device_code: code.device_code });
  if (token.statusCode !== 200) throw new Error(`token: ${token.statusCode} ${token.body}`);
  return withCookies({}, token);
}

/** The device's jar with a staff member signed in. */
export async function signInStaff(t: TestApp, device: Jar, who: { id: string; pin: string } = DXB.staff): Promise<Jar> {
  const res = await retailCall(t, 'POST', '/retail/staff/sign-in', device, { staff_id: who.id, pin: who.pin });
  if (res.statusCode !== 200) throw new Error(`staff sign-in: ${res.statusCode} ${res.body}`);
  return withCookies(device, res);
}

/** An enrolled device of the Dubai Mall with S1001 signed in. */
export async function shopDevice(t: TestApp): Promise<Jar> {
  return signInStaff(t, await enrolDevice(t));
}

export function startCustomerRaw(t: TestApp, jar: Jar, deviceId: string, body: object = {}) {
  return retailCall(t, 'POST', '/retail/customer-sessions', jar, body, clientHeaders(deviceId));
}

/** A retail customer on a fresh device id: a visitor the harness's helpers take. */
export async function startCustomer(t: TestApp, jar: Jar, deviceId = newDeviceId()): Promise<Visitor> {
  const res = await startCustomerRaw(t, jar, deviceId);
  if (res.statusCode !== 200) throw new Error(`customer session: ${res.statusCode} ${res.body}`);
  const session = CustomerSessionResponse.parse(res.json());
  return { deviceId, uid: session.profile.uid, sessionId: session.session_id, headers: clientHeaders(deviceId, session.session_id) };
}

export const COOKIE_NAMES = RETAIL_COOKIES;
