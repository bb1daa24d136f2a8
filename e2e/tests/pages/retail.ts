import { expect, request as newRequest, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { apiHeaders } from './api-as-visitor';

/**
 * Shop devices for the retail walks, through the API as a shop would set one up: the device asks
 * for a pairing code (RFC 8628), a manager approves it from a device of their own, the device
 * exchanges its code for the enrolment cookie, a staff member signs in. Given the page's own
 * request context (`page.request`), the cookies land in the browser's jar, as if the screens had
 * been walked; `retail-enrol.spec.ts` walks those screens themselves.
 *
 * The shops and staff are the sandbox's seed (api/src/modules/retail/seed).
 */
export interface StaffMember {
  id: string;
  pin: string;
  name: string;
}

export interface Shop {
  id: string;
  name: string;
  nameAr: string;
  terminal: string;
  manager: StaffMember;
  staff: readonly StaffMember[];
}

export const DUBAI_MALL: Shop = {
  id: 'dxb-mall',
  name: 'Dubai Mall',
  nameAr: 'دبي مول',
  terminal: 'term-dxb-mall',
  manager: { id: 'M1001', pin: '246810', name: 'Mariam Al Suwaidi' },
  staff: [
    { id: 'S1001', pin: '135790', name: 'Omar Haddad' },
    { id: 'S1002', pin: '975310', name: 'Priya Nair' },
  ],
};

export const MARINA_MALL: Shop = {
  id: 'auh-marina',
  name: 'Marina Mall Abu Dhabi',
  nameAr: 'مارينا مول أبوظبي',
  terminal: 'term-auh-marina',
  manager: { id: 'M2001', pin: '864200', name: 'Khalid Al Mansoori' },
  staff: [{ id: 'S2001', pin: '112358', name: 'Aisha Rahman' }],
};

async function must<T>(what: string, response: APIResponse): Promise<T> {
  const text = await response.text();
  expect(response.status(), `${what}: ${text}`).toBe(200);
  return JSON.parse(text) as T;
}

/** A manager on their own device (its own cookie jar): signed in, approving or denying one pairing code. */
export async function decideAsManager(baseURL: string, userCode: string, decision: 'approve' | 'deny' = 'approve', manager: StaffMember = DUBAI_MALL.manager): Promise<void> {
  const managerDevice = await newRequest.newContext({ baseURL });
  try {
    await must('manager sign-in', await managerDevice.post('/api/retail/manager/sign-in', { form: { staff_id: manager.id, pin: manager.pin } }));
    await must(`${decision} ${userCode}`, await managerDevice.post('/api/retail/device/approve', { form: { user_code: userCode, decision } }));
  } finally {
    await managerDevice.dispose();
  }
}

/** Enrols the device whose cookie jar `request` is (the page's: `page.request`) in `shop`. */
export async function enrolDevice(request: APIRequestContext, baseURL: string, shop: Shop = DUBAI_MALL): Promise<{ deviceId: string }> {
  const code = await must<{ device_code: string; user_code: string }>('device code', await request.post('/api/retail/device/code', { form: {} }));
  await decideAsManager(baseURL, code.user_code, 'approve', shop.manager);
  const token = await must<{ device_id: string; shop: { id: string } }>('device token', await request.post('/api/retail/device/token', { form: { device_code: code.device_code } }));
  expect(token.shop.id).toBe(shop.id);
  return { deviceId: token.device_id };
}

/** A staff member signs in on the enrolled device whose cookie jar `request` is. */
export async function signInStaff(request: APIRequestContext, staff: StaffMember): Promise<void> {
  await must(`staff sign-in ${staff.id}`, await request.post('/api/retail/staff/sign-in', { form: { staff_id: staff.id, pin: staff.pin } }));
}

/** The browser of `page` made a shop device of `shop` with `staff` signed in (through the API). */
export async function shopDevice(page: Page, baseURL: string, shop: Shop = DUBAI_MALL, staff: StaffMember = shop.staff[0]!): Promise<{ deviceId: string }> {
  const device = await enrolDevice(page.request, baseURL, shop);
  await signInStaff(page.request, staff);
  return device;
}

/** A retail customer's session started through the API on the shop device of `request` (what "Start a new customer" does). */
export async function startCustomerSession(request: APIRequestContext): Promise<{ deviceId: string; sessionId: string; uid: string }> {
  const deviceId = crypto.randomUUID();
  const started = await must<{ session_id: string; profile: { uid: string } }>(
    'retail customer session',
    await request.post('/api/retail/customer-sessions', { headers: apiHeaders(deviceId), form: {} }),
  );
  return { deviceId, sessionId: started.session_id, uid: started.profile.uid };
}

/** One entry of a shop's audit (the API's AuditEntry, as the walks read it). */
export interface AuditRow {
  action: string;
  device_id: string | null;
  staff_id: string | null;
  staff_name: string | null;
  ref: string | null;
  at: string;
}

/** The audit of the manager's shop as the manager reads it (GET /retail/audit). */
export async function readAudit(baseURL: string, manager: StaffMember = DUBAI_MALL.manager): Promise<AuditRow[]> {
  const managerDevice = await newRequest.newContext({ baseURL });
  try {
    await must('manager sign-in', await managerDevice.post('/api/retail/manager/sign-in', { form: { staff_id: manager.id, pin: manager.pin } }));
    const audit = await must<{ entries: AuditRow[] }>('audit', await managerDevice.get('/api/retail/audit'));
    return audit.entries;
  } finally {
    await managerDevice.dispose();
  }
}
