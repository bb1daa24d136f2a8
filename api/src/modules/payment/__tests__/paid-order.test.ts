import Database from 'better-sqlite3';
import type { FastifyBaseLogger, LightMyRequestResponse } from 'fastify';
import type { AppContext } from '../../../app-context';
import { connectSqliteRepositories, type SqliteRepositories } from '../../../database';
import { retryPendingRefunds } from '../payment-settlement';
import {
  PaymentCancelResponse,
  ProductsResponse,
  ReceiptResponse,
  ReservationsResponse,
  SavedPlansResponse,
} from '@join/shared/contract';
import type { Visitor } from '../../../testing/harness';
import { createPaymentTestApp, TOURIST_STARTER, type PaymentTestApp } from '../../../testing/payment-helpers';
import { EXPLORER, finishThreeDs, flagsOf, paidReceipt, startBnpl, startThreeDs, statusAndCode, summaryOf } from './payment-answers';

/**
 * "A paid order that changes under the payment" (api/README.md "Payment" → "What a
 * payment buys"). The attacks of the security review, each tried as the review tried them: a
 * payer who starts a 3-D Secure or BNPL payment for the cheapest plan and a number N, then,
 * before finishing, reserves another number M and saves the dearest plan while a second visitor
 * takes N; and the honest slow payer whose 15-minute hold ran out during a 30-minute BNPL
 * checkout. The order a payment records is what is captured, kept, received and delivered.
 */
const MINUTE = 60_000;

describe('a paid order cannot change', () => {
  let t: PaymentTestApp;
  let sweepRepos: SqliteRepositories;
  beforeAll(async () => {
    t = await createPaymentTestApp();
    sweepRepos = connectSqliteRepositories(t.dbFile);
  });
  afterAll(async () => {
    await sweepRepos.close();
    await t.close();
  });

  const heldNumber = async (v: Visitor) =>
    ReservationsResponse.parse((await t.get(v, '/api/numbers/reservation')).json()).reservations[0]?.number.MSISDN ?? null;
  const savedProduct = async (v: Visitor) => SavedPlansResponse.parse((await t.get(v, '/api/plans/saved_plans')).json()).save_plans[0]?.product.ProductCode ?? null;
  /** Time passes for a visitor whose page stays open (it keeps the session alive, as the page's polling does). */
  const waitMinutes = async (v: Visitor, minutes: number) => {
    for (let left = minutes; left > 0; left -= 10) {
      t.clock.advance(Math.min(10, left) * MINUTE);
      await t.get(v, '/api/me/flow_status');
    }
  };
  /** The payer kept N through the provider's window: the second visitor was refused it (409 -2015), the payer holds it, the receipt names it. */
  const expectNumberKept = async (payer: Visitor, n: string, stolen: LightMyRequestResponse, receipt: string) =>
    expect({ stolen: statusAndCode(stolen), held: await heldNumber(payer), receipt }).toEqual({
      stolen: { status: 409, code: -2015 },
      held: n,
      receipt: n,
    });
  /** A saved plan row replaced by something other than the API's routes (what a race would do). */
  const replaceSavedPlanBehindTheApi = (uid: string) => {
    const db = new Database(t.dbFile);
    try {
      db.prepare('UPDATE saved_plans SET id = id + 100000 WHERE uid = ?').run(uid);
    } finally {
      db.close();
    }
  };
  /** What the server's sweep works with: the test app's database file, clock and providers. */
  const sweepContext = (): AppContext =>
    ({ repos: sweepRepos, now: t.clock.now, payment: { card: t.card, bnpl: t.bnpl, publicOrigin: null }, mailer: t.mail }) as unknown as AppContext;
  const silentLog = { error: () => undefined, warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;
  const isPaid = async (v: Visitor) => (await flagsOf(t, v)).is_plan_paid;
  /** The dearest tourist plan (the attacker's upgrade). */
  const dearestTourist = async (v: Visitor) => {
    const products = ProductsResponse.parse((await t.get(v, '/api/products/available?category=tourist')).json()).products;
    const dearest = products.at(-1);
    if (!dearest) throw new Error('no tourist products');
    return { product_code: dearest.ProductCode, plan_ids: dearest.AvailablePlans.map((p) => p.ID).join(',') };
  };
  /** Who holds N now: reserving it as another visitor answers 409 -2015 while someone does. */
  const secondVisitorTakes = async (msisdn: string) => {
    const other = await t.login();
    return { other, res: await t.post(other, '/api/numbers', { number: msisdn }) };
  };

  /**
   * A payer who started a payment (3-D Secure for the cheapest plan, or BNPL) and stayed away
   * `minutes` while a second visitor took their number, which must succeed.
   */
  async function numberTakenDuring(method: 'card' | 'bnpl', minutes: number) {
    const payer = await t.ready(method === 'card' ? TOURIST_STARTER : EXPLORER);
    const n = (await summaryOf(t, payer)).msisdn;
    const started = method === 'card' ? await startThreeDs(t, payer) : await startBnpl(t, payer);
    await waitMinutes(payer, minutes);
    expect((await secondVisitorTakes(n)).res.statusCode).toBe(200);
    return { payer, started };
  }

  /** The payer's attempts to change what is being bought while the payment is open; answers each response. */
  async function changeEverything(payer: Visitor, dearest: { product_code: number; plan_ids: string }) {
    const [m] = await t.offer(payer);
    if (!m) throw new Error('no number offered');
    return {
      reserveM: await t.post(payer, '/api/numbers', { number: m }),
      saveDearest: await t.post(payer, '/api/plans/saved_plans', dearest),
      saveProduct: await t.post(payer, '/api/products/save', { product_code: dearest.product_code }),
      m,
    };
  }

  describe('the attack of the review (3-D Secure)', () => {
    it('changing the plan or the number while 3-D Secure is open is 409 payment_open; N stays the payer’s; the capture is what was recorded', async () => {
      const payer = await t.ready(TOURIST_STARTER);
      const n = (await summaryOf(t, payer)).msisdn;
      const dearest = await dearestTourist(payer);
      const started = await startThreeDs(t, payer);
      const charge = t.card.charges.at(-1);

      const tried = await changeEverything(payer, dearest);
      const { res: stolen } = await secondVisitorTakes(n);
      t.card.completeAction(charge?.id ?? '', 'succeeded');
      const receipt = paidReceipt(await t.pay(payer, '/api/payment/card/confirm', { payment_id: started.payment_id }));

      // What the payer holds, saved and was receipted is what was charged: the cheap plan and N.
      expect({ held: await heldNumber(payer), saved: await savedProduct(payer), receipt: receipt.msisdn, amount: receipt.amount_fils }).toEqual({
        held: n,
        saved: TOURIST_STARTER.product_code,
        receipt: n,
        amount: charge?.amountFils,
      });
      expect(statusAndCode(stolen)).toEqual({ status: 409, code: -2015 });
      expect(statusAndCode(tried.reserveM)).toEqual({ status: 409, code: 'payment_open' });
      expect(statusAndCode(tried.saveDearest)).toEqual({ status: 409, code: 'payment_open' });
      expect(statusAndCode(tried.saveProduct)).toEqual({ status: 409, code: 'payment_open' });
      expect((tried.reserveM.json() as { message: string }).message).toMatch(/finish or cancel the payment first/i);
    });
  });

  describe('the attack of the review (BNPL)', () => {
    it('the same with an instalment checkout open: 409, N kept, the capture is the recorded order', async () => {
      const payer = await t.ready(EXPLORER);
      const n = (await summaryOf(t, payer)).msisdn;
      const dearest = await dearestTourist(payer);
      const started = await startBnpl(t, payer);

      const tried = await changeEverything(payer, dearest);
      const cancelNumber = await t.app.inject({ method: 'DELETE', url: `/api/numbers?number=${n}`, headers: payer.headers });
      const { res: stolen } = await secondVisitorTakes(n);
      t.bnpl.decide(t.bnpl.checkouts.at(-1)?.id ?? '', 'approved');
      const receipt = paidReceipt(await t.pay(payer, '/api/payment/bnpl/confirm', { payment_id: started.payment_id }));

      expect({ held: await heldNumber(payer), saved: await savedProduct(payer), receipt: receipt.msisdn, amount: receipt.amount_fils }).toEqual({
        held: n,
        saved: EXPLORER.product_code,
        receipt: n,
        amount: 10395,
      });
      expect(statusAndCode(stolen)).toEqual({ status: 409, code: -2015 });
      for (const res of [tried.reserveM, tried.saveDearest, tried.saveProduct, cancelNumber]) expect(statusAndCode(res)).toEqual({ status: 409, code: 'payment_open' });
    });
  });

  describe('the hold lasts as long as the provider’s window', () => {
    it('an honest slow payer: the 15-minute hold does not run out during a 30-minute BNPL checkout', async () => {
      const payer = await t.ready(EXPLORER);
      const n = (await summaryOf(t, payer)).msisdn;
      const started = await startBnpl(t, payer);
      // 29 minutes on Spotii's page: the checkout is still open (it lives 30), so is the hold.
      await waitMinutes(payer, 29);
      const { res: stolen } = await secondVisitorTakes(n);
      t.bnpl.decide(t.bnpl.checkouts.at(-1)?.id ?? '', 'approved');
      const receipt = paidReceipt(await t.pay(payer, '/api/payment/bnpl/confirm', { payment_id: started.payment_id }));
      await expectNumberKept(payer, n, stolen, receipt.msisdn);
    });

    it('a 3-D Secure check left 14 minutes keeps the number too', async () => {
      const payer = await t.ready(TOURIST_STARTER);
      const n = (await summaryOf(t, payer)).msisdn;
      await waitMinutes(payer, 10);
      const started = await startThreeDs(t, payer);
      await waitMinutes(payer, 14);
      const { res: stolen } = await secondVisitorTakes(n);
      finishThreeDs(t, 'succeeded');
      const receipt = paidReceipt(await t.pay(payer, '/api/payment/card/confirm', { payment_id: started.payment_id }));
      await expectNumberKept(payer, n, stolen, receipt.msisdn);
    });
  });

  describe('at capture the record must still hold, else the money goes back', () => {
    it('3-D Secure finished after the window, N taken meanwhile: the charge is refunded, nothing is paid, the visitor is told', async () => {
      // Long past the check's 15 minutes and the hold's grace: the number went back to the pool.
      const { payer, started } = await numberTakenDuring('card', 40);
      const charge = t.card.charges.at(-1);
      // (The fake provider lets the check finish late; a real one would have declined it.)
      t.card.completeAction(charge?.id ?? '', 'succeeded');
      const res = await t.pay(payer, '/api/payment/card/confirm', { payment_id: started.payment_id });
      expect(statusAndCode(res)).toEqual({ status: 409, code: 'order_changed' });
      expect((res.json() as { message: string }).message).toMatch(/refunded/i);
      expect(t.card.refunds.filter((r) => r.chargeId === charge?.id)).toEqual([expect.objectContaining({ amountFils: charge?.amountFils })]);
      expect(await isPaid(payer)).toBe(false);
      // Confirming again (a reload of the return page) says the same and refunds nothing twice.
      expect(statusAndCode(await t.pay(payer, '/api/payment/card/confirm', { payment_id: started.payment_id }))).toEqual({ status: 409, code: 'order_changed' });
      expect(t.card.refunds.filter((r) => r.chargeId === charge?.id)).toHaveLength(1);
    });

    it('BNPL approved after the window, N taken meanwhile: nothing is captured, the checkout is cancelled', async () => {
      const { payer, started } = await numberTakenDuring('bnpl', 60);
      const checkout = t.bnpl.checkouts.at(-1);
      t.bnpl.decide(checkout?.id ?? '', 'approved');
      const captures = t.bnpl.captures;
      const res = await t.pay(payer, '/api/payment/bnpl/confirm', { payment_id: started.payment_id });
      expect(statusAndCode(res)).toEqual({ status: 409, code: 'order_changed' });
      expect(t.bnpl.captures).toBe(captures);
      expect(checkout?.status).toBe('cancelled');
    });

    it('a refund the provider could not take yet is pending: the visitor is told, the next confirm and the sweep retry it', async () => {
      const { payer, started } = await numberTakenDuring('card', 40);
      const charge = t.card.charges.at(-1);
      t.card.completeAction(charge?.id ?? '', 'succeeded');
      t.card.refundsUnavailable = true;
      let res: LightMyRequestResponse;
      try {
        res = await t.pay(payer, '/api/payment/card/confirm', { payment_id: started.payment_id });
        expect(statusAndCode(res)).toEqual({ status: 409, code: 'order_changed' });
        expect((res.json() as { message: string }).message).toMatch(/being refunded/);
        // The sweep cannot reach the provider either: still pending.
        expect(await retryPendingRefunds(sweepContext(), silentLog)).toBe(0);
      } finally {
        t.card.refundsUnavailable = false;
      }
      expect(await retryPendingRefunds(sweepContext(), silentLog)).toBeGreaterThanOrEqual(1);
      expect(t.card.refunds.filter((r) => r.chargeId === charge?.id)).toHaveLength(1);
      res = await t.pay(payer, '/api/payment/card/confirm', { payment_id: started.payment_id });
      expect((res.json() as { message: string }).message).toMatch(/was refunded/);
      expect(t.card.refunds.filter((r) => r.chargeId === charge?.id)).toHaveLength(1);
    });

    it('a BNPL capture the provider made for an order that changed meanwhile is refunded at the provider', async () => {
      const payer = await t.ready(EXPLORER);
      const started = await startBnpl(t, payer);
      const checkout = t.bnpl.checkouts.at(-1);
      t.bnpl.decide(checkout?.id ?? '', 'approved');
      // Captured at the provider (an earlier confirm whose answer was lost), then the order broke.
      await t.bnpl.capture(checkout?.id ?? '');
      replaceSavedPlanBehindTheApi(payer.uid);
      expect(statusAndCode(await t.pay(payer, '/api/payment/bnpl/confirm', { payment_id: started.payment_id }))).toEqual({ status: 409, code: 'order_changed' });
      expect(t.bnpl.refunds).toContainEqual(expect.objectContaining({ checkoutId: checkout?.id, amountFils: 10395 }));
      expect(checkout?.status).toBe('refunded');
      expect(await isPaid(payer)).toBe(false);
    });

    it('a plan replaced behind the API’s back (a race the 409 did not see) is refunded too', async () => {
      const payer = await t.ready(TOURIST_STARTER);
      const started = await startThreeDs(t, payer);
      replaceSavedPlanBehindTheApi(payer.uid);
      finishThreeDs(t, 'succeeded');
      expect(statusAndCode(await t.pay(payer, '/api/payment/card/confirm', { payment_id: started.payment_id }))).toEqual({ status: 409, code: 'order_changed' });
      expect(t.card.refunds.at(-1)?.chargeId).toBe(t.card.charges.at(-1)?.id);
    });
  });

  describe('cancelling the open payment', () => {
    it('3-D Secure: the check is voided at the provider, then the plan and the number may change', async () => {
      const payer = await t.ready(TOURIST_STARTER);
      const started = await startThreeDs(t, payer);
      const open = (await summaryOf(t, payer)).open_payment;
      expect(open).toMatchObject({ payment_id: started.payment_id, method: 'card', action_url: started.action_url });
      const cancelled = await t.pay(payer, '/api/payment/cancel', { payment_id: started.payment_id });
      expect(cancelled.statusCode).toBe(200);
      expect(PaymentCancelResponse.parse(cancelled.json())).toEqual({ status: 'cancelled' });
      expect(t.card.charges.at(-1)?.status).toBe('declined');
      expect((await summaryOf(t, payer)).open_payment).toBeNull();
      const dearest = await dearestTourist(payer);
      expect((await t.post(payer, '/api/plans/saved_plans', dearest)).statusCode).toBe(200);
      const [m] = await t.offer(payer);
      expect((await t.post(payer, '/api/numbers', { number: m ?? '' })).statusCode).toBe(200);
      // Coming back from the bank afterwards captures nothing.
      expect(statusAndCode(await t.pay(payer, '/api/payment/card/confirm', { payment_id: started.payment_id }))).toEqual({ status: 409, code: 'payment_cancelled' });
      expect(await isPaid(payer)).toBe(false);
    });

    it('BNPL: the checkout is cancelled at the provider', async () => {
      const payer = await t.ready(EXPLORER);
      const started = await startBnpl(t, payer);
      const res = await t.pay(payer, '/api/payment/cancel', { payment_id: started.payment_id });
      expect(PaymentCancelResponse.parse(res.json())).toEqual({ status: 'cancelled' });
      expect(t.bnpl.checkouts.at(-1)?.status).toBe('cancelled');
      expect((await t.post(payer, '/api/plans/saved_plans', TOURIST_STARTER)).statusCode).toBe(200);
    });

    it('a payment that went through meanwhile is not cancelled: it is paid', async () => {
      const payer = await t.ready(TOURIST_STARTER);
      const started = await startThreeDs(t, payer);
      finishThreeDs(t, 'succeeded');
      const res = await t.pay(payer, '/api/payment/cancel', { payment_id: started.payment_id });
      const answer = PaymentCancelResponse.parse(res.json());
      expect(answer.status).toBe('paid');
      expect(ReceiptResponse.parse((await t.get(payer, '/api/payment/receipt')).json()).receipt.reference).toMatch(/^JN-/);
    });

    it("another user's payment cannot be cancelled", async () => {
      const owner = await t.ready(TOURIST_STARTER);
      const started = await startThreeDs(t, owner);
      const other = await t.ready(TOURIST_STARTER);
      expect((await t.pay(other, '/api/payment/cancel', { payment_id: started.payment_id })).statusCode).toBe(404);
      expect((await summaryOf(t, owner)).open_payment?.payment_id).toBe(started.payment_id);
    });
  });

  describe('what an open payment still allows', () => {
    it('saving the same plan again (back and Continue) and extending the held number', async () => {
      const payer = await t.ready(TOURIST_STARTER);
      const n = (await summaryOf(t, payer)).msisdn;
      const started = await startThreeDs(t, payer);
      expect((await t.post(payer, '/api/plans/saved_plans', TOURIST_STARTER)).statusCode).toBe(200);
      expect((await t.post(payer, '/api/products/save', { product_code: TOURIST_STARTER.product_code })).statusCode).toBe(200);
      const before = ReservationsResponse.parse((await t.get(payer, '/api/numbers/reservation')).json()).reservations[0]?.number.ExpiryDate;
      // Extending asks for "now + 15 minutes", which is sooner than the payment's hold: it never shortens it.
      expect((await t.post(payer, '/api/numbers', { number: n })).statusCode).toBe(200);
      const after = ReservationsResponse.parse((await t.get(payer, '/api/numbers/reservation')).json()).reservations[0]?.number.ExpiryDate;
      expect(Date.parse(after ?? '')).toBeGreaterThanOrEqual(Date.parse(before ?? ''));
      finishThreeDs(t, 'succeeded');
      expect(paidReceipt(await t.pay(payer, '/api/payment/card/confirm', { payment_id: started.payment_id })).msisdn).toBe(n);
    });

    it('the flow key "number cancelled" is refused too', async () => {
      const payer = await t.ready(EXPLORER);
      await startBnpl(t, payer);
      expect(statusAndCode(await t.post(payer, '/api/me/flow_status', { key: 115 }))).toEqual({ status: 409, code: 'payment_open' });
    });
  });
});
