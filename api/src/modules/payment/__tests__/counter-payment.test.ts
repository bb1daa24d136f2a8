import { CounterStartResponse, CounterStatusResponse, ReceiptResponse } from '@join/shared/contract';
import { createHttpTerminalProvider } from '../terminal-client';
import { FAKE_TERMINAL_KEY, startFakeTerminal, TestRetailSessions, type FakeTerminal } from '../../../testing/fake-terminal';
import { createPaymentTestApp, newKey, type PaymentTestApp } from '../../../testing/payment-helpers';
import type { Visitor } from '../../../testing/harness';
import { expectError, flagsOf, paidReceipt, receiptMails, STARTER_FILS, summaryOf } from './payment-answers';

/**
 * Pay at the counter (api/README.md "Pay at the counter"): a retail customer session sends its
 * order to the shop's terminal, and only the terminal's signed answer, checked against what was
 * recorded, pays it. The terminal is a fake provider over real HTTP with its own key pair.
 */
let t: PaymentTestApp;
let terminal: FakeTerminal;
const retail = new TestRetailSessions();
let terminals = 0;

beforeAll(async () => {
  terminal = await startFakeTerminal();
  t = await createPaymentTestApp({
    terminalProvider: createHttpTerminalProvider({ url: terminal.url, key: FAKE_TERMINAL_KEY, timeoutMs: 2_000 }),
    retailSessions: retail,
  });
});
afterAll(async () => {
  await t.close();
  await terminal.close();
});

/** A customer at the payment step of a retail session, on a terminal of its own. */
async function customer(): Promise<Visitor & { email: string; terminalId: string }> {
  const v = await t.ready();
  const terminalId = `term-test-${(terminals += 1)}`;
  retail.mark(v.sessionId, { terminalId });
  return { ...v, terminalId };
}
async function send(v: Visitor, key = newKey()) {
  const res = await t.pay(v, '/api/payment/counter', {}, key);
  expect(res.statusCode).toBe(200);
  return CounterStartResponse.parse(res.json());
}
const confirm = (v: Visitor, paymentId: string) => t.pay(v, '/api/payment/counter/confirm', { payment_id: paymentId });
/** Runs `run` while the terminal service answers nothing. */
async function whileTerminalDown(run: () => Promise<void>): Promise<void> {
  terminal.down = true;
  try {
    await run();
  } finally {
    terminal.down = false;
  }
}

describe('pay at the counter', () => {
  it('sends the server’s amount to the shop’s terminal and pays on its signed approval: receipt, e-mail, paid flag', async () => {
    const v = await customer();
    expect((await summaryOf(t, v)).counter).toEqual({ terminal_id: v.terminalId });
    const started = await send(v);
    expect(started).toEqual({ payment_id: expect.stringMatching(/^pay_/), status: 'pending', terminal_id: v.terminalId });
    expect(terminal.requests.at(-1)).toMatchObject({ terminal_id: v.terminalId, reference: started.payment_id, amount: STARTER_FILS, status: 'pending' });
    expect(CounterStatusResponse.parse((await confirm(v, started.payment_id)).json())).toEqual({ status: 'pending', payment_id: started.payment_id });
    expect((await flagsOf(t, v)).is_plan_paid).toBe(false);

    await terminal.settle('approved');
    const receipt = paidReceipt(await confirm(v, started.payment_id));
    expect(receipt).toMatchObject({ method: 'counter', amount_fils: STARTER_FILS, card: null, instalments: null });
    expect((await flagsOf(t, v)).is_plan_paid).toBe(true);
    expect(ReceiptResponse.parse((await t.get(v, '/api/payment/receipt')).json()).receipt).toEqual(receipt);
    // Asked again: the same receipt, one e-mail.
    expect(paidReceipt(await confirm(v, started.payment_id))).toEqual(receipt);
    const mails = receiptMails(t, v);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('counter');
  });

  it('a decline on the terminal is 402 with SPEC 8’s code for its reason, and the customer may choose again', async () => {
    const v = await customer();
    const first = await send(v);
    await terminal.settle('declined', { reason: 'insufficient_funds' });
    expectError(await confirm(v, first.payment_id), 402, -7011);
    expect((await flagsOf(t, v)).is_plan_paid).toBe(false);
    const second = await send(v);
    expect(second.payment_id).not.toBe(first.payment_id);
    await terminal.settle('declined', { reason: 'card_expired' });
    expectError(await confirm(v, second.payment_id), 402, -7109);
    paidReceipt(await t.pay(v, '/api/payment/card', { token: 'tok_visa4242aaaa' }, newKey()));
  });

  it('cancelled on the terminal: nothing taken (409 payment_cancelled)', async () => {
    const v = await customer();
    const started = await send(v);
    await terminal.settle('cancelled');
    expectError(await confirm(v, started.payment_id), 409, 'payment_cancelled');
  });

  const forgeries: [string, Parameters<FakeTerminal['settle']>[1]][] = [
    ['signed by another key', { otherKey: true }],
    ['signed by the right key for another amount', { tamper: { amount: 1 } }],
    ['signed by the right key for another payment', { tamper: { reference: 'pay_someoneelse000000000000' } }],
    ['signed by the right key on another terminal', { tamper: { terminal_id: 'term-auh-marina' } }],
    ['signed by the right key for another terminal request', { tamper: { request_id: `tpr_${'0'.repeat(32)}` } }],
    ['settled with no signature', { unsigned: true }],
  ];
  it.each(forgeries)('refuses an approval %s: 502, nothing paid', async (_what, forgery) => {
    const v = await customer();
    const started = await send(v);
    await terminal.settle('approved', forgery);
    expectError(await confirm(v, started.payment_id), 502, 'payment_mismatch');
    expect((await flagsOf(t, v)).is_plan_paid).toBe(false);
    expect(receiptMails(t, v)).toHaveLength(0);
  });

  it('is refused outside a retail customer session, and not offered there', async () => {
    const v = await t.ready();
    expect((await summaryOf(t, v)).counter).toBeNull();
    expectError(await t.pay(v, '/api/payment/counter', {}, newKey()), 403, 'counter_not_available');
    // A retail customer's payment id does not make a visitor's confirm retail.
    const shop = await customer();
    const started = await send(shop);
    expectError(await confirm(v, started.payment_id), 403, 'counter_not_available');
    await terminal.settle('cancelled');
  });

  it('takes no amount from the client', async () => {
    const v = await customer();
    expectError(await t.pay(v, '/api/payment/counter', { amount: 1 }, newKey()), 400, 'bad_request');
    expect(terminal.requests.filter((r) => r.terminal_id === v.terminalId)).toHaveLength(0);
  });

  it('the same key sends one request; a second payment on a busy terminal is 409 terminal_busy', async () => {
    const v = await customer();
    const key = newKey();
    const first = await send(v, key);
    expect(await send(v, key)).toEqual(first);
    expect(terminal.requests.filter((r) => r.terminal_id === v.terminalId)).toHaveLength(1);
    const other = await t.ready();
    retail.mark(other.sessionId, { terminalId: v.terminalId });
    expectError(await t.pay(other, '/api/payment/counter', {}, newKey()), 409, 'terminal_busy');
    await terminal.settle('cancelled', { id: terminal.requests.find((r) => r.reference === first.payment_id)?.id ?? '' });
  });

  it('answers 503 while the terminal service is down; the same key then goes through', async () => {
    const v = await customer();
    const key = newKey();
    await whileTerminalDown(async () => expectError(await t.pay(v, '/api/payment/counter', {}, key), 503, -7106));
    const started = await send(v, key);
    await terminal.settle('approved');
    await whileTerminalDown(async () => expectError(await confirm(v, started.payment_id), 503, -7106));
    paidReceipt(await confirm(v, started.payment_id));
  });

  it('a request whose answer was lost cannot be cancelled before its retry tells whether the terminal has it', async () => {
    const v = await customer();
    const key = newKey();
    await whileTerminalDown(async () => expectError(await t.pay(v, '/api/payment/counter', {}, key), 503, -7106));
    const open = (await summaryOf(t, v)).open_payment;
    expect(open?.method).toBe('counter');
    expectError(await t.pay(v, '/api/payment/cancel', { payment_id: open?.payment_id ?? '' }), 409, 'payment_in_progress');
    const started = await send(v, key);
    expect(started.payment_id).toBe(open?.payment_id);
    await terminal.settle('cancelled');
  });

  it('cancel withdraws the request on the terminal: nothing is paid', async () => {
    const v = await customer();
    const started = await send(v);
    const res = await t.pay(v, '/api/payment/cancel', { payment_id: started.payment_id });
    expect([res.statusCode, res.json()]).toEqual([200, { status: 'cancelled' }]);
    expect(terminal.requests.at(-1)?.status).toBe('cancelled');
    expectError(await confirm(v, started.payment_id), 409, 'payment_cancelled');
    expect((await flagsOf(t, v)).is_plan_paid).toBe(false);
  });
});
