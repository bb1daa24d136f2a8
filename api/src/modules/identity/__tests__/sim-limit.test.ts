import type { LightMyRequestResponse } from 'fastify';
import { PaymentResult } from '@join/shared/contract';
import { cardToken } from '../../../testing/fake-card-provider';
import type { Visitor } from '../../../testing/harness';
import { createPaymentTestApp, newKey, type PaymentTestApp } from '../../../testing/payment-helpers';
import type { IdentityChoice } from '../../../testing/verify-identity';

/**
 * One passport (or Emirates ID) verified under any number of accounts buys no
 * more SIMs than the operator sells to one document. The operator counts its own sales (the
 * authority's registry knows only what other operators reported), in the same transaction that
 * captures a payment or places a cash-on-delivery order, and answers SPEC 8's "max sims reached"
 * (-169). The limit is 2 here, to keep the walks short.
 */
const LIMIT = 2;
const MAX_SIMS = -169;

let t: PaymentTestApp;
beforeEach(async () => {
  t = await createPaymentTestApp({ withBnpl: false, maxSimsPerDocument: LIMIT });
});
afterEach(() => t.close());

const statusAndCode = (res: LightMyRequestResponse) => ({ status: res.statusCode, code: (res.json() as { code?: unknown }).code });
const passport = (number: string, sim: IdentityChoice['sim'] = 'esim'): IdentityChoice => ({ resident: 'non_resident', sim, number });
/** A new account (its own device, its own e-mail) verified with this document, at the payment step. */
const holderOf = (identity: IdentityChoice) => t.ready(undefined, { identity });
const payByCard = (v: Visitor) => t.pay(v, '/api/payment/card', { token: cardToken() }, newKey());

describe('SIMs sold per document (SPEC 8 -169)', () => {
  it('sells one passport no more SIMs than the limit, whichever accounts it was verified under; nothing is charged past it', async () => {
    for (let i = 0; i < LIMIT; i += 1) expect((await payByCard(await holderOf(passport('PZ424242')))).statusCode).toBe(200);
    const charged = t.card.charges.length;
    const third = await holderOf(passport('PZ424242'));
    const res = await payByCard(third);
    expect(statusAndCode(res)).toEqual({ status: 403, code: MAX_SIMS });
    expect(t.card.charges).toHaveLength(charged);
    expect((await t.get(third, '/api/me/flow_status')).json()).toMatchObject({ flow_status_flags: { is_plan_paid: false } });
    // Another passport is not concerned.
    expect((await payByCard(await holderOf(passport('PZ515151')))).statusCode).toBe(200);
  });

  it('counts at the capture: payments started together past the limit, the one captured over it is refunded and refused', async () => {
    const holders = [];
    for (let i = 0; i <= LIMIT; i += 1) holders.push(await holderOf(passport('PZ636363')));
    // Every one starts before any is captured: the start's early look finds no sale yet.
    const started = [];
    for (const v of holders) {
      const res = PaymentResult.parse((await t.pay(v, '/api/payment/card', { token: cardToken('3ds') }, newKey())).json());
      if (res.status !== 'action_required') throw new Error('expected the 3-D Secure step');
      started.push({ v, paymentId: res.payment_id, charge: t.card.charges.at(-1) });
    }
    const answers = [];
    for (const { v, paymentId, charge } of started) {
      t.card.completeAction(charge?.id ?? '', 'succeeded');
      answers.push(await t.pay(v, '/api/payment/card/confirm', { payment_id: paymentId }));
    }
    expect(answers.map((r) => r.statusCode)).toEqual([...Array.from({ length: LIMIT }, () => 200), 403]);
    const over = answers.at(-1) as LightMyRequestResponse;
    expect(statusAndCode(over)).toEqual({ status: 403, code: MAX_SIMS });
    expect((over.json() as { message: string }).message).toMatch(/refunded/i);
    const lastCharge = started.at(-1)?.charge;
    expect(t.card.refunds.filter((r) => r.chargeId === lastCharge?.id)).toEqual([expect.objectContaining({ amountFils: lastCharge?.amountFils })]);
    // Confirming again says the same, and refunds nothing twice.
    const last = started.at(-1);
    expect(statusAndCode(await t.pay(last?.v as Visitor, '/api/payment/card/confirm', { payment_id: last?.paymentId ?? '' }))).toEqual({ status: 403, code: MAX_SIMS });
    expect(t.card.refunds.filter((r) => r.chargeId === lastCharge?.id)).toHaveLength(1);
    // No eSIM for the refused one.
    expect((await t.post(last?.v as Visitor, '/api/me/esim', {})).statusCode).not.toBe(200);
  });

  it('counts a cash-on-delivery sale when it is ordered: one Emirates ID gets no more SIMs delivered than the limit', async () => {
    const resident: IdentityChoice = { resident: 'resident', sim: 'physical', number: '104242420' };
    const order = (v: Visitor) =>
      t.post(v, '/api/me/delivery', { lat: 25.1972, lng: 55.2796, address: 'Villa 12, Street 5, Al Barsha 2', address_2: '', instructions: '', phone: '0501234567' });
    for (let i = 0; i < LIMIT; i += 1) expect((await order(await holderOf(resident))).statusCode).toBe(200);
    const jobs = t.courier.jobs.length;
    const third = await holderOf(resident);
    expect(statusAndCode(await order(third))).toEqual({ status: 403, code: MAX_SIMS });
    expect(t.courier.jobs).toHaveLength(jobs);
    expect((await t.get(third, '/api/me/order')).json()).toEqual({ order: null });
  });
});
