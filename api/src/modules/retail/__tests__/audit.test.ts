import Database from 'better-sqlite3';
import { AuditResponse, RETAIL_ERROR_CODES, type AuditEntry } from '@join/shared/contract';
import { cardToken } from '../../../testing/fake-card-provider';
import { expectApiError, withTestApp, type TestApp } from '../../../testing/harness';
import { createPaymentTestApp, newKey, type PaymentTestApp } from '../../../testing/payment-helpers';
import { FAKE_TERMINAL_KEY, startFakeTerminal, type FakeTerminal } from '../../../testing/fake-terminal';
import { createHttpTerminalProvider } from '../../payment/terminal-client';
import { AUH, DXB, enrolDevice, retailCall, shopDevice, signInManager, signInStaff, startCustomer, type Jar } from './retail-helpers';

const DAY = 24 * 3600_000;

async function auditOf(t: TestApp, manager: Jar, query = ''): Promise<AuditEntry[]> {
  const res = await retailCall(t, 'GET', `/retail/audit${query}`, manager);
  if (res.statusCode !== 200) throw new Error(`audit: ${res.statusCode} ${res.body}`);
  return AuditResponse.parse(res.json()).entries;
}

describe('the retail audit', () => {
  let t: TestApp;
  withTestApp((app) => (t = app), { visitors: 0 });

  it('records each staff action with references only, newest first with staff names, for the manager’s own shop', async () => {
    const device = await enrolDevice(t);
    await retailCall(t, 'POST', '/retail/staff/sign-in', device, { staff_id: DXB.staff.id, pin: '000000' });
    const shop = await signInStaff(t, device);
    const customer = await startCustomer(t, shop);
    await retailCall(t, 'POST', '/retail/customer-sessions/end', shop, { reason: 'idle' }, customer.headers);
    await retailCall(t, 'POST', '/retail/staff/sign-out', shop);
    const entries = await auditOf(t, await signInManager(t, DXB.manager));
    expect(entries.map((e) => [e.action, e.staff_id, e.ref])).toEqual([
      ['staff_signed_out', 'S1001', null],
      ['customer_session_wiped', 'S1001', 'idle'],
      ['customer_session_started', 'S1001', null],
      ['staff_signed_in', 'S1001', null],
      ['staff_sign_in_failed', 'S1001', null],
      ['device_enrolled', 'M1001', null],
    ]);
    expect(entries.every((e) => e.shop_id === DXB.shop)).toBe(true);
    expect(entries[0]?.staff_name).toBe('Omar Haddad');
    // Nothing of the customer: no uid, device id header, session or name.
    expect(JSON.stringify(entries)).not.toContain(customer.uid);
    expect(JSON.stringify(entries)).not.toContain(customer.deviceId);
    expect(JSON.stringify(entries)).not.toContain(customer.sessionId);
    // Another shop's manager sees none of it.
    expect(await auditOf(t, await signInManager(t, AUH.manager))).toEqual([]);
  });

  it('records a lock as staff_locked', async () => {
    const device = await enrolDevice(t);
    for (let i = 0; i < 5; i += 1) await retailCall(t, 'POST', '/retail/staff/sign-in', device, { staff_id: DXB.staff2.id, pin: '000000' });
    const actions = (await auditOf(t, await signInManager(t, DXB.manager))).map((e) => e.action);
    expect(actions.slice(0, 5)).toEqual(['staff_locked', 'staff_sign_in_failed', 'staff_sign_in_failed', 'staff_sign_in_failed', 'staff_sign_in_failed']);
  });

  it('is a manager’s only: refused without the manager cookie, and to a staff member’s device and staff cookies', async () => {
    expectApiError(await retailCall(t, 'GET', '/retail/audit', {}), 401, RETAIL_ERROR_CODES.staffSignedOut);
    expectApiError(await retailCall(t, 'GET', '/retail/audit', await shopDevice(t)), 401, RETAIL_ERROR_CODES.staffSignedOut);
  });

  it('reads a date range of whole UTC days, and refuses a malformed one', async () => {
    await enrolDevice(t);
    const manager = await signInManager(t, DXB.manager);
    const today = new Date(t.clock.now()).toISOString().slice(0, 10);
    const tomorrow = new Date(t.clock.now() + DAY).toISOString().slice(0, 10);
    expect(await auditOf(t, manager, `?from=${today}&to=${today}`)).toHaveLength(1);
    expect(await auditOf(t, manager, `?from=${tomorrow}&to=${tomorrow}`)).toEqual([]);
    expect((await retailCall(t, 'GET', '/retail/audit?from=yesterday', manager)).statusCode).toBe(400);
  });
});

describe('the retail audit of a customer’s identity check, payment and order', () => {
  let t: PaymentTestApp;
  let terminal: FakeTerminal;
  beforeAll(async () => {
    terminal = await startFakeTerminal();
    // The retail module's own lookup (no test stand-in): which sessions are a shop's, and its terminal.
    t = await createPaymentTestApp({ terminalProvider: createHttpTerminalProvider({ url: terminal.url, key: FAKE_TERMINAL_KEY, timeoutMs: 2_000 }) });
  });
  afterAll(async () => {
    await t.close();
    await terminal.close();
  });

  it('records identity_check_run, payment_taken (the payment id) and order_placed (the order number) for a retail customer only', async () => {
    const shop = await shopDevice(t);
    const customer = await t.ready(undefined, { start: await startCustomer(t, shop), identity: { resident: 'non_resident', sim: 'esim', retail: true } });
    const paid = await t.pay(customer, '/api/payment/card', { token: cardToken() }, newKey());
    expect(paid.statusCode).toBe(200);
    const ordered = await t.post(customer, '/api/me/esim', {});
    expect(ordered.statusCode).toBe(200);
    // A visitor on their own phone doing the same leaves nothing in any shop's audit.
    const own = await t.ready();
    await t.pay(own, '/api/payment/card', { token: cardToken() }, newKey());
    const entries = await auditOf(t, await signInManager(t, DXB.manager));
    const sale = entries.filter((e) => ['identity_check_run', 'payment_taken', 'order_placed'].includes(e.action));
    expect(sale.map((e) => e.action)).toEqual(['order_placed', 'payment_taken', 'identity_check_run']);
    expect(sale.every((e) => e.staff_id === 'S1001' && e.shop_id === DXB.shop)).toBe(true);
    // References only: the order number the customer and the shop see, the payment's id.
    expect(sale[0]?.ref).toBe((ordered.json() as { order: { order_number: string } }).order.order_number);
    expect(sale[1]?.ref).toMatch(/^pay_[A-Za-z0-9]+$/);
    expect(sale[2]?.ref).toBeNull();
    expect(JSON.stringify(entries)).not.toContain(customer.email);
  });

  it('a customer who walks away leaves nothing on the terminal: the wipe withdraws the waiting counter payment, so the next card tapped cannot pay for it', async () => {
    const shop = await shopDevice(t);
    const customer = await t.ready(undefined, { start: await startCustomer(t, shop), identity: { resident: 'non_resident', sim: 'esim', retail: true } });
    const sent = await t.pay(customer, '/api/payment/counter', {}, newKey());
    expect(sent.statusCode).toBe(200);
    const reference = sent.json<{ payment_id: string }>().payment_id;
    const waiting = terminal.requests.find((r) => r.reference === reference);
    expect(waiting?.status).toBe('pending');
    const ended = await retailCall(t, 'POST', '/retail/customer-sessions/end', shop, { reason: 'idle' }, customer.headers);
    expect(ended.statusCode).toBe(200);
    expect(waiting?.status).toBe('cancelled');
    // The terminal is free for the next customer of the shop.
    const next = await t.ready(undefined, { start: await startCustomer(t, shop), identity: { resident: 'non_resident', sim: 'esim', retail: true } });
    expect((await t.pay(next, '/api/payment/counter', {}, newKey())).statusCode).toBe(200);
    await terminal.settle('cancelled', { id: terminal.requests.find((r) => r.status === 'pending')?.id ?? '' });
  });

  it('a retail customer is offered the counter only while retail is on: switched off, the counter is neither offered nor taken', async () => {
    const shop = await shopDevice(t);
    const customer = await t.ready(undefined, { start: await startCustomer(t, shop), identity: { resident: 'non_resident', sim: 'esim', retail: true } });
    const counterOf = async () => (await t.get(customer, '/api/payment/summary')).json<{ counter: { terminal_id: string } | null }>().counter;
    expect(await counterOf()).toEqual({ terminal_id: 'term-dxb-mall' });
    const db = new Database(t.dbFile);
    db.prepare("UPDATE business_config SET value = 'false' WHERE key = 'retail_flow'").run();
    db.close();
    expect(await counterOf()).toBeNull();
    expectApiError(await t.pay(customer, '/api/payment/counter', {}, newKey()), 403, 'counter_not_available');
  });
});
