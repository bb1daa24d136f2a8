import { ApiErrorBody } from '@join/shared/contract';
import { TRANSFER_CHECK_LIMITS, TransferCheckBudget } from '../transfer-budget';
import { MemoryLimitStore } from '../../../platform/limits/memory-limit-store';
import { activeSubscriber, FakePortabilityLookup } from '../../../testing/fake-portability';
import { createTestApp, type TestApp, type Visitor } from '../../../testing/harness';

/**
 * The transfer check is not an operator directory. The probe asked for a
 * number against each operator in turn (du -440, etisalat -440, virgin 200); a visitor moving
 * their own number needs one number and at most a second guess of its operator.
 */
describe('operator lookup budget', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({
      transferCheckLimits: TRANSFER_CHECK_LIMITS,
      portability: new FakePortabilityLookup([activeSubscriber('971541234567', 'virgin'), activeSubscriber('971551234567', 'du'), activeSubscriber('971552345678', 'du')]),
    });
  });
  afterEach(() => t.close());

  const verify = (v: Visitor, external_number: string, operator: string, remoteAddress?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/mobile_number_portability/verify',
      headers: { ...v.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ external_number, operator }).toString(),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const expectSpent = (res: { statusCode: number; json(): unknown }, message: RegExp) => {
    expect(res.statusCode).toBe(429);
    const body = ApiErrorBody.parse(res.json());
    expect(body.code).toBe('rate_limited');
    expect(body.message).toMatch(message);
  };

  it('lets a visitor correct a wrong operator once, not walk through all of them', async () => {
    const v = await t.login();
    expect((await verify(v, '0541234567', 'du')).statusCode).toBe(409); // -440: not with du
    expect((await verify(v, '0541234567', 'etisalat')).statusCode).toBe(409); // -440 again
    expectSpent(await verify(v, '0541234567', 'virgin'), /as many operators/);
    // Asking again with an operator already tried costs nothing and answers as before.
    expect((await verify(v, '0541234567', 'du')).statusCode).toBe(409);
  });

  it('lets a visitor who guessed right check it again (the reserve re-checks it)', async () => {
    const v = await t.login();
    for (let i = 0; i < 5; i++) expect((await verify(v, '0551234567', 'du')).statusCode).toBe(200);
    const reserve = await t.post(v, '/api/mobile_number_portability/reserve', { number: '0551234567', operator: 'du' });
    expect(reserve.statusCode).toBe(200);
  });

  it('caps the distinct numbers one visitor checks, by account and by device', async () => {
    const v = await t.login();
    const numbers = ['0501234567', '0502345678', '0551234567', '0552345678'];
    const codes = [];
    for (const n of numbers) codes.push((await verify(v, n, 'etisalat')).statusCode);
    expect(codes.slice(0, TRANSFER_CHECK_LIMITS.numbersPerVisitor).every((c) => c !== 429)).toBe(true);
    expectSpent(await verify(v, numbers[3]!, 'etisalat'), /as many numbers/);
    // A new session of the same device is the same visitor.
    const again = await t.login(v.deviceId);
    expectSpent(await verify(again, numbers[3]!, 'etisalat'), /as many numbers/);
    // Another visitor is not affected.
    const other = await t.login();
    expect((await verify(other, numbers[3]!, 'du')).statusCode).toBe(200);
  });

  it('caps the distinct numbers checked from one address, whatever the devices', async () => {
    const codes: number[] = [];
    for (let i = 0; i < TRANSFER_CHECK_LIMITS.numbersPerAddress + 1; i++) {
      const v = await t.login();
      codes.push((await verify(v, `05${String(20000000 + i).padStart(8, '0')}`, 'du', '203.0.113.5')).statusCode);
    }
    expect(codes.slice(0, -1).includes(429)).toBe(false);
    expect(codes.at(-1)).toBe(429);
  });

  it('forgets after the window', async () => {
    const budget = new TransferCheckBudget({ ...TRANSFER_CHECK_LIMITS, numbersPerVisitor: 1 }, new MemoryLimitStore());
    const who = { uid: 'u', deviceId: 'd', address: 'a' };
    expect(await budget.take(who, '971501', 'du', 0)).toBe('ok');
    expect(await budget.take(who, '971502', 'du', 1000)).toBe('numbers');
    expect(await budget.take(who, '971502', 'du', TRANSFER_CHECK_LIMITS.windowMs + 1)).toBe('ok');
  });
});
