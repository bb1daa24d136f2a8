import { ApiErrorBody, BoostersResponse, NumberSearchResponse, SavePlanResponse, VANITY_LEVELS } from '@join/shared/contract';
import { activeSubscriber, FakePortabilityLookup } from '../../../testing/fake-portability';
import { type TestApp, type Visitor, withTestApp } from '../../../testing/harness';

/** GET /boosters/{number} and boosters bought with a plan. */
describe('boosters', () => {
  let t: TestApp;
  let alice: Visitor;
  let bob: Visitor;
  withTestApp((app, [a, b]) => void ([t, alice, bob] = [app, a as Visitor, b as Visitor]), {
    visitors: 2,
    options: { portability: new FakePortabilityLookup([activeSubscriber('971551234567', 'du')]) },
  });

  const boosters = (v: Visitor, number: string, query: string) => t.get(v, `/api/boosters/${number}?${query}`);
  const ids = async (v: Visitor, number: string, query: string): Promise<number[]> => {
    const res = await boosters(v, number, query);
    expect(res.statusCode).toBe(200);
    const body = BoostersResponse.parse(res.json());
    expect(body.number).toBe(number);
    return body.boosters.map((b) => b.ID);
  };
  const holdNumber = async (v: Visitor): Promise<string> => {
    const [number] = await t.offer(v);
    expect((await t.post(v, '/api/numbers', { number: number! })).statusCode).toBe(200);
    return number!;
  };
  const holdTier = async (v: Visitor, level: number): Promise<string> => {
    const search = await t.post(v, '/api/numbers/search', { vanity_level_ids: level, per_page: 1 });
    const number = NumberSearchResponse.parse(search.json()).numbers[0]!.MSISDN;
    expect((await t.post(v, '/api/numbers', { number })).statusCode).toBe(200);
    return number;
  };
  const errorOf = (res: { statusCode: number; json(): unknown }) => ({ status: res.statusCode, ...ApiErrorBody.parse(res.json()) });

  it('lists the boosters for a held number, by type then price, without the VIP ones', async () => {
    const number = await holdNumber(alice);
    expect(await ids(alice, number, 'product_code=188')).toEqual([903, 901, 902, 911, 921]);
    const first = BoostersResponse.parse((await boosters(alice, number, 'product_code=188')).json()).boosters[0];
    expect(first).toEqual({ ID: 903, Name: 'Weekend data 10 GB', Type: 'DATA', Value: 10 * 1024 ** 3, Validity: 3, NetPrice: 15, Tags: ['data', 'weekend'] });
  });

  it('answers only for the visitor’s own live hold: anyone else’s number reads as not there', async () => {
    const number = await holdNumber(alice);
    const theirs = errorOf(await boosters(bob, number, 'product_code=188'));
    expect(theirs).toMatchObject({ status: 404, code: 'not_found' });
    await holdNumber(bob);
    expect(errorOf(await boosters(bob, number, 'product_code=188'))).toMatchObject({ status: 404 });
    const [free] = await t.offer(bob);
    expect(errorOf(await boosters(alice, free!, 'product_code=188'))).toMatchObject({ status: 404 });
    t.clock.advance(15 * 60_000);
    expect(errorOf(await boosters(alice, number, 'product_code=188'))).toMatchObject({ status: 404 });
  });

  it('offers nothing for a type the plan has unlimited', async () => {
    const number = await holdNumber(alice);
    // 207: unlimited data and local minutes.
    expect(await ids(alice, number, 'product_code=207')).toEqual([921]);
    // A custom plan's choice is not known here, so every type is offered.
    expect(await ids(alice, number, 'product_code=300')).toEqual([903, 901, 902, 911, 921]);
  });

  it('offers the vip-tagged booster to VIP numbers only', async () => {
    const number = await holdTier(alice, VANITY_LEVELS.bronze);
    expect(await ids(alice, number, 'product_code=221')).toEqual([921, 931]);
  });

  it('filters by plan type and by tags a booster must all carry', async () => {
    const number = await holdNumber(alice);
    expect(await ids(alice, number, 'product_code=188&plan_type=DATA')).toEqual([903, 901, 902]);
    expect(await ids(alice, number, 'product_code=188&filters=weekend')).toEqual([903]);
    expect(await ids(alice, number, 'product_code=188&filters=data,popular')).toEqual([902]);
    expect(await ids(alice, number, 'product_code=188&filters=voice&plan_type=VOICE-INT')).toEqual([921]);
    expect(await ids(alice, number, 'product_code=188&filters=vip')).toEqual([]);
  });

  it('answers for a transfer by the visitor’s own external number', async () => {
    const reserve = await t.post(alice, '/api/mobile_number_portability/reserve', { number: '971551234567', operator: 'du' });
    expect(reserve.statusCode).toBe(200);
    expect(await ids(alice, '971551234567', 'product_code=188')).toEqual([903, 901, 902, 911, 921]);
  });

  it('answers 404 for an unknown product and 400 for bad input', async () => {
    const number = await holdNumber(alice);
    expect(errorOf(await boosters(alice, number, 'product_code=999'))).toMatchObject({ status: 404, message: expect.stringContaining('999') });
    expect(errorOf(await boosters(alice, '0581234567', 'product_code=188'))).toMatchObject({ status: 400, field: 'params.number' });
    expect(errorOf(await boosters(alice, number, ''))).toMatchObject({ status: 400, field: 'query.product_code' });
    expect(errorOf(await boosters(alice, number, 'product_code=188&plan_type=SMS'))).toMatchObject({ status: 400, field: 'query.plan_type' });
    expect(errorOf(await boosters(alice, number, 'product_code=188&filters=A;B'))).toMatchObject({ status: 400, field: 'query.filters' });
  });

  describe('bought with a plan', () => {
    const save = (v: Visitor, body: Record<string, string | number>) => t.post(v, '/api/plans/saved_plans', body);
    const full188 = { product_code: 188, plan_ids: '1881,1882,1883' };

    it('needs a held number', async () => {
      expect(errorOf(await save(alice, { ...full188, booster_ids: '901' }))).toMatchObject({
        status: 409,
        code: 'flow_order',
        message: expect.stringMatching(/choose a number first/),
      });
    });

    it('takes only boosters the number and plan may have, once each', async () => {
      await holdNumber(alice);
      const refused = async (body: Record<string, string | number>, why: RegExp) =>
        expect(errorOf(await save(alice, body))).toMatchObject({
          status: 400,
          code: 'bad_request',
          field: 'body.booster_ids',
          message: expect.stringMatching(why),
        });
      await refused({ product_code: 207, plan_ids: '2071,2072,2073', booster_ids: '901' }, /booster 901 is not available/);
      await refused({ ...full188, booster_ids: '931' }, /booster 931 is not available/);
      await refused({ ...full188, booster_ids: '999' }, /booster 999 is not available/);
      await refused({ ...full188, booster_ids: '901,901' }, /listed twice/);
      // A custom plan with unlimited data takes no data booster.
      await refused({ product_code: 300, plan_ids: '30004,30005', booster_ids: '902' }, /booster 902 is not available/);
      const ok = await save(alice, { ...full188, booster_ids: '902,921' });
      expect(ok.statusCode).toBe(200);
      expect(SavePlanResponse.parse(ok.json()).saved_plan.PackagePrice).toMatchObject({ NetPrice: 99 + 60 + 20 });
    });

    it('lets a VIP number have the VIP booster with its plan', async () => {
      await holdTier(alice, VANITY_LEVELS.bronze);
      const res = await save(alice, { product_code: 221, plan_ids: '2211,2212,2213', booster_ids: '931' });
      expect(res.statusCode).toBe(200);
      expect(SavePlanResponse.parse(res.json()).saved_plan).toMatchObject({
        Boosters: [{ ID: 931 }],
        PackagePrice: { PlanNetPrice: 1199, NetPrice: 1298, ExtraCharges: [{ Name: 'VIP international 500', Amount: 99 }] },
      });
    });
  });
});
