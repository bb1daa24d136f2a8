import { API_ERROR_CODES, IDENTITY_ERROR_CODES } from '@join/shared/contract';
import { createTestApp, type TestApp } from '../../../testing/harness';
import { jpeg, passportDetails } from '../../../testing/fake-authority';
import { multipartBody, multipartHeaders, type IdentityTestApp } from '../../../testing/identity-helpers';
import { expectCode, queryDatabase, withIdentityTestApp } from '../../../testing/identity-scenarios';

/** The identity check at its limits: without an authority, its pending images after 30 minutes, its budget. */
describe('the identity check without an authority', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimit: { locationMax: 1000 }, flowFlagsOverlay: () => ({ is_plan_selected: true, is_number_selected: true }) });
  });
  afterAll(() => t.close());

  it('answers -607 with 503', async () => {
    const v = await t.loginWithCode(await t.login(), 'no-authority@example.com');
    await t.get(v, '/api/securitymanagement/check_location.json?lat=25.20480&lng=55.27080&process_id=1');
    expect((await t.post(v, '/api/me/activation_method', { resident_type: 'non_resident', sim_type: 'esim' })).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identity/document',
      headers: multipartHeaders(v),
      payload: multipartBody({ side: 'data_page', source: 'upload' }, [{ data: jpeg('passport:P1000001') }]),
    });
    expectCode(res, 503, -607);
  });
});

describe('the identity check’s pending images after 30 minutes, and its budget', () => {
  let t: IdentityTestApp;
  withIdentityTestApp((app) => (t = app), { sweepIntervalMs: 20 });

  it('forgets the document after 30 minutes and the sweep deletes its images', async () => {
    const v = await t.ready();
    await t.activation(v, 'non_resident', 'esim');
    await t.document(v, 'data_page', jpeg('passport:P1000001'));
    const count = () => (queryDatabase(t.dbFile, 'SELECT COUNT(*) AS n FROM identity_check_sides WHERE uid = ?', v.uid) as { n: number }[])[0]?.n;
    t.clock.advance(29 * 60_000);
    await new Promise((r) => setTimeout(r, 100));
    expect(count()).toBe(1);
    expect((await t.face(v, jpeg('match'))).statusCode).toBe(200);
    t.clock.advance(60_000);
    expectCode(await t.details(v, passportDetails('P1000001')), 409, IDENTITY_ERROR_CODES.checkOutOfOrder);
    await new Promise((r) => setTimeout(r, 100));
    expect(count()).toBe(0);
  });
});

describe('the identity budget per address', () => {
  let t: IdentityTestApp;
  withIdentityTestApp((app) => (t = app), { rateLimit: { identityMax: 4 } });

  it('counts every identity call together (the face challenge too) and answers 429 beyond it', async () => {
    const v = await t.ready();
    expect((await t.activation(v, 'non_resident', 'esim')).statusCode).toBe(200);
    expect((await t.document(v, 'data_page', jpeg('passport:P1000001'))).statusCode).toBe(200);
    expect((await t.face(v, jpeg('match'))).statusCode).toBe(200);
    const over = await t.details(v, passportDetails('P1000001'));
    expectCode(over, 429, API_ERROR_CODES.rateLimited);
    expect(t.fake.calls.filter((c) => c.path === '/v1/persons/verify')).toEqual([]);
  });
});
