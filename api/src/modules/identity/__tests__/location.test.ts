import Database from 'better-sqlite3';
import { API_ERROR_CODES, CheckLocationResponse, FlowStatusResponse, RETAIL_ERROR_CODES } from '@join/shared/contract';
import { clientHeaders, createTestApp, expectApiError as expectError, form, newDeviceId, type TestApp, type Visitor, withTestApp } from '../../../testing/harness';
import { isInsideUae, loadUaeBoundary } from '../uae-boundary';

/**
 * The location check (api/README.md "Location check"): the server decides inside / outside by
 * Natural Earth's UAE polygon, stores only that as the flow context's inside_uae, refuses bad
 * coordinates naming the field, and is closed where the location_check step is (step guard).
 */
const AMIRA = { email: 'amira@example.com', password: 'Welcome2026' };

const PLACES = {
  dubai: [25.2048, 55.2708],
  abuDhabi: [24.4539, 54.3773],
  sharjah: [25.3463, 55.4209],
  fujairah: [25.1288, 56.3265],
  alAin: [24.2075, 55.7447],
  // Across the street from Al Ain: the border runs through the twin city.
  buraimi: [24.2508, 55.7931],
  muscat: [23.588, 58.383],
  doha: [25.2854, 51.531],
  riyadh: [24.7136, 46.6753],
  // Reclaimed land the 1:50m coastline does not draw, and the territorial sea.
  atlantisThePalm: [25.1304, 55.1171],
  bluewaters: [25.0797, 55.1203],
  boatOffTheMarina: [25.13, 55.0],
  // The middle of the Gulf, 100 km from the UAE's coast.
  midGulf: [26.3, 54.0],
  // The Arabian Sea, 900 km from any coast of the UAE.
  arabianSea: [17.0, 63.0],
  // The Musandam peninsula (Oman) north of Ras Al Khaimah: an exclave the polygon must exclude.
  khasab: [26.18, 56.25],
} as const;


describe('the UAE boundary', () => {
  it('is the Natural Earth polygon of country 784, with its islands', async () => {
    const uae = await loadUaeBoundary();
    expect(uae.properties).toMatchObject({ name: 'United Arab Emirates' });
    expect(uae.geometry.type).toBe('MultiPolygon');
  });

  it.each([
    ['Dubai', PLACES.dubai, true],
    ['Abu Dhabi (on its island)', PLACES.abuDhabi, true],
    ['Sharjah', PLACES.sharjah, true],
    ['Fujairah', PLACES.fujairah, true],
    ['Al Ain, at the border', PLACES.alAin, true],
    ['Buraimi (Oman), across the border from Al Ain', PLACES.buraimi, false],
    ['Muscat', PLACES.muscat, false],
    ['Doha', PLACES.doha, false],
    ['Riyadh', PLACES.riyadh, false],
    ['Khasab (Musandam, Oman)', PLACES.khasab, false],
    ['Atlantis on the Palm Jumeirah (reclaimed land)', PLACES.atlantisThePalm, true],
    ['Bluewaters island', PLACES.bluewaters, true],
    ['a boat 12 km off Dubai Marina (territorial sea)', PLACES.boatOffTheMarina, true],
    ['the middle of the Gulf', PLACES.midGulf, false],
    ['the Arabian Sea', PLACES.arabianSea, false],
    ['the far side of the world', [-25.2048, -124.7292], false],
  ] as const)('%s: inside is %s', async (_name, [lat, lng], inside) => {
    expect(await isInsideUae(lat, lng)).toBe(inside);
  });
});

describe('GET /securitymanagement/check_location.json', () => {
  let t: TestApp;
  let v: Visitor;
  // One app for the suite: its budgets are lifted here, and tested on their own below.
  withTestApp((app) => (t = app), { per: 'file', visitors: 0, options: { rateLimit: { locationMax: 10_000, passwordLoginMax: 10_000 } } });
  beforeEach(async () => {
    v = await t.loginWithPassword(await t.login(), AMIRA.email, AMIRA.password);
  });

  const check = (who: Visitor, query: string) => t.get(who, `/api/securitymanagement/check_location.json?${query}`);
  const at = (who: Visitor, [lat, lng]: readonly [number, number]) => check(who, `lat=${lat}&lng=${lng}&process_id=1`);
  const flowContext = async (who: Visitor) => FlowStatusResponse.parse((await t.get(who, '/api/me/flow_status')).json()).flow_context;

  it.each([
    ['Dubai', PLACES.dubai, true],
    ['Abu Dhabi', PLACES.abuDhabi, true],
    ['Muscat', PLACES.muscat, false],
    ['Doha', PLACES.doha, false],
    ['the Arabian Sea', PLACES.arabianSea, false],
  ] as const)('%s answers inside_uae %s and stores it in the flow context', async (_name, place, inside) => {
    expect((await flowContext(v))?.inside_uae).toBeNull();
    const res = await at(v, place);
    expect(res.statusCode).toBe(200);
    expect(CheckLocationResponse.parse(res.json())).toEqual({ inside_uae: inside });
    expect((await flowContext(v))?.inside_uae).toBe(inside);
  });

  it('a later check replaces the answer (outside, then inside on arrival)', async () => {
    await at(v, PLACES.muscat);
    expect((await flowContext(v))?.inside_uae).toBe(false);
    await at(v, PLACES.dubai);
    expect((await flowContext(v))?.inside_uae).toBe(true);
  });

  it('accepts the edges of the ranges and negative decimals', async () => {
    for (const q of ['lat=90&lng=180', 'lat=-90&lng=-180', 'lat=-0.5&lng=0', 'lat=25.2048123456&lng=55']) {
      expect({ q, status: (await check(v, `${q}&process_id=1`)).statusCode }).toEqual({ q, status: 200 });
    }
  });

  it.each([
    ['lat=90.00001&lng=55&process_id=1', 'query.lat'],
    ['lat=-91&lng=55&process_id=1', 'query.lat'],
    ['lat=25&lng=180.1&process_id=1', 'query.lng'],
    ['lat=25&lng=-181&process_id=1', 'query.lng'],
    ['lat=2.5e1&lng=55&process_id=1', 'query.lat'],
    ['lat=0x19&lng=55&process_id=1', 'query.lat'],
    ['lat=%2B25&lng=55&process_id=1', 'query.lat'],
    ['lat=25.&lng=55&process_id=1', 'query.lat'],
    ['lat=NaN&lng=55&process_id=1', 'query.lat'],
    ['lat=Infinity&lng=55&process_id=1', 'query.lat'],
    ['lat=&lng=55&process_id=1', 'query.lat'],
    ['lat=25.20481234567&lng=55&process_id=1', 'query.lat'],
    ['lng=55&process_id=1', 'query.lat'],
    ['lat=25&process_id=1', 'query.lng'],
    ['lat=25&lng=55', 'query.process_id'],
    ['lat=25&lng=55&process_id=2', 'query.process_id'],
    ['lat=25&lng=55&process_id=1&accuracy=10', 'query.accuracy'],
    ['lat=25&lat=26&lng=55&process_id=1', 'query.lat'],
  ])('refuses %s with 400 naming %s, and stores nothing', async (query, field) => {
    const res = await check(v, query);
    expectError(res, 400, API_ERROR_CODES.badRequest);
    expect(res.json()).toMatchObject({ field });
    expect((await flowContext(v))?.inside_uae).toBeNull();
  });

  it('is refused with 409 where the location_check step is not open: no e-mail login', async () => {
    const anonymous = await t.login();
    const res = await at(anonymous, PLACES.dubai);
    expectError(res, 409, API_ERROR_CODES.stepNotAllowed);
    expect(res.json()).toMatchObject({ message: expect.stringContaining('Step location_check ') });
    expect((await flowContext(anonymous))?.inside_uae).toBeNull();
  });

  it('is refused with 409 in retail mode (a shop in the UAE needs no check)', async () => {
    // Retail is set on the server only, by a shop device's staff (modules/retail tests the whole way).
    const retail = await t.loginWithPassword(await t.login(), AMIRA.email, AMIRA.password);
    const db = new Database(t.dbFile);
    db.prepare('UPDATE users SET retail = 1 WHERE uid = ?').run(retail.uid);
    db.close();
    expectError(await at(retail, PLACES.dubai), 409, API_ERROR_CODES.stepNotAllowed);
  });

  it('is not skipped by a client claiming a retail start (refused without a shop device’s staff sign-in)', async () => {
    const deviceId = newDeviceId();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/securitymanagement/login_by_device_id',
      ...form(clientHeaders(deviceId), { is_retail: 'true' }),
    });
    expectError(res, 403, RETAIL_ERROR_CODES.retailCredentialRequired);
    const claimed = await t.loginWithPassword(await t.login(deviceId), AMIRA.email, AMIRA.password);
    expect((await at(claimed, PLACES.dubai)).statusCode).toBe(200);
    expect((await flowContext(claimed))?.inside_uae).toBe(true);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/securitymanagement/check_location.json?lat=25&lng=55&process_id=1', headers: clientHeaders(newDeviceId()) });
    expect(res.statusCode).toBe(401);
  });

  it('is budgeted per address', async () => {
    const small = await createTestApp({ rateLimit: { locationMax: 2 } });
    const w = await small.loginWithPassword(await small.login(), AMIRA.email, AMIRA.password);
    const url = '/api/securitymanagement/check_location.json?lat=25.2048&lng=55.2708&process_id=1';
    for (let i = 0; i < 2; i += 1) expect((await small.get(w, url)).statusCode).toBe(200);
    expectError(await small.get(w, url), 429, API_ERROR_CODES.rateLimited);
    await small.close();
  });
});
