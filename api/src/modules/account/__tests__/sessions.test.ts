import { ApiErrorBody, FlowStatusResponse, LoginByDeviceIdResponse } from '@join/shared/contract';
import { clientHeaders, createTestApp, newDeviceId, type TestApp } from '../../../testing/harness';
import { openDatabase } from '../../../platform/db/open-database';
import { SESSION_TOUCH_EVERY_MS } from '../../../platform/http/session-auth';
import { hashToken } from '../../../platform/sessions/tokens';

const IDLE_MS = 30 * 60_000;
const ABSOLUTE_MS = 24 * 3600_000;

describe('sessions', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  const flowStatus = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/me/flow_status', headers });
  const expectExpired = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(401);
    expect(ApiErrorBody.parse(res.json())).toEqual({ code: -27, message: 'Session expired' });
  };

  it('logs in by device id with a 256-bit session id and a uid', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/securitymanagement/login_by_device_id',
      headers: clientHeaders(newDeviceId()),
    });
    expect(res.statusCode).toBe(200);
    const body = LoginByDeviceIdResponse.parse(res.json());
    expect(body.session_id).toMatch(/^[0-9a-f]{64}$/);
    expect(body.profile.uid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives the same uid to the same device and a new session each time', async () => {
    const device = newDeviceId();
    const a = await t.login(device);
    const b = await t.login(device);
    expect(b.uid).toBe(a.uid);
    expect(b.sessionId).not.toBe(a.sessionId);
    expect((await t.login()).uid).not.toBe(a.uid);
  });

  it('keeps the user state across an expiry and a new device-id login', async () => {
    const v = await t.login();
    const post = (url: string, payload: Record<string, string | number>) =>
      t.app.inject({ method: 'POST', url, headers: v.headers, payload });
    expect((await post('/api/products/save', { product_code: 187 })).statusCode).toBe(200);
    expect((await post('/api/plans/saved_plans', { product_code: 187, plan_ids: '1871,1872,1873' })).statusCode).toBe(200);
    expect((await post('/api/me/flow_status', { key: 13 })).statusCode).toBe(200);

    t.clock.advance(IDLE_MS + 1);
    expectExpired(await flowStatus(v.headers));
    const again = await t.login(v.deviceId);
    expect(again.uid).toBe(v.uid);
    const flags = FlowStatusResponse.parse((await flowStatus(again.headers)).json()).flow_status_flags;
    expect(flags).toMatchObject({ is_plan_selected: true, is_product_selected: true });
    const current = await t.app.inject({ method: 'GET', url: '/api/products/current', headers: again.headers });
    expect(current.json()).toMatchObject({ product: { ProductCode: 187 } });
  });

  // The session's rules on a route behind the session guard, and on GET /me/flow_status, which
  // checks its session itself in the statement that reads its answer (api-routes.ts).
  describe.each([
    ['GET /me/flow_status (its own read of the session)', '/api/me/flow_status'],
    ['GET /me/preferences (the session guard)', '/api/me/preferences'],
  ])('on %s', (_name, url) => {
    const probe = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

    it('answers -27 for a missing, malformed or unknown session id', async () => {
      const device = newDeviceId();
      expectExpired(await probe(clientHeaders(device)));
      expectExpired(await probe(clientHeaders(device, 'not-a-token')));
      expectExpired(await probe(clientHeaders(device, 'a'.repeat(64))));
    });

    it('keeps a session alive while it is used and ends it after the idle time', async () => {
      const v = await t.login();
      t.clock.advance(IDLE_MS - 1000);
      expect((await probe(v.headers)).statusCode).toBe(200);
      t.clock.advance(IDLE_MS); // idle exactly the limit since the last call: still alive
      expect((await probe(v.headers)).statusCode).toBe(200);
      t.clock.advance(IDLE_MS + 1);
      expectExpired(await probe(v.headers));
      // Gone for good, even if the clock went back.
      expectExpired(await probe(v.headers));
    });

    it('ends a session after its absolute lifetime however busy it is', async () => {
      const v = await t.login();
      for (let elapsed = 0; elapsed <= ABSOLUTE_MS; elapsed += IDLE_MS / 2) {
        t.clock.advance(IDLE_MS / 2);
        const res = await probe(v.headers);
        if (elapsed + IDLE_MS / 2 > ABSOLUTE_MS) expectExpired(res);
        else expect(res.statusCode).toBe(200);
      }
    });

    it('binds a session to its device', async () => {
      const v = await t.login();
      expectExpired(await probe(clientHeaders(newDeviceId(), v.sessionId)));
      // The owner is not logged out by someone else trying its token.
      expect((await probe(v.headers)).statusCode).toBe(200);
    });

    it('logs out by deleting the session', async () => {
      const v = await t.login();
      const res = await t.app.inject({ method: 'POST', url: '/api/securitymanagement/logout', headers: v.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({});
      expectExpired(await probe(v.headers));
    });

    it('writes a session\'s last-seen time at most once a minute, not on every read', async () => {
      expect(SESSION_TOUCH_EVERY_MS).toBe(60_000);
      const v = await t.login();
      const db = openDatabase(t.dbFile);
      const lastSeen = () => (db.prepare('SELECT last_seen_at FROM sessions WHERE token_hash = ?').get(hashToken(v.sessionId)) as { last_seen_at: number }).last_seen_at;
      try {
        const loggedInAt = lastSeen();
        t.clock.advance(SESSION_TOUCH_EVERY_MS - 1);
        expect((await probe(v.headers)).statusCode).toBe(200);
        expect(lastSeen()).toBe(loggedInAt);
        t.clock.advance(1);
        expect((await probe(v.headers)).statusCode).toBe(200);
        expect(lastSeen()).toBe(loggedInAt + SESSION_TOUCH_EVERY_MS);
      } finally {
        db.close();
      }
    });
  });
});
