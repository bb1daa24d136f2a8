import { ApiErrorBody, NumberSearchResponse, VANITY_LEVELS } from '@join/shared/contract';
import { HOLD_LIMITS, MAX_HOLD_EXTENSIONS } from '../holds';
import { createTestApp, type TestApp, type Visitor } from '../../../testing/harness';

/**
 * Holds renewed forever and hoarded. Each test is an attack the outside
 * probe ran, against the real limits (HOLD_LIMITS and the reserve budgets of buildApp).
 */
describe('anti-hoarding limits on holds', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ holdLimits: HOLD_LIMITS, rateLimit: { reserveMax: 60, reserveDeviceMax: 20 } });
  });
  afterEach(() => t.close());

  const reserve = (v: Visitor, number: string) => t.post(v, '/api/numbers', { number });
  const cancel = (v: Visitor, number: string) => t.app.inject({ method: 'DELETE', url: `/api/numbers?number=${number}`, headers: v.headers });
  const expectRefused = (res: { statusCode: number; json(): unknown }, message: RegExp) => {
    expect(res.statusCode).toBe(429);
    const body = ApiErrorBody.parse(res.json());
    expect(body.code).toBe('rate_limited');
    expect(body.message).toMatch(message);
  };
  const numbersOf = async (v: Visitor, level: number, count: number): Promise<string[]> => {
    const res = await t.post(v, '/api/numbers/search', { vanity_level_ids: String(level), per_page: 50 });
    expect(res.statusCode).toBe(200);
    const found = NumberSearchResponse.parse(res.json()).numbers.map((n) => n.MSISDN);
    expect(found.length).toBeGreaterThanOrEqual(count);
    return found.slice(0, count);
  };

  it('does not renew a hold by releasing and claiming it again after the last extension', async () => {
    const v = await t.login();
    const [number] = await t.offer(v);
    expect((await reserve(v, number!)).statusCode).toBe(200);
    for (let i = 0; i < MAX_HOLD_EXTENSIONS; i++) {
      t.clock.advance(60_000);
      expect((await reserve(v, number!)).statusCode).toBe(200);
    }
    expect((await reserve(v, number!)).statusCode).toBe(409); // the 11th extension
    expect((await cancel(v, number!)).statusCode).toBe(200);
    const again = await reserve(v, number!);
    expectRefused(again, /released this number/);
    expect(Number(again.headers['retry-after'])).toBe(HOLD_LIMITS.coolOffMs / 1000);
    // Someone else may have it at once: the number is free, only the hoarder waits.
    const other = await t.login();
    expect((await reserve(other, number!)).statusCode).toBe(200);
  });

  it('does not let a visitor swap between two numbers to keep both', async () => {
    const v = await t.login();
    const [a, b] = await t.offer(v, 2);
    expect((await reserve(v, a!)).statusCode).toBe(200);
    expect((await reserve(v, b!)).statusCode).toBe(200); // a is released by the swap
    expectRefused(await reserve(v, a!), /released this number/);
    t.clock.advance(HOLD_LIMITS.coolOffMs + 1000);
    const back = await t.login(v.deviceId); // the session idled out meanwhile
    expect((await reserve(back, a!)).statusCode).toBe(200);
  });

  it('counts the device as well as the account: a new session of the same device waits too', async () => {
    const v = await t.login();
    const [a, b] = await t.offer(v, 2);
    expect((await reserve(v, a!)).statusCode).toBe(200);
    expect((await reserve(v, b!)).statusCode).toBe(200);
    const sameDevice = await t.login(v.deviceId);
    expectRefused(await reserve(sameDevice, a!), /released this number/);
  });

  it('caps how long one visitor holds the same number in a day, cooling-off or not', async () => {
    // The per-minute reserve budget is not what this test is about (22 calls in a real second).
    await t.close();
    t = await createTestApp({ holdLimits: HOLD_LIMITS });
    let v = await t.login();
    const [number] = await t.offer(v);
    // Holds it 15 min, extends it 10 times (each to now + 15 min), then lets it run out.
    const holdToTheEnd = async () => {
      v = await t.login(v.deviceId); // sessions idle out over these hours: the device logs in again
      expect((await reserve(v, number!)).statusCode).toBe(200);
      for (let i = 0; i < MAX_HOLD_EXTENSIONS; i++) {
        t.clock.advance(14 * 60_000);
        expect((await reserve(v, number!)).statusCode).toBe(200);
      }
      t.clock.advance(16 * 60_000);
    };
    await holdToTheEnd(); // 155 min
    t.clock.advance(HOLD_LIMITS.coolOffMs);
    await holdToTheEnd(); // 310 min in all, over the 180 min cap
    t.clock.advance(HOLD_LIMITS.coolOffMs);
    v = await t.login(v.deviceId);
    expectRefused(await reserve(v, number!), /as long as one visitor may today/);
    t.clock.advance(HOLD_LIMITS.windowMs);
    v = await t.login(v.deviceId);
    expect((await reserve(v, number!)).statusCode).toBe(200);
  });

  it('holds at most a few diamond numbers from one address however many devices log in, then asks for the challenge', async () => {
    const diamonds = await numbersOf(await t.login(), VANITY_LEVELS.diamond, 10);
    const results: number[] = [];
    for (const number of diamonds) results.push((await reserve(await t.login(), number)).statusCode);
    expect(results.filter((s) => s === 200)).toHaveLength(HOLD_LIMITS.liveHoldsPerAddress.vip);
    // Past the address's cap, a proof-of-work challenge (address-challenge.test.ts), not a refusal.
    expect(results.slice(HOLD_LIMITS.liveHoldsPerAddress.vip).every((s) => s === 428)).toBe(true);
    // From another network the tier is still open.
    const elsewhere = await t.login();
    const res = await t.app.inject({ method: 'POST', url: '/api/numbers', headers: elsewhere.headers, payload: { number: diamonds.at(-1)! }, remoteAddress: '198.51.100.7' });
    expect(res.statusCode).toBe(200);
  });

  it('caps live basic holds per address higher than VIP ones', async () => {
    const seeker = await t.login();
    const numbers = await t.offer(seeker, 10);
    numbers.push(...(await t.offer(seeker, 10)), ...(await t.offer(seeker, 5)));
    const unique = [...new Set(numbers)];
    const results: number[] = [];
    for (const number of unique) results.push((await reserve(await t.login(), number)).statusCode);
    expect(results.filter((s) => s === 200)).toHaveLength(Math.min(unique.length, HOLD_LIMITS.liveHoldsPerAddress.basic));
  });

  it('caps new holds per device in a day', async () => {
    const limits = { ...HOLD_LIMITS, claimsPerWindow: { basic: 5, vip: 1 } };
    const small = await createTestApp({ holdLimits: limits });
    try {
      const v = await small.login();
      const numbers = [...new Set([...(await small.offer(v, 10)), ...(await small.offer(v, 10))])].slice(0, 6);
      const codes = [];
      for (const n of numbers) codes.push((await small.post(v, '/api/numbers', { number: n })).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await small.close();
    }
  });

  it('budgets reserve calls per device', async () => {
    const v = await t.login();
    const [number] = await t.offer(v);
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await reserve(v, number!)).statusCode);
    // 1 claim, 10 extensions, 9 refused extensions (409), then the budget of 20 is spent.
    expect(codes.at(-1)).toBe(429);
    expect(codes.slice(0, 20).includes(429)).toBe(false);
  });
});
