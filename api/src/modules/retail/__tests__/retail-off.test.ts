import Database from 'better-sqlite3';
import { RETAIL_ERROR_CODES } from '@join/shared/contract';
import { clientHeaders, expectApiError, newDeviceId, withTestApp, type TestApp } from '../../../testing/harness';
import { COOKIE_NAMES, retailCall, shopDevice, type Jar } from './retail-helpers';

/** SPEC 9: the retail flow is off by configuration; every /retail route then answers 404 retail_off. */
describe('retail switched off (business config retail_flow false)', () => {
  let t: TestApp;
  let shop: Jar;
  withTestApp((app) => (t = app), { visitors: 0 });
  beforeEach(async () => {
    // Enrolled and signed in while it was on: the credentials are then worth nothing.
    shop = await shopDevice(t);
    const db = new Database(t.dbFile);
    db.prepare("UPDATE business_config SET value = 'false' WHERE key = 'retail_flow'").run();
    db.close();
  });

  // Every row has its body (null: none): jest.each passes a test as many arguments as the row has.
  const ROUTES: [method: 'GET' | 'POST', url: string, body: object | null][] = [
    ['POST', '/retail/device/code', null],
    ['POST', '/retail/device/token', { device_code: 'a'.repeat(64) }],
    ['POST', '/retail/manager/sign-in', { staff_id: 'M1001', pin: '246810' }],
    ['POST', '/retail/device/approve', { user_code: 'BBBB-BBBB', decision: 'approve' }],
    ['GET', '/retail/device', null],
    ['POST', '/retail/staff/sign-in', { staff_id: 'S1001', pin: '135790' }],
    ['POST', '/retail/staff/sign-out', null],
    ['POST', '/retail/customer-sessions', null],
    ['POST', '/retail/customer-sessions/end', { reason: 'idle' }],
    ['GET', '/retail/audit', null],
  ];

  it.each(ROUTES)('%s %s answers 404 retail_off, with or without credentials and headers', async (method, url, body) => {
    expectApiError(await retailCall(t, method, url, {}, body ?? undefined), 404, RETAIL_ERROR_CODES.retailOff);
    expectApiError(await retailCall(t, method, url, shop, body ?? undefined, clientHeaders(newDeviceId())), 404, RETAIL_ERROR_CODES.retailOff);
  });

  it('refuses is_retail on the device-id login even from a signed-in shop device', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/securitymanagement/login_by_device_id',
      headers: { ...clientHeaders(newDeviceId()), cookie: `${COOKIE_NAMES.device}=${shop[COOKIE_NAMES.device]}; ${COOKIE_NAMES.staff}=${shop[COOKIE_NAMES.staff]}` },
      payload: { is_retail: 'true' },
    });
    expectApiError(res, 403, RETAIL_ERROR_CODES.retailCredentialRequired);
  });
});
