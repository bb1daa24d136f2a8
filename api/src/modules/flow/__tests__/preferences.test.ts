import { ApiErrorBody, PreferencesResponse } from '@join/shared/contract';
import { createTestApp, type TestApp, type Visitor } from '../../../testing/harness';

/**
 * SPEC 7 POST /me/preferences (PreferenceID, Value) and our GET: the session's visitor's consents
 * (SPEC 3: music service 4, newsletter 3 or 10, share with buy now pay later 9).
 */
describe('preferences', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  const prefsOf = async (v: Visitor) => PreferencesResponse.parse((await t.get(v, '/api/me/preferences')).json()).preferences;
  const set = (v: Visitor, id: string | number, value: string) => t.post(v, '/api/me/preferences', { PreferenceID: id, Value: value });

  it('sets and withdraws each known preference, and answers all of the visitor’s', async () => {
    const v = await t.login();
    expect(await prefsOf(v)).toEqual([]);
    const res = await set(v, 4, 'true');
    expect(res.statusCode).toBe(200);
    expect(PreferencesResponse.parse(res.json()).preferences).toEqual([{ PreferenceID: 4, Value: true }]);
    await set(v, 9, 'true');
    await set(v, 4, 'false');
    expect(await prefsOf(v)).toEqual(expect.arrayContaining([{ PreferenceID: 4, Value: false }, { PreferenceID: 9, Value: true }]));
    expect(await prefsOf(v)).toHaveLength(2);
  });

  it('takes the newsletter by either of its ids (3 in configuration, 10 in the helper) and keeps one answer, under 10', async () => {
    const v = await t.login();
    await set(v, 10, 'true');
    expect(await prefsOf(v)).toEqual([{ PreferenceID: 10, Value: true }]);
    // The configuration's id withdraws the same consent.
    const res = await set(v, 3, 'false');
    expect(PreferencesResponse.parse(res.json()).preferences).toEqual([{ PreferenceID: 10, Value: false }]);
    await set(v, 3, 'true');
    expect(await prefsOf(v)).toEqual([{ PreferenceID: 10, Value: true }]);
  });

  it('refuses an unknown id, a value other than true or false, a missing or extra field, with the field named', async () => {
    const v = await t.login();
    const refused = async (body: Record<string, string | number>, field: string) => {
      const res = await t.post(v, '/api/me/preferences', body);
      expect([JSON.stringify(body), res.statusCode]).toEqual([JSON.stringify(body), 400]);
      expect(ApiErrorBody.parse(res.json()).field).toBe(field);
    };
    await refused({ PreferenceID: 5, Value: 'true' }, 'body.PreferenceID');
    await refused({ PreferenceID: 0, Value: 'true' }, 'body.PreferenceID');
    await refused({ PreferenceID: -9, Value: 'true' }, 'body.PreferenceID');
    await refused({ PreferenceID: '9.5', Value: 'true' }, 'body.PreferenceID');
    await refused({ PreferenceID: 'newsletter', Value: 'true' }, 'body.PreferenceID');
    await refused({ PreferenceID: '1'.repeat(400), Value: 'true' }, 'body.PreferenceID');
    await refused({ PreferenceID: 9, Value: 'yes' }, 'body.Value');
    await refused({ PreferenceID: 9, Value: '1' }, 'body.Value');
    await refused({ PreferenceID: 9 }, 'body.Value');
    await refused({ Value: 'true' }, 'body.PreferenceID');
    await refused({ PreferenceID: 9, Value: 'true', uid: 'someone-else' }, 'body.uid');
    expect(await prefsOf(v)).toEqual([]);
  });

  it('belongs to the session’s visitor: another visitor neither sees nor changes it, and no session is 401', async () => {
    const a = await t.login();
    const b = await t.login();
    await set(a, 10, 'true');
    await set(b, 10, 'false');
    expect(await prefsOf(a)).toEqual([{ PreferenceID: 10, Value: true }]);
    expect(await prefsOf(b)).toEqual([{ PreferenceID: 10, Value: false }]);
    // A device without a session, and a session id nobody was given: refused, nothing changed.
    const { 'session-id': _session, ...noSession } = a.headers;
    for (const headers of [noSession, { ...a.headers, 'session-id': 'x'.repeat(43) }]) {
      const res = await t.post({ ...a, headers }, '/api/me/preferences', { PreferenceID: 10, Value: 'false' });
      expect(res.statusCode).toBe(401);
    }
    expect(await prefsOf(a)).toEqual([{ PreferenceID: 10, Value: true }]);
  });
});
