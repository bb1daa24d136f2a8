import { ApiErrorBody, FlowStatusResponse, NumbersResponse, type FlowStatusFlags } from '@join/shared/contract';
import { form, type TestApp, type Visitor, withTestApp } from '../../../testing/harness';

describe('flow status', () => {
  let t: TestApp;
  let v: Visitor;
  withTestApp((app, [first]) => void ([t, v] = [app, first as Visitor]));

  const flags = async (): Promise<FlowStatusFlags> =>
    FlowStatusResponse.parse((await t.get(v, '/api/me/flow_status')).json())
      .flow_status_flags;
  const postKey = (key: number) => t.post(v, '/api/me/flow_status', { key, value: 'true' });
  const call = (method: 'POST' | 'DELETE', url: string, body: Record<string, string | number>) =>
    t.app.inject({ method, url, ...form(v.headers, body) });
  const reserveSome = async (): Promise<string> => {
    const res = await call('POST', '/api/numbers/random', { count: 1 });
    const msisdn = NumbersResponse.parse(res.json()).numbers[0]!.MSISDN;
    expect((await call('POST', '/api/numbers', { number: msisdn })).statusCode).toBe(200);
    return msisdn;
  };
  const expectRefused = async (key: number, why: RegExp) => {
    const res = await postKey(key);
    expect(res.statusCode).toBe(409);
    const body = ApiErrorBody.parse(res.json());
    expect(body.code).toBe('flow_order');
    expect(body.message).toMatch(why);
  };

  it('starts with every flag false', async () => {
    expect(Object.values(await flags()).every((f) => f === false)).toBe(true);
  });

  it('refuses 5 and 12 without a reservation, accepts them with one', async () => {
    await expectRefused(5, /reserve a number first/);
    await expectRefused(12, /reserve a number first/);
    await reserveSome();
    const res = await postKey(12);
    expect(res.statusCode).toBe(200);
    expect(FlowStatusResponse.parse(res.json()).flow_status_flags.is_number_selected).toBe(true);
    expect((await postKey(5)).statusCode).toBe(200);
  });

  it('drops is_number_selected when the hold expires', async () => {
    await reserveSome();
    await postKey(12);
    t.clock.advance(15 * 60_000);
    expect((await flags()).is_number_selected).toBe(false);
  });

  it('refuses 115 with no number selected, and clears the selection with one', async () => {
    await expectRefused(115, /no number selection/);
    await reserveSome();
    await postKey(12);
    const res = await postKey(115);
    expect(res.statusCode).toBe(200);
    expect(FlowStatusResponse.parse(res.json()).flow_status_flags.is_number_selected).toBe(false);
    await expectRefused(115, /no number selection/);
  });

  it('refuses 13 without a saved plan or with one for another product', async () => {
    await expectRefused(13, /save a plan first/);
    await call('POST', '/api/plans/saved_plans', { product_code: 187, plan_ids: '1871,1872,1873' });
    await call('POST', '/api/products/save', { product_code: 103 });
    await expectRefused(13, /current product 103.*product 187/);
  });

  it('accepts 13 for a plan of the current product, and derives the flag from it', async () => {
    await call('POST', '/api/plans/saved_plans', { product_code: 188, plan_ids: '1881,1882,1883' });
    const res = await postKey(13);
    expect(res.statusCode).toBe(200);
    expect(FlowStatusResponse.parse(res.json()).flow_status_flags.is_plan_selected).toBe(true);
    // Moving to another product leaves the plan behind: the flag follows.
    await call('POST', '/api/products/save', { product_code: 196 });
    expect((await flags()).is_plan_selected).toBe(false);
  });

  it('sets is_product_selected only on an explicit product save', async () => {
    await call('POST', '/api/plans/saved_plans', { product_code: 187, plan_ids: '1871,1872,1873' });
    expect((await flags()).is_product_selected).toBe(false);
    await t.get(v, '/api/products/current?save=true');
    expect((await flags()).is_product_selected).toBe(true);
  });

  it('rejects a key outside the contract with 400', async () => {
    const res = await postKey(7);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'bad_request', field: 'body.key' });
  });
});
