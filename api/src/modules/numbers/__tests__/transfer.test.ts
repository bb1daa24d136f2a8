import {
  ApiErrorBody,
  FlowStatusResponse,
  MnpReserveResponse,
  MnpVerifyResponse,
  NumberSearchResponse,
  NumbersResponse,
  OperatorsResponse,
  ProductResponse,
  ReservationsResponse,
} from '@join/shared/contract';
import { FakePortabilityLookup } from '../../../testing/fake-portability';
import { createTestApp, form, type TestApp, type Visitor, withTestApp } from '../../../testing/harness';
import { numberSteps } from './number-steps';
import { portabilitySandbox } from '../../../testing/portability-sandbox';

/** The fixed subscribers of the number-portability sandbox (sandboxes/README.md), reached over HTTP. */
const ACTIVE_ETISALAT = '971501234567';
const ACTIVE_DU = '971551234567';
const ACTIVE_VIRGIN = '971541234567';
const IN_TRANSFER_DU = '971521111111';
const NOT_ACTIVATED_VIRGIN = '971561111111';
const UNKNOWN = '971599999999';
const HOLD_MS = 15 * 60_000;

describe('transfer (MNP)', () => {
  const sandbox = portabilitySandbox();
  let t: TestApp;
  let alice: Visitor;
  let bob: Visitor;
  withTestApp((app, [a, b]) => void ([t, alice, bob] = [app, a as Visitor, b as Visitor]), { visitors: 2, options: { portability: sandbox.lookup } });

  const post = (v: Visitor, url: string, body: Record<string, string | number>) => t.post(v, url, body);
  const get = (v: Visitor, url: string) => t.get(v, url);
  const verify = (v: Visitor, external_number: string, operator: string) =>
    post(v, '/api/mobile_number_portability/verify', { external_number, operator });
  const reserveTransfer = (v: Visitor, number: string, operator: string) => post(v, '/api/mobile_number_portability/reserve', { number, operator });
  const transferOf = async (v: Visitor, number: string, operator: string) => {
    const res = await reserveTransfer(v, number, operator);
    expect(res.statusCode).toBe(200);
    return MnpReserveResponse.parse(res.json()).reservation;
  };
  const held = async (v: Visitor) => NumbersResponse.parse((await get(v, '/api/numbers')).json()).numbers;
  const { cancel } = numberSteps(() => t);
  const expectRefusal = (res: { statusCode: number; json(): unknown }, code: number) => {
    expect(res.statusCode).toBe(409);
    expect(ApiErrorBody.parse(res.json()).code).toBe(code);
  };

  it('lists the operators', async () => {
    const { operators } = OperatorsResponse.parse((await get(alice, '/api/mobile_number_portability/operators')).json());
    expect(operators).toEqual([
      { code: 'du', name: 'du' },
      { code: 'etisalat', name: 'e& (Etisalat)' },
      { code: 'virgin', name: 'Virgin Mobile UAE' },
    ]);
  });

  it('verifies an active number with its operator, typed either way', async () => {
    for (const [number, operator, typed] of [
      [ACTIVE_ETISALAT, 'etisalat', '0501234567'],
      [ACTIVE_DU, 'du', '055 123 4567'],
      [ACTIVE_VIRGIN, 'virgin', '971541234567'],
    ] as const) {
      const res = await verify(alice, typed, operator);
      expect(res.statusCode).toBe(200);
      expect(MnpVerifyResponse.parse(res.json())).toEqual({
        portable: true,
        external_number: number,
        operator: { code: operator, name: expect.any(String) },
      });
    }
  });

  it('answers -434 for a number unknown to the portability lookup or never activated', async () => {
    expectRefusal(await verify(alice, NOT_ACTIVATED_VIRGIN, 'virgin'), -434);
    expectRefusal(await verify(alice, NOT_ACTIVATED_VIRGIN, 'du'), -434);
    expectRefusal(await verify(alice, UNKNOWN, 'du'), -434);
  });

  it('answers -440 for the wrong operator, and for a number of our own range', async () => {
    const wrong = await verify(alice, ACTIVE_ETISALAT, 'du');
    expectRefusal(wrong, -440);
    expect(ApiErrorBody.parse(wrong.json()).message).toBe('This number is not with du');
    expectRefusal(await verify(alice, IN_TRANSFER_DU, 'etisalat'), -440);
    expectRefusal(await verify(alice, '971581234567', 'du'), -440);
  });

  it('answers -405 for a number in transfer, or held by another visitor’s transfer', async () => {
    expectRefusal(await verify(alice, IN_TRANSFER_DU, 'du'), -405);
    await transferOf(bob, ACTIVE_DU, 'du');
    expectRefusal(await verify(alice, ACTIVE_DU, 'du'), -405);
    expectRefusal(await reserveTransfer(alice, ACTIVE_DU, 'du'), -405);
    // The holder itself may verify it again.
    expect((await verify(bob, ACTIVE_DU, 'du')).statusCode).toBe(200);
  });

  it('reserves a transfer with a temporary pool number, as the visitor’s one hold', async () => {
    const [previous] = NumbersResponse.parse((await post(alice, '/api/numbers/random', { count: 1 })).json()).numbers;
    await post(alice, '/api/numbers', { number: previous!.MSISDN });

    const reservation = await transferOf(alice, '0501234567', 'etisalat');
    const temporary = reservation.number.InTransferTo!;
    expect(reservation).toMatchObject({ reservation_type: 'mnp', committed: false, extensions_left: 10 });
    expect(reservation.number).toEqual({
      MSISDN: ACTIVE_ETISALAT,
      InTransferTo: expect.stringMatching(/^97158\d{7}$/),
      VanityLevelId: 1,
      ReservationDate: new Date(t.clock.now()).toISOString(),
      ExpiryDate: new Date(t.clock.now() + HOLD_MS).toISOString(),
    });
    expect(await held(alice)).toEqual([reservation.number]);
    const listed = ReservationsResponse.parse((await get(alice, '/api/numbers/reservation?reservation_types=mnp')).json());
    expect(listed.reservations).toEqual([reservation]);
    expect(ReservationsResponse.parse((await get(alice, '/api/numbers/reservation?reservation_types=number')).json()).reservations).toEqual([]);

    // The previous hold was released at once; the temporary number is nobody else's to take.
    expect((await post(bob, '/api/numbers', { number: previous!.MSISDN })).statusCode).toBe(200);
    expectRefusal(await post(bob, '/api/numbers', { number: temporary }), -2015);
    const search = await post(bob, '/api/numbers/search', { pattern: temporary.slice(5) });
    expect(NumberSearchResponse.parse(search.json()).numbers).toEqual([]);
  });

  it('accepts flow-status 12 and 5 for a transfer, which is not VIP', async () => {
    await transferOf(alice, ACTIVE_VIRGIN, 'virgin');
    const twelve = await post(alice, '/api/me/flow_status', { key: 12, value: 'true' });
    expect(twelve.statusCode).toBe(200);
    expect(FlowStatusResponse.parse(twelve.json()).flow_status_flags).toMatchObject({ is_number_selected: true, has_vip: false });
    expect((await post(alice, '/api/me/flow_status', { key: 5, value: 'true' })).statusCode).toBe(200);
  });

  it('reserves again as an extension of the same transfer', async () => {
    const first = await transferOf(alice, ACTIVE_DU, 'du');
    t.clock.advance(60_000);
    const again = await transferOf(alice, ACTIVE_DU, 'du');
    expect(again).toMatchObject({ reservation_id: first.reservation_id, extensions_left: 9 });
    expect(again.number).toMatchObject({
      InTransferTo: first.number.InTransferTo,
      ExpiryDate: new Date(t.clock.now() + HOLD_MS).toISOString(),
    });
  });

  it('re-checks the number on reserve with the same answers as verify', async () => {
    expectRefusal(await reserveTransfer(alice, NOT_ACTIVATED_VIRGIN, 'virgin'), -434);
    expectRefusal(await reserveTransfer(alice, ACTIVE_ETISALAT, 'virgin'), -440);
    expectRefusal(await reserveTransfer(alice, '971587654321', 'du'), -440);
    expectRefusal(await reserveTransfer(alice, IN_TRANSFER_DU, 'du'), -405);
    expect(await held(alice)).toEqual([]);
  });

  it.each([['external'], ['temporary']] as const)('resets a transfer by its %s number, freeing the temporary number at once', async (which) => {
    await post(alice, '/api/products/save', { product_code: 103 });
    const { number } = await transferOf(alice, ACTIVE_ETISALAT, 'etisalat');
    const res = await cancel(alice, which === 'external' ? number.MSISDN : number.InTransferTo!);
    expect(res.statusCode).toBe(200);
    expect(await held(alice)).toEqual([]);
    // Same product rule as any cancel: a multi-month product goes back to the 1-month default.
    expect(ProductResponse.parse((await get(alice, '/api/products/current')).json()).product.ProductCode).toBe(100);
    expect((await post(bob, '/api/numbers', { number: number.InTransferTo! })).statusCode).toBe(200);
    expect((await verify(bob, ACTIVE_ETISALAT, 'etisalat')).statusCode).toBe(200);
  });

  it('lets only the holder reset a transfer', async () => {
    const { number } = await transferOf(alice, ACTIVE_ETISALAT, 'etisalat');
    expect((await cancel(bob, number.MSISDN)).statusCode).toBe(404);
    expect((await cancel(bob, number.InTransferTo!)).statusCode).toBe(404);
    expect(await held(alice)).toEqual([number]);
  });

  it('frees the external number when the transfer hold expires', async () => {
    const { number } = await transferOf(alice, ACTIVE_DU, 'du');
    t.clock.advance(HOLD_MS);
    expect(await held(alice)).toEqual([]);
    expect((await verify(bob, ACTIVE_DU, 'du')).statusCode).toBe(200);
    const bobs = await transferOf(bob, ACTIVE_DU, 'du');
    expect(bobs.number.MSISDN).toBe(number.MSISDN);
    const late = await cancel(alice, number.MSISDN);
    expect(late.statusCode).toBe(404);
  });

  it('answers -2010 when the holder resets an expired transfer', async () => {
    const { number } = await transferOf(alice, ACTIVE_DU, 'du');
    t.clock.advance(HOLD_MS);
    const res = await cancel(alice, number.MSISDN);
    expect(res.statusCode).toBe(410);
    expect(ApiErrorBody.parse(res.json()).code).toBe(-2010);
  });

  it('answers by_vanity_level for a transfer with no VIP plans', async () => {
    const { number } = await transferOf(alice, ACTIVE_DU, 'du');
    const res = await get(alice, `/api/plans/by_vanity_level.json?number=${number.MSISDN}&vanity_level=1`);
    expect(res.json()).toEqual({ products: [] });
  });

  it.each([
    ['/api/mobile_number_portability/verify', { external_number: '0501234', operator: 'du' }, 'body.external_number'],
    ['/api/mobile_number_portability/verify', { external_number: '0701234567', operator: 'du' }, 'body.external_number'],
    ['/api/mobile_number_portability/verify', { external_number: ACTIVE_DU, operator: 'DU!' }, 'body.operator'],
    ['/api/mobile_number_portability/verify', { external_number: ACTIVE_DU, operator: 'orange' }, 'body.operator'],
    ['/api/mobile_number_portability/verify', { external_number: ACTIVE_DU }, 'body.operator'],
    ['/api/mobile_number_portability/reserve', { number: 'abc', operator: 'du' }, 'body.number'],
    ['/api/mobile_number_portability/reserve', { number: ACTIVE_DU, operator: 'orange' }, 'body.operator'],
    ['/api/mobile_number_portability/reserve', { external_number: ACTIVE_DU, operator: 'du' }, 'body.number'],
  ] as const)('%s rejects %j with 400 on %s', async (url, body, field) => {
    const res = await post(alice, url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'bad_request', field });
  });

  it('rate-limits the check and the reserve together, so numbers cannot be probed in bulk', async () => {
    const limited = await createTestApp({ rateLimit: { transferMax: 3 }, portability: sandbox.lookup });
    try {
      const v = await limited.login();
      const call = (url: string, body: Record<string, string>) => limited.app.inject({ method: 'POST', url, ...form(v.headers, body) });
      const codes = [
        (await call('/api/mobile_number_portability/verify', { external_number: ACTIVE_DU, operator: 'du' })).statusCode,
        (await call('/api/mobile_number_portability/verify', { external_number: UNKNOWN, operator: 'du' })).statusCode,
        (await call('/api/mobile_number_portability/reserve', { number: ACTIVE_DU, operator: 'du' })).statusCode,
      ];
      expect(codes).toEqual([200, 409, 200]);
      const fourth = await call('/api/mobile_number_portability/verify', { external_number: ACTIVE_ETISALAT, operator: 'etisalat' });
      expect(fourth.statusCode).toBe(429);
      expect(ApiErrorBody.parse(fourth.json()).code).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });
});

describe('transfer (MNP) with the portability lookup down', () => {
  const lookup = new FakePortabilityLookup([{ msisdn: '971551234567', operatorCode: 'du', status: 'active' }]);
  let t: TestApp;
  let alice: Visitor;
  withTestApp((app, [a]) => void ([t, alice] = [app, a as Visitor]), { options: { portability: lookup } });
  afterEach(() => {
    lookup.unavailable = false;
  });

  it('refuses to verify or reserve (503, the general error to retry), never letting a transfer through unchecked', async () => {
    lookup.unavailable = true;
    for (const [url, body] of [
      ['/api/mobile_number_portability/verify', { external_number: '0551234567', operator: 'du' }],
      ['/api/mobile_number_portability/reserve', { number: '0551234567', operator: 'du' }],
    ] as const) {
      const res = await t.post(alice, url, body);
      expect([url, res.statusCode, ApiErrorBody.parse(res.json()).code]).toEqual([url, 503, 'internal']);
    }
    expect(NumbersResponse.parse((await t.get(alice, '/api/numbers')).json()).numbers).toEqual([]);
    // Back up, the same number goes through.
    lookup.unavailable = false;
    expect((await t.post(alice, '/api/mobile_number_portability/reserve', { number: '0551234567', operator: 'du' })).statusCode).toBe(200);
  });

  it('does not ask the lookup about a number of our own range', async () => {
    const before = lookup.calls;
    const res = await t.post(alice, '/api/mobile_number_portability/verify', { external_number: '0581234567', operator: 'du' });
    expect(ApiErrorBody.parse(res.json()).code).toBe(-440);
    expect(lookup.calls).toBe(before);
  });
});
