import {
  ApiErrorBody,
  CommitNumberResponse,
  DEFAULT_NUMBER_HOLD_SECONDS,
  NumberResponse,
  NumbersResponse,
  ReservationsResponse,
} from '@join/shared/contract';
import { createTestApp, type TestApp, type Visitor } from '../../../testing/harness';
import { withTwoVisitors } from './number-steps';

const HOLD_MS = DEFAULT_NUMBER_HOLD_SECONDS * 1000;

describe('reservations: ids, extensions, listing, commit', () => {
  let t: TestApp;
  let alice: Visitor;
  let bob: Visitor;
  const { offer, reserve, cancel } = withTwoVisitors((app, a, b) => void ([t, alice, bob] = [app, a, b]));

  const get = (v: Visitor, url: string) => t.get(v, url);
  const reservations = async (v: Visitor, query = '') =>
    ReservationsResponse.parse((await get(v, `/api/numbers/reservation${query}`)).json()).reservations;
  const commit = (v: Visitor) => t.app.inject({ method: 'POST', url: '/api/numbers/commit_number', headers: v.headers });

  it('lists the live hold as a reservation with an id, its type and what is left to extend', async () => {
    expect(await reservations(alice)).toEqual([]);
    const [msisdn] = await offer(alice);
    const { number } = NumberResponse.parse((await reserve(alice, msisdn!)).json());
    const [r, ...rest] = await reservations(alice);
    expect(rest).toEqual([]);
    expect(r).toEqual({ reservation_id: expect.any(Number), reservation_type: 'number', number, committed: false, extensions_left: 10 });
    expect(await reservations(alice, '?reservation_types=number')).toEqual([r]);
    expect(await reservations(alice, '?reservation_types=number,mnp')).toEqual([r]);
    expect(await reservations(alice, '?reservation_types=mnp')).toEqual([]);
    expect(await reservations(bob)).toEqual([]);
  });

  it('gives every claim a new id, and keeps the id through an extension', async () => {
    const [first, second] = await offer(alice, 2);
    await reserve(alice, first!);
    const id1 = (await reservations(alice))[0]!.reservation_id;
    await reserve(alice, first!);
    expect((await reservations(alice))[0]).toMatchObject({ reservation_id: id1, extensions_left: 9 });
    await reserve(alice, second!);
    const id2 = (await reservations(alice))[0]!.reservation_id;
    await cancel(alice, second!);
    await reserve(bob, second!);
    const id3 = (await reservations(bob))[0]!.reservation_id;
    await cancel(bob, second!);
    await reserve(alice, second!);
    const id4 = (await reservations(alice))[0]!.reservation_id;
    // Unique over time, not just among live holds: the same number held again is a new reservation.
    expect(new Set([id1, id2, id3, id4]).size).toBe(4);
    expect(id2).toBeGreaterThan(id1);
    expect(id4).toBeGreaterThan(id3);
  });

  it('extends a hold ten times, each to now + the hold time, and refuses the eleventh', async () => {
    const [msisdn] = await offer(alice);
    await reserve(alice, msisdn!);
    for (let i = 1; i <= 10; i++) {
      t.clock.advance(60_000);
      const res = await reserve(alice, msisdn!);
      expect(res.statusCode).toBe(200);
      expect(NumberResponse.parse(res.json()).number.ExpiryDate).toBe(new Date(t.clock.now() + HOLD_MS).toISOString());
      expect((await reservations(alice))[0]!.extensions_left).toBe(10 - i);
    }
    const lastExpiry = new Date(t.clock.now() + HOLD_MS).toISOString();
    t.clock.advance(60_000);
    const eleventh = await reserve(alice, msisdn!);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toEqual({ code: 'flow_order', message: 'This number cannot be extended again' });
    // The hold itself stands, as the tenth extension left it.
    expect((await reservations(alice))[0]).toMatchObject({ extensions_left: 0, number: { MSISDN: msisdn, ExpiryDate: lastExpiry } });
  });

  it('treats reserving an expired hold again as a new claim that anyone can win', async () => {
    const [msisdn, other] = await offer(alice, 2);
    await reserve(alice, msisdn!);
    const first = (await reservations(alice))[0]!;
    for (let i = 0; i < 10; i++) await reserve(alice, msisdn!);
    t.clock.advance(HOLD_MS);
    const again = await reserve(alice, msisdn!);
    expect(again.statusCode).toBe(200);
    const renewed = (await reservations(alice))[0]!;
    expect(renewed.reservation_id).not.toBe(first.reservation_id);
    expect(renewed.extensions_left).toBe(10);

    await reserve(alice, other!);
    t.clock.advance(HOLD_MS);
    expect((await reserve(bob, other!)).statusCode).toBe(200);
    const lost = await reserve(alice, other!);
    expect(lost.statusCode).toBe(409);
    expect(ApiErrorBody.parse(lost.json()).code).toBe(-2015);
  });

  it('filters GET /numbers by reservation ids, and never shows another user’s', async () => {
    const [mine, theirs] = await offer(alice, 2);
    await reserve(alice, mine!);
    await reserve(bob, theirs!);
    const myId = (await reservations(alice))[0]!.reservation_id;
    const theirId = (await reservations(bob))[0]!.reservation_id;
    const numbers = async (v: Visitor, ids: string) =>
      NumbersResponse.parse((await get(v, `/api/numbers?reservation_ids=${ids}`)).json()).numbers.map((n) => n.MSISDN);
    expect(await numbers(alice, String(myId))).toEqual([mine]);
    expect(await numbers(alice, `${theirId},${myId}`)).toEqual([mine]);
    expect(await numbers(alice, String(theirId))).toEqual([]);
    expect(await numbers(alice, '999999')).toEqual([]);
    expect(await numbers(bob, String(myId))).toEqual([]);
    const bad = await get(alice, '/api/numbers?reservation_ids=1;2');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'query.reservation_ids' });
  });

  it('offers a random number on GET /numbers?random=true, without reserving it', async () => {
    const res = await get(alice, '/api/numbers?random=true');
    const { numbers } = NumbersResponse.parse(res.json());
    expect(numbers).toHaveLength(1);
    expect([1, 2]).toContain(numbers[0]!.VanityLevelId);
    expect(numbers[0]).toMatchObject({ ReservationDate: null, ExpiryDate: null });
    expect(await reservations(alice)).toEqual([]);
    expect((await get(alice, '/api/numbers?random=false')).json()).toEqual({ numbers: [] });
    expect((await get(alice, '/api/numbers?random=true&reservation_ids=1')).json()).toMatchObject({ field: 'query.random' });
    expect((await get(alice, '/api/numbers?random=yes')).json()).toMatchObject({ field: 'query.random' });
  });

  it('rejects a malformed reservation type', async () => {
    const res = await get(alice, '/api/numbers/reservation?reservation_types=number,vip');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'bad_request', field: 'query.reservation_types' });
  });

  it('commits the live hold, idempotently, without moving its expiry', async () => {
    const none = await commit(alice);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'not_found' });

    const [msisdn] = await offer(alice);
    const { number } = NumberResponse.parse((await reserve(alice, msisdn!)).json());
    t.clock.advance(60_000);
    const res = await commit(alice);
    expect(res.statusCode).toBe(200);
    const { reservation } = CommitNumberResponse.parse(res.json());
    expect(reservation).toMatchObject({ reservation_type: 'number', committed: true, number });
    expect(CommitNumberResponse.parse((await commit(alice)).json()).reservation).toEqual(reservation);
    expect((await reservations(alice))[0]!.committed).toBe(true);
    // Bob's commit touches nothing of Alice's.
    expect((await commit(bob)).statusCode).toBe(404);
  });

  it('answers -2010 when committing a hold that has just expired', async () => {
    const [msisdn] = await offer(alice);
    await reserve(alice, msisdn!);
    t.clock.advance(HOLD_MS);
    const res = await commit(alice);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ code: -2010, message: 'Your number reservation has expired' });
  });

  it('starts a new claim uncommitted, and refuses a body on commit', async () => {
    const [first, second] = await offer(alice, 2);
    await reserve(alice, first!);
    await commit(alice);
    await reserve(alice, second!);
    expect((await reservations(alice))[0]).toMatchObject({ committed: false, number: { MSISDN: second } });
    const withBody = await t.post(alice, '/api/numbers/commit_number', { number: second! });
    expect(withBody.statusCode).toBe(400);
    expect(withBody.json()).toMatchObject({ field: 'body.number' });
  });

  it('keeps a committed number committed through an extension', async () => {
    const [msisdn] = await offer(alice);
    await reserve(alice, msisdn!);
    await commit(alice);
    await reserve(alice, msisdn!);
    expect((await reservations(alice))[0]).toMatchObject({ committed: true, extensions_left: 9 });
  });
});

describe('random offers share one rate limit', () => {
  it('counts GET /numbers?random=true and POST /numbers/random together, and not plain GET /numbers', async () => {
    const t = await createTestApp({ rateLimit: { randomNumbersMax: 2 } });
    const v = await t.login();
    expect((await t.app.inject({ method: 'POST', url: '/api/numbers/random', headers: v.headers })).statusCode).toBe(200);
    expect((await t.get(v, '/api/numbers?random=true')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await t.get(v, '/api/numbers')).statusCode).toBe(200);
    const limited = await t.get(v, '/api/numbers?random=true');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    expect((await t.app.inject({ method: 'POST', url: '/api/numbers/random', headers: v.headers })).statusCode).toBe(429);
    await t.close();
  });
});
