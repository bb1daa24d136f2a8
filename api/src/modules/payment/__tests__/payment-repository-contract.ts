import type { AccountRepository } from '../../account/repository';
import type { CatalogueRepository } from '../../catalogue/repository';
import type { FlowRepository } from '../../flow/repository';
import type { FulfilmentRepository } from '../../fulfilment/repository';
import type { IdentityRepository } from '../../identity/repository';
import type { NumbersRepository } from '../../numbers/repository';
import { PaymentOpenError, type NewPayment, type PaymentRepository } from '../repository';
import type { SessionRepository } from '../../../platform/sessions/repository';
import { documentOf, verifiedBuyer } from '../../../testing/verified-buyer';
import { STARTER_CARD_PAYMENT } from '../../../testing/starter-payment';
import { HOLD_MS, NOW, POLICY, type RepositoryImplementation, describeRepositoryContract, price } from '../../../testing/repository-contract';
import { describeRaces } from '../../../testing/repository-races/describe-races';

/** What the suite runs against: the payment repository, and what its tests set up and observe through. */
export type PaymentContractSubject = PaymentRepository & SessionRepository & AccountRepository & CatalogueRepository & NumbersRepository & IdentityRepository & FulfilmentRepository & FlowRepository;

/** The behaviour every PaymentRepository must have, whatever database implements it; its races across separate connections through `impl.connectModule`. */
export function describePaymentRepositoryContract(name: string, impl: RepositoryImplementation<PaymentContractSubject>): void {
  describeRepositoryContract('PaymentRepository', name, impl, (repos, { current, newUser, freeNumbers, firstOperator, externalNumber }) => {
    describe('payments', () => {
      let paymentSerial = 0;
      type Payer = { uid: string; msisdn: string; order: NewPayment['order']; document: NewPayment['document'] };
      /**
       * A user who can pay: verified (with `documentNumber`, else a document of its own), a number
       * held and a plan saved (a payment records all three).
       */
      const payer = async (documentNumber?: string): Promise<Payer> => {
        const { uid } = await newUser();
        await verifiedBuyer(repos, uid, 'esim', NOW, documentNumber);
        const [msisdn = ''] = await freeNumbers(1);
        const held = await repos.reserveNumber(uid, msisdn, NOW, NOW + HOLD_MS, POLICY);
        if (held.kind !== 'reserved') throw new Error(`could not hold ${msisdn}: ${held.kind}`);
        const plan = { productCode: 187, planIds: [1871, 1872, 1873], boosterIds: [], promotionKeys: [], promoCode: null, price: price(35), appliedPromotions: [] };
        const saved = await repos.replaceSavedPlan(uid, plan, NOW);
        return {
          uid,
          msisdn,
          order: { savedPlanId: saved.id, reservationId: held.hold.reservationId, planIds: plan.planIds, boosterIds: [], promotionKeys: [], promoCode: null, price: plan.price },
          document: await documentOf(repos, uid),
        };
      };
      const payment = (who: Payer, key = `key-${(paymentSerial += 1)}`, over: Partial<NewPayment> = {}): NewPayment => ({
        id: `pay_contract${String((paymentSerial += 1)).padStart(6, '0')}`,
        uid: who.uid,
        msisdn: who.msisdn,
        order: who.order,
        document: who.document,
        holdUntil: NOW + HOLD_MS,
        ...STARTER_CARD_PAYMENT,
        idempotencyKey: key,
        requestHash: `hash-${key}`,
        email: 'payer@example.com',
        createdAt: NOW,
        ...over,
      });
      const capture = (reference: string) => ({ providerRef: 'ch_1', cardBrand: 'visa' as const, cardLast4: '4242', receiptReference: reference });

      it('starts one attempt per key, replays it, refuses the key for another request, and one open attempt per user', async () => {
        const who = await payer();
        const { uid } = who;
        const first = payment(who, 'key-a');
        const started = await repos.startPayment(first);
        expect(started).toMatchObject({ kind: 'created', payment: { id: first.id, status: 'pending', amountFils: 3675, providerRef: null } });
        expect((await repos.startPayment({ ...first, id: 'pay_other000001' })).kind).toBe('replay');
        expect((await repos.startPayment({ ...first, id: 'pay_other000002', requestHash: 'another' })).kind).toBe('key_reused');
        const second = await repos.startPayment(payment(who, 'key-b'));
        expect(second).toMatchObject({ kind: 'in_progress', payment: { id: first.id } });
        expect((await repos.getOpenPayment(uid))?.id).toBe(first.id);
        // Declined: the next key may start.
        const declined = await repos.updatePayment(uid, first.id, { status: 'declined', declineCode: -7109, providerRef: 'ch_x' }, NOW + 1);
        expect(declined).toMatchObject({ status: 'declined', declineCode: -7109, providerRef: 'ch_x' });
        const third = await repos.startPayment(payment(who, 'key-c'));
        expect(third.kind).toBe('created');
        // A client key is the client's: another user may use the same one.
        expect((await repos.startPayment(payment(await payer(), 'key-a'))).kind).toBe('created');
      });

      it('names the verified document a payment sells to: another person\'s document, or none verified, is refused', async () => {
        const who = await payer();
        await expect(repos.startPayment(payment(who, undefined, { document: { kind: 'passport', number: 'PNOTHERS1' } }))).rejects.toMatchObject({
          message: expect.stringMatching(/verified document/),
        });
        expect(await repos.getOpenPayment(who.uid)).toBeNull();
        expect((await repos.startPayment(payment(who))).kind).toBe('created');
      });

      it('counts the SIMs sold per document: the start looks, the capture decides in its transaction, a cash-on-delivery order counts', async () => {
        const DOC = 'PSIMCOUNT1';
        const first = await payer(DOC);
        const second = await payer(DOC);
        const third = await payer(DOC);
        const p1 = payment(first);
        const p2 = payment(second);
        const p3 = payment(third);
        // Nothing sold yet: all three start (limit 2).
        for (const p of [p1, p2, p3]) expect((await repos.startPayment(p, 2)).kind).toBe('created');
        expect(await repos.countSimsSold(first.document, 'nobody')).toBe(0);
        expect(await repos.capturePayment(first.uid, p1.id, capture('JN-SIM1-0001'), NOW + 1, 2)).toMatchObject({ kind: 'captured', newly: true });
        expect(await repos.capturePayment(second.uid, p2.id, capture('JN-SIM2-0001'), NOW + 2, 2)).toMatchObject({ kind: 'captured', newly: true });
        // The third capture finds two sold to the document: nothing written.
        expect(await repos.capturePayment(third.uid, p3.id, capture('JN-SIM3-0001'), NOW + 3, 2)).toMatchObject({ kind: 'max_sims', sold: 2 });
        expect(await repos.getPayment(third.uid, p3.id)).toMatchObject({ status: 'pending' });
        expect((await repos.getFlowState(third.uid, NOW + 3)).planPaid).toBe(false);
        // A capture answered again stays captured; the count leaves out the asker itself.
        expect(await repos.capturePayment(first.uid, p1.id, capture('JN-SIM1-0001'), NOW + 4, 2)).toMatchObject({ kind: 'captured', newly: false });
        expect([await repos.countSimsSold(first.document, first.uid), await repos.countSimsSold(first.document, 'nobody')]).toEqual([1, 2]);
        // A fourth holder of the document is refused at the start, before any row.
        const fourth = await payer(DOC);
        expect(await repos.startPayment(payment(fourth), 2)).toEqual({ kind: 'max_sims', sold: 2 });
        expect(await repos.getOpenPayment(fourth.uid)).toBeNull();
        // A cash-on-delivery order of the document (no captured payment) is a sale too, and refused past the limit.
        const resident = (await newUser()).uid;
        const bound = await verifiedBuyer(repos, resident, 'physical', NOW, DOC);
        await expect(
          repos.placeOrder(
            { ...bound, id: 'ord_simcount01', uid: resident, orderNumber: 'JO-SIMC-0001', kind: 'delivery', status: 'received', delivery: null, storeId: 'yas-mall', amountDueFils: 3675, msisdn: '971581234567', eta: null, createdAt: NOW },
            false,
            2,
          ),
        ).rejects.toMatchObject({ name: 'SimLimitReachedError', sold: 2 });
        expect(await repos.getOrder(resident)).toBeNull();
        // ...and counted when placed under the limit.
        const other = (await newUser()).uid;
        const otherBound = await verifiedBuyer(repos, other, 'physical', NOW, 'PSIMCOUNT2');
        await repos.placeOrder(
          { ...otherBound, id: 'ord_simcount02', uid: other, orderNumber: 'JO-SIMC-0002', kind: 'pickup', status: 'received', delivery: null, storeId: 'yas-mall', amountDueFils: 3675, msisdn: '971581234567', eta: null, createdAt: NOW },
          false,
          2,
        );
        expect(await repos.countSimsSold({ kind: 'passport', number: 'PSIMCOUNT2' }, 'nobody')).toBe(1);
      });

      it('keeps string decline codes and the 3-D Secure step; nobody reads another user\'s payment', async () => {
        const who = await payer();
        const { uid } = who;
        const p = payment(who);
        await repos.startPayment(p);
        const action = await repos.updatePayment(
          uid,
          p.id,
          { status: 'requires_action', providerRef: 'ch_3ds', actionUrl: 'https://card.example.test/3ds/1', cardBrand: 'amex', cardLast4: '0005' },
          NOW,
        );
        expect(action).toMatchObject({ status: 'requires_action', actionUrl: 'https://card.example.test/3ds/1', cardBrand: 'amex', cardLast4: '0005' });
        expect(await repos.getPayment((await newUser()).uid, p.id)).toBeNull();
        const declined = await repos.updatePayment(uid, p.id, { status: 'declined', declineCode: 'non_recurring_card' }, NOW);
        expect(declined).toMatchObject({ status: 'declined', declineCode: 'non_recurring_card', actionUrl: null, providerRef: 'ch_3ds', cardLast4: '0005' });
      });

      it('captures once, with is_plan_paid and the bought number kept, in one step; a captured payment is final', async () => {
        const who = await payer();
        const { uid, msisdn } = who;
        const p = payment(who, undefined, { method: 'bnpl', instalments: [{ number: 1, due_date: '2026-01-15', amount_fils: 3675 }] });
        await repos.startPayment(p);
        expect((await repos.getFlowState(uid, NOW)).planPaid).toBe(false);
        const done = await repos.capturePayment(uid, p.id, { ...capture('JN-AAAA-BBBB'), cardBrand: null, cardLast4: null }, NOW + 5);
        expect(done).toMatchObject({ kind: 'captured', newly: true, payment: { status: 'captured', receiptReference: 'JN-AAAA-BBBB', capturedAt: NOW + 5, instalments: [{ number: 1 }] } });
        expect((await repos.getFlowState(uid, NOW)).planPaid).toBe(true);
        // The hold outlives its 15 minutes: the number is sold.
        expect((await repos.getActiveHold(uid, NOW + HOLD_MS + 1))?.msisdn).toBe(msisdn);
        // Again: nothing changes.
        const again = await repos.capturePayment(uid, p.id, capture('JN-CCCC-DDDD'), NOW + 9);
        expect(again).toMatchObject({ kind: 'captured', newly: false, payment: { receiptReference: 'JN-AAAA-BBBB', capturedAt: NOW + 5 } });
        expect(await repos.updatePayment(uid, p.id, { status: 'declined', declineCode: -7099 }, NOW + 10)).toBeNull();
        expect((await repos.getCapturedPayment(uid))?.id).toBe(p.id);
        expect((await repos.startPayment(payment(who))).kind).toBe('paid');
        expect(await repos.capturePayment(uid, 'pay_unknown0001', capture('JN-EEEE-FFFF'), NOW)).toBeNull();
      });

      // At once: on a database with a pool (PostgreSQL) these calls run on separate connections.
      it('captures once when the provider answers several times at once: one newly, the others find it captured', async () => {
        const who = await payer();
        const p = payment(who);
        await repos.startPayment(p);
        const done = await Promise.all([1, 2, 3, 4].map((n) => repos.capturePayment(who.uid, p.id, capture(`JN-ONCE-000${n}`), NOW + n)));
        expect(done.map((d) => d?.kind)).toEqual(['captured', 'captured', 'captured', 'captured']);
        const newly = done.filter((d) => d?.kind === 'captured' && d.newly);
        expect(newly).toHaveLength(1);
        const reference = newly[0]?.payment.receiptReference;
        expect(done.map((d) => d?.payment.receiptReference)).toEqual(Array(4).fill(reference));
        expect((await repos.getCapturedPayment(who.uid))?.receiptReference).toBe(reference);
      });

      it('two tabs starting at once with one key: one attempt, the other its replay', async () => {
        const who = await payer();
        const p = payment(who);
        const started = await Promise.all([repos.startPayment(p), repos.startPayment({ ...p, id: `${p.id}b` })]);
        expect(started.map((s) => s.kind).sort()).toEqual(['created', 'replay']);
        // Whichever got there first: both answer its row.
        const ids = started.map((s) => (s.kind === 'created' || s.kind === 'replay' ? s.payment.id : null));
        expect([p.id, `${p.id}b`]).toContain(ids[0]);
        expect(ids[1]).toBe(ids[0]);
      });

      it('captures for one document at once sell no more than its limit', async () => {
        const DOC = 'PSIMRACE1';
        const buyers = [await payer(DOC), await payer(DOC), await payer(DOC)];
        const attempts = buyers.map((b) => payment(b));
        for (const p of attempts) expect((await repos.startPayment(p, 2)).kind).toBe('created');
        const done = await Promise.all(attempts.map((p, n) => repos.capturePayment(p.uid, p.id, capture(`JN-RACE-000${n}`), NOW + 1, 2)));
        expect(done.map((d) => d?.kind).sort()).toEqual(['captured', 'captured', 'max_sims']);
        expect(await repos.countSimsSold({ kind: 'passport', number: DOC }, 'nobody')).toBe(2);
      });

      describe('what a payment buys', () => {
        it('records the order, and keeps the number for the provider window from the start', async () => {
          const who = await payer();
          const p = payment(who, undefined, { holdUntil: NOW + 35 * 60_000 });
          const started = await repos.startPayment(p);
          expect(started).toMatchObject({ kind: 'created', payment: { order: who.order, refund: null } });
          expect((await repos.getActiveHold(who.uid, NOW + 34 * 60_000))?.msisdn).toBe(who.msisdn);
          expect(await repos.getActiveHold(who.uid, NOW + 35 * 60_000)).toBeNull();
        });

        it('refuses to start for an order that is no longer the one priced: another saved plan row, or another claim', async () => {
          const who = await payer();
          expect((await repos.startPayment(payment(who, undefined, { order: { ...who.order, savedPlanId: who.order.savedPlanId + 1000 } }))).kind).toBe('order_changed');
          expect((await repos.startPayment(payment(who, undefined, { order: { ...who.order, reservationId: who.order.reservationId + 1000 } }))).kind).toBe('order_changed');
          // A claim that has lapsed is not the order either.
          expect((await repos.startPayment(payment(who, undefined, { createdAt: NOW + HOLD_MS }))).kind).toBe('order_changed');
          expect(await repos.getOpenPayment(who.uid)).toBeNull();
        });

        it('while a payment is open the plan, the product and the number cannot change; extending the number can', async () => {
          const who = await payer();
          await repos.startPayment(payment(who));
          await expect(repos.replaceSavedPlan(who.uid, { productCode: 188, planIds: [1881], boosterIds: [], promotionKeys: [], promoCode: null, price: price(99), appliedPromotions: [] }, NOW)).rejects.toBeInstanceOf(PaymentOpenError);
          await expect(repos.setCurrentProduct(who.uid, 188, true)).rejects.toBeInstanceOf(PaymentOpenError);
          await repos.setCurrentProduct(who.uid, 187, true);
          const [other = ''] = await freeNumbers(1);
          expect(await repos.reserveNumber(who.uid, other, NOW + 1, NOW + HOLD_MS, POLICY)).toEqual({ kind: 'payment_open' });
          expect(await repos.cancelHold(who.uid, who.msisdn, NOW + 1, 103)).toBe('payment_open');
          expect(await repos.reserveTransfer(who.uid, { externalMsisdn: externalNumber(), operatorCode: await firstOperator() }, NOW + 1, NOW + HOLD_MS, POLICY, Math.random)).toEqual({ kind: 'payment_open' });
          expect((await repos.reserveNumber(who.uid, who.msisdn, NOW + 2, NOW + 2 + HOLD_MS, POLICY)).kind).toBe('extended');
          expect((await repos.getActiveHold(who.uid, NOW))?.msisdn).toBe(who.msisdn);
          expect((await repos.getSavedPlan(who.uid))?.id).toBe(who.order.savedPlanId);
        });

        it('an extension never shortens a hold a payment made longer', async () => {
          const who = await payer();
          await repos.startPayment(payment(who, undefined, { holdUntil: NOW + 50 * 60_000 }));
          const extended = await repos.reserveNumber(who.uid, who.msisdn, NOW + 1, NOW + 1 + HOLD_MS, POLICY);
          expect(extended).toMatchObject({ kind: 'extended', hold: { heldUntil: NOW + 50 * 60_000 } });
        });

        it('captures only while the recorded order holds: a number claimed by another is order_changed, nothing written', async () => {
          const who = await payer();
          const p = payment(who);
          await repos.startPayment(p);
          expect(await repos.orderHolds(who.uid, p.id)).toBe(true);
          // The hold lapses and another visitor takes the number.
          const other = await newUser();
          expect((await repos.reserveNumber(other.uid, who.msisdn, NOW + HOLD_MS + 1, NOW + 2 * HOLD_MS, POLICY)).kind).toBe('reserved');
          expect(await repos.orderHolds(who.uid, p.id)).toBe(false);
          const done = await repos.capturePayment(who.uid, p.id, capture('JN-GGGG-HHHH'), NOW + HOLD_MS + 2);
          expect(done).toMatchObject({ kind: 'order_changed', payment: { id: p.id, status: 'pending' } });
          expect((await repos.getFlowState(who.uid, NOW)).planPaid).toBe(false);
          expect(await repos.getCapturedPayment(who.uid)).toBeNull();
        });

        it('a lapsed claim nobody took is still the buyer’s: the capture keeps it', async () => {
          const who = await payer();
          const p = payment(who);
          await repos.startPayment(p);
          const done = await repos.capturePayment(who.uid, p.id, capture('JN-JJJJ-KKKK'), NOW + 3 * HOLD_MS);
          expect(done?.kind).toBe('captured');
          expect((await repos.getActiveHold(who.uid, NOW + 4 * HOLD_MS))?.msisdn).toBe(who.msisdn);
        });

        it('records money given back on a declined attempt, and lists the refunds still to make', async () => {
          const who = await payer();
          const p = payment(who);
          await repos.startPayment(p);
          const pending = await repos.updatePayment(who.uid, p.id, { status: 'declined', declineCode: 'order_changed', refund: { status: 'pending', ref: null, at: null } }, NOW + 1);
          expect(pending).toMatchObject({ status: 'declined', declineCode: 'order_changed', refund: { status: 'pending', ref: null, at: null } });
          expect((await repos.listPendingRefunds(100)).map((r) => r.id)).toContain(p.id);
          const done = await repos.updatePayment(who.uid, p.id, { status: 'declined', declineCode: 'order_changed', refund: { status: 'refunded', ref: 're_1', at: NOW + 2 } }, NOW + 2);
          expect(done?.refund).toEqual({ status: 'refunded', ref: 're_1', at: NOW + 2 });
          expect((await repos.listPendingRefunds(100)).map((r) => r.id)).not.toContain(p.id);
          // A move that names no refund keeps the recorded one.
          expect((await repos.updatePayment(who.uid, p.id, { status: 'declined', declineCode: 'order_changed' }, NOW + 3))?.refund).toEqual(done?.refund);
        });
      });
    });

    describeRaces(impl, current, ['payment']);
  });
}
