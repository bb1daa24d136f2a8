import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { ApiErrorBody, CAPTCHA_HEADER, CaptchaChallengeResponse, NumberResponse, type CaptchaChallenge } from '@join/shared/contract';
import { HOLD_LIMITS } from '../holds';
import { CAPTCHA_TTL_MS } from '../captcha';
import { createTestApp, form, type TestApp, type Visitor } from '../../../testing/harness';

/**
 * Many visitors share one address (airport, hotel, carrier NAT). Past the
 * per-address threshold the API asks for a proof-of-work challenge instead of refusing; with a
 * valid solution the hold goes through. The limits per device and per account stay as they are.
 */
describe('a shared address: a challenge past the per-address threshold, not a block', () => {
  let t: TestApp;
  const perAddress = { basic: 2, vip: 1 };
  beforeEach(async () => {
    t = await createTestApp({ holdLimits: { ...HOLD_LIMITS, liveHoldsPerAddress: perAddress } });
  });
  afterEach(() => t.close());

  const reserve = (v: Visitor, number: string, captcha?: string) =>
    t.app.inject({ method: 'POST', url: '/api/numbers', ...form({ ...v.headers, ...(captcha ? { [CAPTCHA_HEADER]: captcha } : {}) }, { number }) });
  const challengeFor = async (v: Visitor): Promise<CaptchaChallenge> => {
    const res = await t.app.inject({ method: 'POST', url: '/api/numbers/challenge', headers: v.headers });
    expect(res.statusCode).toBe(200);
    return CaptchaChallengeResponse.parse(res.json()).challenge;
  };
  /** What the number step does in the browser (ALTCHA's payload: base64 of { challenge, solution }). */
  const solve = async (challenge: CaptchaChallenge): Promise<string> => {
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error('no solution');
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  };
  const solvedFor = async (v: Visitor) => solve(await challengeFor(v));
  const expectCode = (res: { statusCode: number; json(): unknown }, status: number, code: string) => {
    expect({ status: res.statusCode, code: ApiErrorBody.parse(res.json()).code }).toEqual({ status, code });
  };
  /** Fills the address's live holds (two devices), and returns a third number for the next device. */
  async function fillTheAddress(): Promise<string[]> {
    const seeker = await t.login();
    const numbers = [...new Set(await t.offer(seeker, 10))];
    for (const number of numbers.slice(0, perAddress.basic)) expect((await reserve(await t.login(), number)).statusCode).toBe(200);
    return numbers.slice(perAddress.basic);
  }

  it('asks the next device for a challenge, and holds its number once it is solved; and the next, and the next', async () => {
    const free = await fillTheAddress();
    for (const number of free.slice(0, 3)) {
      const device = await t.login();
      const asked = await reserve(device, number);
      expectCode(asked, 428, 'captcha_required');
      const held = await reserve(device, number, await solvedFor(device));
      expect(held.statusCode).toBe(200);
      expect(NumberResponse.parse(held.json()).number.MSISDN).toBe(number);
    }
  });

  it('refuses a wrong solution with SPEC 8 captcha_error', async () => {
    const [number] = await fillTheAddress();
    const device = await t.login();
    const challenge = await challengeFor(device);
    const wrong = Buffer.from(JSON.stringify({ challenge, solution: { counter: 1, derivedKey: '00'.repeat(32) } })).toString('base64');
    expectCode(await reserve(device, number!, wrong), 403, 'captcha_error');
    expectCode(await reserve(device, number!, 'not base64 json'), 403, 'captcha_error');
    // A challenge whose parameters were eased (a shorter prefix) no longer matches its signature.
    const eased = { ...challenge, parameters: { ...challenge.parameters, keyPrefix: '0' } };
    expectCode(await reserve(device, number!, await solve(eased)), 403, 'captcha_error');
  });

  it('takes a solution once only', async () => {
    const [a, b] = await fillTheAddress();
    const device = await t.login();
    const solved = await solvedFor(device);
    expect((await reserve(device, a!, solved)).statusCode).toBe(200);
    expectCode(await reserve(device, b!, solved), 403, 'captcha_error');
  });

  it('refuses an expired solution', async () => {
    const [number] = await fillTheAddress();
    const device = await t.login();
    const solved = await solvedFor(device);
    t.clock.advance(CAPTCHA_TTL_MS + 1000);
    expectCode(await reserve(device, number!, solved), 403, 'captcha_error');
    // A fresh one works.
    expect((await reserve(device, number!, await solvedFor(device))).statusCode).toBe(200);
  });

  it('binds a solution to the device and session that asked for it', async () => {
    const [number] = await fillTheAddress();
    const solver = await t.login();
    const other = await t.login();
    expectCode(await reserve(other, number!, await solvedFor(solver)), 403, 'captcha_error');
  });

  it('still holds one device to its own limits, challenge solved or not', async () => {
    await t.close();
    t = await createTestApp({ holdLimits: { ...HOLD_LIMITS, liveHoldsPerAddress: perAddress, claimsPerWindow: { basic: 3, vip: 1 } } });
    const free = await fillTheAddress();
    const device = await t.login();
    for (const number of free.slice(0, 3)) expect((await reserve(device, number, await solvedFor(device))).statusCode).toBe(200);
    // The device's fourth hold of the day: the per-device cap answers, as before, with or without a solution.
    const fourth = await reserve(device, free[3]!, await solvedFor(device));
    expectCode(fourth, 429, 'rate_limited');
    expect(ApiErrorBody.parse(fourth.json()).message).toMatch(/as many numbers as one visitor may today/);
    // Swapping back to a number it let go of: the cooling-off, as before.
    const back = await reserve(device, free[0]!, await solvedFor(device));
    expectCode(back, 429, 'rate_limited');
  });

  it('asks for the challenge past the per-address reserve budget too; the per-device budget still refuses', async () => {
    await t.close();
    t = await createTestApp({ rateLimit: { reserveMax: 2, reserveDeviceMax: 3 } });
    const seeker = await t.login();
    const numbers = [...new Set(await t.offer(seeker, 10))];
    expect((await reserve(await t.login(), numbers[0]!)).statusCode).toBe(200);
    expect((await reserve(await t.login(), numbers[1]!)).statusCode).toBe(200);
    const device = await t.login();
    expectCode(await reserve(device, numbers[2]!), 428, 'captcha_required');
    expect((await reserve(device, numbers[2]!, await solvedFor(device))).statusCode).toBe(200);
    // Its own budget (3 a minute; the refused call above counted) is a hard limit.
    expect((await reserve(device, numbers[3]!, await solvedFor(device))).statusCode).toBe(200);
    expectCode(await reserve(device, numbers[4]!, await solvedFor(device)), 429, 'rate_limited');
  });

  it('asks for nothing below the threshold', async () => {
    const seeker = await t.login();
    const [number] = await t.offer(seeker);
    expect((await reserve(await t.login(), number!)).statusCode).toBe(200);
  });
});
