import { ApiErrorBody, PlanQuoteResponse, aedAsFils, decimalInt } from '@join/shared/contract';
import { type TestApp, type Visitor, withTestApp } from '../../../testing/harness';

/**
 * Codes, ids and counts are decimal digits only, money has at most two
 * decimal places. Each spelling below was read as 187 (or AED 0.01) before.
 */
describe('strict numbers', () => {
  let t: TestApp;
  let v: Visitor;
  withTestApp((app, [first]) => void ([t, v] = [app, first as Visitor]), { per: 'file' });

  const quote = (choice: Record<string, string>) => t.get(v, `/api/plans/quote.json?${new URLSearchParams(choice)}`);
  const expect400 = (res: { statusCode: number; json(): unknown }, field: string) => {
    expect(res.statusCode).toBe(400);
    expect(ApiErrorBody.parse(res.json()).field).toBe(field);
  };

  it.each(['0xBB', '0b10111011', '0o273', '1.87e2', '+187', ' 187', '187 ', '187.0', '-187', '１８７'])('refuses product_code=%s', async (code) => {
    expect400(await quote({ product_code: code, plan_ids: '1871,1872,1873' }), 'query.product_code');
    expect400(await t.post(v, '/api/products/save', { product_code: code }), 'body.product_code');
  });

  it('still reads product codes written in decimal digits', async () => {
    const res = await quote({ product_code: '206', plan_ids: '2061,2062,2063' });
    expect(res.statusCode).toBe(200);
  });

  it.each(['0.005', '1.999', '25.', '.5', '1e2', '0x19', '-1', '25,00'])('refuses recharge_amount=%s', async (amount) => {
    expect400(await quote({ product_code: '206', plan_ids: '2061,2062,2063', recharge_amount: amount }), 'query.recharge_amount');
  });

  it('charges exactly the top-up asked for, to the fils', async () => {
    const res = await quote({ product_code: '206', plan_ids: '2061,2062,2063', recharge_amount: '25.5' });
    expect(res.statusCode).toBe(200);
    const { package_price } = PlanQuoteResponse.parse(res.json());
    expect(package_price.ExtraCharges).toContainEqual({ Name: 'RechargeAmount', Amount: 25.5 });
  });

  it.each([
    ['/api/numbers/random', { count: '0x2' }, 'body.count'],
    ['/api/numbers/search', { page: '+1' }, 'body.page'],
    ['/api/numbers/search', { per_page: '1e1' }, 'body.per_page'],
    ['/api/me/preferences', { PreferenceID: '0o4', Value: 'true' }, 'body.PreferenceID'],
  ])('refuses loose numbers on %s', async (url, body, field) => {
    expect400(await t.post(v, url, body), field);
  });

  it('parses in the kernel the same way for both sides', () => {
    expect(decimalInt().parse('187')).toBe(187);
    expect(decimalInt().parse(187)).toBe(187);
    expect(decimalInt().safeParse(1.5).success).toBe(false);
    expect(aedAsFils(100).parse('25.5')).toBe(2550);
    expect(aedAsFils(100).parse(0.29)).toBe(29);
    expect(aedAsFils(100).safeParse(0.005).success).toBe(false);
    expect(aedAsFils(100).safeParse('100.01').success).toBe(false);
  });
});
