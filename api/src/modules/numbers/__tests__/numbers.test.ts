import {
  ApiErrorBody,
  DEFAULT_NUMBER_HOLD_SECONDS,
  NumberResponse,
  NumbersResponse,
  ProductResponse,
} from '@join/shared/contract';
import { type TestApp, type Visitor } from '../../../testing/harness';
import { withTwoVisitors } from './number-steps';

describe('numbers', () => {
  let t: TestApp;
  let alice: Visitor;
  let bob: Visitor;
  const { offer, reserve, cancel } = withTwoVisitors((app, a, b) => void ([t, alice, bob] = [app, a, b]));

  const held = async (v: Visitor) =>
    NumbersResponse.parse((await t.get(v, '/api/numbers')).json()).numbers;
  const currentProduct = async (v: Visitor) =>
    ProductResponse.parse((await t.get(v, '/api/products/current')).json()).product;

  it('offers distinct free basic numbers without reserving them', async () => {
    const res = await t.post(alice, '/api/numbers/random', { count: 10 });
    const numbers = NumbersResponse.parse(res.json()).numbers;
    expect(numbers).toHaveLength(10);
    expect(new Set(numbers.map((n) => n.MSISDN)).size).toBe(10);
    for (const n of numbers) {
      expect([1, 2]).toContain(n.VanityLevelId);
      expect(n).toMatchObject({ ReservationDate: null, ExpiryDate: null });
    }
    expect(await held(alice)).toEqual([]);
  });

  it('offers one number by default, with an empty body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/numbers/random', headers: alice.headers });
    expect(NumbersResponse.parse(res.json()).numbers).toHaveLength(1);
  });

  it('reserves a number until now + the hold time', async () => {
    const [msisdn] = await offer(alice);
    const res = await reserve(alice, msisdn!);
    expect(res.statusCode).toBe(200);
    const { number } = NumberResponse.parse(res.json());
    expect(number.MSISDN).toBe(msisdn);
    const start = t.clock.now();
    expect(number.ReservationDate).toBe(new Date(start).toISOString());
    expect(number.ExpiryDate).toBe(new Date(start + DEFAULT_NUMBER_HOLD_SECONDS * 1000).toISOString());
    expect(await held(alice)).toEqual([number]);
  });

  it('never offers a held number', async () => {
    const [msisdn] = await offer(alice);
    await reserve(alice, msisdn!);
    for (let i = 0; i < 20; i++) expect(await offer(bob, 10)).not.toContain(msisdn);
  });

  it('answers -2015 when someone else holds the number', async () => {
    const [msisdn] = await offer(alice);
    await reserve(alice, msisdn!);
    const res = await reserve(bob, msisdn!);
    expect(res.statusCode).toBe(409);
    expect(ApiErrorBody.parse(res.json())).toEqual({ code: -2015, message: 'This number was just taken by someone else' });
  });

  it('keeps one hold per user: a new reservation releases the old one', async () => {
    const [first, second] = await offer(alice, 2);
    await reserve(alice, first!);
    await reserve(alice, second!);
    expect((await held(alice)).map((n) => n.MSISDN)).toEqual([second]);
    expect((await reserve(bob, first!)).statusCode).toBe(200);
  });

  it('keeps the old hold when the new reservation loses', async () => {
    const [mine, theirs] = await offer(alice, 2);
    await reserve(bob, theirs!);
    await reserve(alice, mine!);
    expect((await reserve(alice, theirs!)).statusCode).toBe(409);
    expect((await held(alice)).map((n) => n.MSISDN)).toEqual([mine]);
  });

  it('extends a hold when its holder reserves the same number again', async () => {
    const [msisdn] = await offer(alice);
    await reserve(alice, msisdn!);
    t.clock.advance(60_000);
    const again = NumberResponse.parse((await reserve(alice, msisdn!)).json()).number;
    expect(again.ExpiryDate).toBe(new Date(t.clock.now() + DEFAULT_NUMBER_HOLD_SECONDS * 1000).toISOString());
  });

  it('frees a number when its hold expires', async () => {
    const [msisdn] = await offer(alice);
    await reserve(alice, msisdn!);
    t.clock.advance(DEFAULT_NUMBER_HOLD_SECONDS * 1000 - 1);
    expect((await reserve(bob, msisdn!)).statusCode).toBe(409);
    t.clock.advance(1);
    expect(await held(alice)).toEqual([]);
    expect((await reserve(bob, msisdn!)).statusCode).toBe(200);
    expect((await held(bob)).map((n) => n.MSISDN)).toEqual([msisdn]);
  });

  it('answers 404 for a number outside the pool', async () => {
    const res = await reserve(alice, '971501234567');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it('shows a hold only to its holder', async () => {
    const [msisdn] = await offer(alice);
    await reserve(alice, msisdn!);
    expect(await held(bob)).toEqual([]);
  });

  it('lets only the holder cancel, and hides whether anyone else holds it', async () => {
    const [msisdn, free] = await offer(alice, 2);
    await reserve(alice, msisdn!);
    const theirs = await cancel(bob, msisdn!);
    const nobodys = await cancel(bob, free!);
    expect(theirs.statusCode).toBe(404);
    expect(nobodys.statusCode).toBe(404);
    expect(ApiErrorBody.parse(theirs.json()).code).toBe('not_found');
    expect(theirs.json()).toEqual({ ...(nobodys.json() as object), message: expect.any(String) });
    expect((await held(alice)).map((n) => n.MSISDN)).toEqual([msisdn]);
  });

  it('returns a cancelled number to the pool at once', async () => {
    const [msisdn] = await offer(alice);
    await reserve(alice, msisdn!);
    const res = await cancel(alice, msisdn!);
    expect(res.statusCode).toBe(200);
    expect(NumbersResponse.parse(res.json())).toEqual({ numbers: [] });
    expect(await held(alice)).toEqual([]);
    expect((await reserve(bob, msisdn!)).statusCode).toBe(200);
  });

  it('accepts the number to cancel in the query too', async () => {
    const [msisdn] = await offer(alice);
    await reserve(alice, msisdn!);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/numbers?number=${msisdn}`, headers: alice.headers });
    expect(res.statusCode).toBe(200);
  });

  it('resets a 3-month product to the 1-month default on cancel, and keeps a tourist product', async () => {
    const [first, second] = await offer(alice, 2);
    await t.post(alice, '/api/products/save', { product_code: 103 });
    await reserve(alice, first!);
    expect((await currentProduct(alice)).ProductCode).toBe(103);
    await cancel(alice, first!);
    expect((await currentProduct(alice)).ProductCode).toBe(100);

    await t.post(alice, '/api/products/save', { product_code: 196 });
    await reserve(alice, second!);
    await cancel(alice, second!);
    expect((await currentProduct(alice)).ProductCode).toBe(196);
  });

  it('answers -2010 when the holder cancels an expired hold', async () => {
    const [msisdn] = await offer(alice);
    await reserve(alice, msisdn!);
    t.clock.advance(DEFAULT_NUMBER_HOLD_SECONDS * 1000);
    const res = await cancel(alice, msisdn!);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ code: -2010, message: 'Your number reservation has expired' });
    // Said once: the row is released, so a second try is an ordinary "not yours".
    expect((await cancel(alice, msisdn!)).statusCode).toBe(404);
  });
});
