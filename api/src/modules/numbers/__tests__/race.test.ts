import { ApiErrorBody, MnpReserveResponse, NumberResponse, NumbersResponse } from '@join/shared/contract';
import { activeSubscriber, FakePortabilityLookup } from '../../../testing/fake-portability';
import { createTestApp, type TestApp, type Visitor } from '../../../testing/harness';

/** Real HTTP and real parallel requests: the database, not the test, has to pick one winner. */
describe('the number race', () => {
  const PLAYERS = 50;
  let t: TestApp;
  let base: string;
  let visitors: Visitor[];

  beforeAll(async () => {
    // Every player shares one IP here: lift the transfer budget, the race is what is tested.
    // The lookup answers at once: the claim in the database is what races.
    t = await createTestApp({ rateLimit: { transferMax: 1000 }, portability: new FakePortabilityLookup([activeSubscriber('971552345678', 'du')]) });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    visitors = await Promise.all(Array.from({ length: PLAYERS }, async () => t.login()));
  });
  afterAll(() => t.close());

  const post = (v: Visitor, path: string, body: Record<string, string>) =>
    fetch(`${base}/api${path}`, {
      method: 'POST',
      headers: { ...v.headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body),
    });

  it(`gives one number to exactly one of ${PLAYERS} parallel reservations`, async () => {
    const offer = await post(visitors[0]!, '/numbers/random', { count: '1' });
    const msisdn = NumbersResponse.parse(await offer.json()).numbers[0]!.MSISDN;

    const responses = await Promise.all(visitors.map((v) => post(v, '/numbers', { number: msisdn })));
    const bodies = await Promise.all(responses.map((r) => r.json() as Promise<unknown>));

    const winners = responses.map((r, i) => ({ status: r.status, body: bodies[i], visitor: visitors[i]! })).filter((r) => r.status === 200);
    const losers = responses.filter((r) => r.status === 409);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(PLAYERS - 1);
    for (const [i, r] of responses.entries()) {
      if (r.status === 409) expect(ApiErrorBody.parse(bodies[i]).code).toBe(-2015);
    }
    expect(NumberResponse.parse(winners[0]!.body).number.MSISDN).toBe(msisdn);

    // Only the winner sees the hold.
    const holds = await Promise.all(
      visitors.map(async (v) => NumbersResponse.parse(await (await fetch(`${base}/api/numbers`, { headers: v.headers })).json()).numbers),
    );
    expect(holds.filter((h) => h.length === 1)).toHaveLength(1);
    expect(holds.flat().map((n) => n.MSISDN)).toEqual([msisdn]);
  });

  it(`gives one external number to exactly one of ${PLAYERS - 2} parallel transfer reservations`, async () => {
    const external = '971552345678';
    const contenders = visitors.slice(2);
    const responses = await Promise.all(
      contenders.map((v) => post(v, '/mobile_number_portability/reserve', { number: external, operator: 'du' })),
    );
    const bodies = await Promise.all(responses.map((r) => r.json() as Promise<unknown>));
    const won = responses.flatMap((r, i) => (r.status === 200 ? [MnpReserveResponse.parse(bodies[i]).reservation] : []));
    expect(won).toHaveLength(1);
    for (const [i, r] of responses.entries()) {
      if (r.status !== 200) {
        expect(r.status).toBe(409);
        expect(ApiErrorBody.parse(bodies[i]).code).toBe(-405);
      }
    }
    const holds = await Promise.all(
      contenders.map(async (v) => NumbersResponse.parse(await (await fetch(`${base}/api/numbers`, { headers: v.headers })).json()).numbers),
    );
    expect(holds.flat()).toEqual([won[0]!.number]);
  });

  it('keeps one hold per user when one user races for many numbers', async () => {
    const racer = visitors[1]!;
    const offer = await post(racer, '/numbers/random', { count: '10' });
    const numbers = NumbersResponse.parse(await offer.json()).numbers.map((n) => n.MSISDN);
    const responses = await Promise.all(numbers.map((n) => post(racer, '/numbers', { number: n })));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const held = NumbersResponse.parse(await (await fetch(`${base}/api/numbers`, { headers: racer.headers })).json()).numbers;
    expect(held).toHaveLength(1);
  });
});
