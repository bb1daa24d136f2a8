import { createTestApp, type TestApp } from '../../../testing/harness';
import { TestClock } from '../test-clock';

/**
 * The e2e suite's clock (JOIN_TEST_HOOKS=1): POST /dev/clock moves the whole API on, so a hold
 * runs out the moment a test says so; without the clock the path is not there at all.
 */
const WALL = Date.UTC(2026, 10, 27, 9, 0, 0);
const HOLD_SECONDS = 900;

describe('the test clock', () => {
  it('only moves forward, by whole milliseconds', () => {
    const clock = new TestClock(() => WALL);
    expect(clock.now()).toBe(WALL);
    expect(clock.advance(1500)).toBe(WALL + 1500);
    expect(clock.offset).toBe(1500);
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.advance(0.5)).toThrow(RangeError);
    expect(clock.now()).toBe(WALL + 1500);
  });
});

describe('/dev/clock', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('is not there without a test clock (404, even to a page navigation)', async () => {
    t = await createTestApp();
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/dev/clock', headers: { accept: 'text/html' }, ...(method === 'POST' ? { payload: { advance_ms: 1000 } } : {}) });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('<html');
    }
  });

  it('moves the API on: a held number runs out when the clock passes its expiry, not before', async () => {
    const clock = new TestClock(() => WALL);
    t = await createTestApp({ testClock: clock, holdSeconds: HOLD_SECONDS });
    const v = await t.login();
    const [number] = await t.offer(v);
    expect((await t.post(v, '/api/numbers', { number: number! })).statusCode).toBe(200);
    const held = async () => (await t.get(v, '/api/numbers')).json<{ numbers: unknown[] }>().numbers.length;
    expect(await held()).toBe(1);

    const before = await t.app.inject({ method: 'POST', url: '/dev/clock', payload: { advance_ms: HOLD_SECONDS * 1000 - 1000 } });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ now: new Date(WALL + HOLD_SECONDS * 1000 - 1000).toISOString(), offset_ms: HOLD_SECONDS * 1000 - 1000 });
    expect((await t.get(v, '/api/me/current_timestamp')).json()).toEqual({ timestamp: WALL + HOLD_SECONDS * 1000 - 1000 });
    expect(await held()).toBe(1);

    // A form body works as well as JSON (the e2e suite sends either).
    const after = await t.app.inject({ method: 'POST', url: '/dev/clock', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'advance_ms=2000' });
    expect(after.json()).toMatchObject({ offset_ms: HOLD_SECONDS * 1000 + 1000 });
    expect(await held()).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/dev/clock' })).json()).toMatchObject({ offset_ms: HOLD_SECONDS * 1000 + 1000 });
  });

  it('refuses to go back, or more than a day at once, naming the field (400)', async () => {
    t = await createTestApp({ testClock: new TestClock(() => WALL) });
    for (const payload of [{ advance_ms: -1 }, { advance_ms: 24 * 3600_000 + 1 }, { advance_ms: 'soon' }, {}, { advance_ms: 1, back: true }]) {
      const res = await t.app.inject({ method: 'POST', url: '/dev/clock', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/^body\.(advance_ms|back)/);
    }
    expect((await t.app.inject({ method: 'GET', url: '/dev/clock' })).json()).toMatchObject({ offset_ms: 0 });
  });
});
