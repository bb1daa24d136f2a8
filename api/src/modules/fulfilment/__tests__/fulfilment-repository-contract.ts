import type { AccountRepository } from '../../account/repository';
import type { CatalogueRepository } from '../../catalogue/repository';
import type { FlowRepository } from '../../flow/repository';
import type { NewOrder, FulfilmentRepository } from '../repository';
import type { IdentityRepository } from '../../identity/repository';
import type { NumbersRepository } from '../../numbers/repository';
import type { PaymentRepository } from '../../payment/repository';
import type { SessionRepository } from '../../../platform/sessions/repository';
import { verifiedBuyer } from '../../../testing/verified-buyer';
import { HOLD_MS, NOW, POLICY, type RepositoryImplementation, describeRepositoryContract } from '../../../testing/repository-contract';
import { describeRaces } from '../../../testing/repository-races/describe-races';

/** What the suite runs against: the fulfilment repository, and what its tests set up and observe through. */
export type FulfilmentContractSubject = FulfilmentRepository & SessionRepository & AccountRepository & CatalogueRepository & NumbersRepository & IdentityRepository & PaymentRepository & FlowRepository;

/** The behaviour every FulfilmentRepository must have, whatever database implements it; its races across separate connections through `impl.connectModule`. */
export function describeFulfilmentRepositoryContract(name: string, impl: RepositoryImplementation<FulfilmentContractSubject>): void {
  describeRepositoryContract('FulfilmentRepository', name, impl, (repos, { current, newUser, freeNumbers }) => {
    describe('delivery', () => {
      let orderSerial = 0;
      /** An order of a user who passed the identity check (verifiedBuyer): the repos refuses any other. */
      const newOrder = async (uid: string, over: Partial<NewOrder> = {}): Promise<NewOrder> => {
        orderSerial += 1;
        const bound = await verifiedBuyer(repos, uid, over.kind === 'esim' ? 'esim' : 'physical', NOW);
        return {
          ...bound,
          id: `ord_contract${String(orderSerial).padStart(6, '0')}`,
          uid,
          orderNumber: `JO-TEST-${String(orderSerial).padStart(4, '0')}`,
          kind: 'delivery',
          status: 'received',
          delivery: { lat: 25.2, lng: 55.28, address: 'Villa 1', address2: '', instructions: 'Ring twice', phone: '971501234567' },
          storeId: null,
          amountDueFils: 3675,
          msisdn: '971581234567',
          eta: NOW + 45 * 60_000,
          createdAt: NOW,
          ...over,
        };
      };

      it('holds the seeded zones and stores, named in both languages', async () => {
        const zones = await repos.listDeliveryZones();
        expect(zones.map((z) => z.id)).toContain('dubai');
        expect(zones.find((z) => z.id === 'dubai')).toMatchObject({ emirate: 'DU', etaMinutes: 45, hours: expect.arrayContaining([{ day: 0, opens: '00:00', closes: '24:00' }]) });
        expect(zones[0]?.polygon[0]?.length).toBeGreaterThan(20);
        expect((await repos.listStoreLocations()).length).toBeGreaterThanOrEqual(8);
        expect(await repos.getStoreLocation('yas-mall')).toMatchObject({ name: { en: 'Yas Mall', ar: 'ياس مول' }, emirate: 'AZ' });
        expect(await repos.getStoreLocation('nowhere')).toBeNull();
      });

      it('places one order per user: a second placement answers the first; nobody reads another user\'s order', async () => {
        const { uid } = await newUser();
        const first = await newOrder(uid);
        const placed = await repos.placeOrder(first, false);
        expect(placed).toMatchObject({ created: true, order: { id: first.id, status: 'received', history: [{ status: 'received', at: NOW }], courierJobId: null, esim: null, refreshedAt: null, eta: NOW + 45 * 60_000 } });
        expect(placed.order.delivery).toEqual(first.delivery);
        const again = await repos.placeOrder(await newOrder(uid, { kind: 'pickup', delivery: null, storeId: 'yas-mall' }), false);
        expect(again).toMatchObject({ created: false, order: { id: first.id, kind: 'delivery' } });
        expect((await repos.getOrder(uid))?.id).toBe(first.id);
        expect(await repos.getOrder((await newUser()).uid)).toBeNull();
        expect(await repos.updateOrder((await newUser()).uid, first.id, { status: 'preparing' }, NOW)).toBeNull();
      });

      it('derives the delivery flags from the order: placed is in progress, delivered or collected is delivered, an installed eSIM is activated', async () => {
        const { uid } = await newUser();
        const o = await newOrder(uid);
        await repos.placeOrder(o, false);
        expect(await repos.getFlowState(uid, NOW)).toMatchObject({ orderKind: 'delivery', orderStatus: 'received' });
        await repos.updateOrder(uid, o.id, { courierJobId: 'job_1', status: 'delivered', eta: null }, NOW + 1);
        expect(await repos.getFlowState(uid, NOW)).toMatchObject({ orderKind: 'delivery', orderStatus: 'delivered' });
        const e = await newUser();
        await repos.placeOrder(await newOrder(e.uid, { kind: 'esim', status: 'issued', delivery: null, eta: null }), false);
        expect(await repos.getFlowState(e.uid, NOW)).toMatchObject({ orderKind: 'esim', orderStatus: 'issued' });
      });

      it('moves an order forward, keeps what an update does not name, and never moves a final status', async () => {
        const { uid } = await newUser();
        const o = await newOrder(uid);
        await repos.placeOrder(o, false);
        const history = [{ status: 'received' as const, at: NOW }, { status: 'preparing' as const, at: NOW + 5 }];
        const moved = await repos.updateOrder(uid, o.id, { courierJobId: 'job_9', status: 'preparing', history, refreshedAt: NOW + 6 }, NOW + 6);
        expect(moved).toMatchObject({ courierJobId: 'job_9', status: 'preparing', history, refreshedAt: NOW + 6, eta: NOW + 45 * 60_000, updatedAt: NOW + 6 });
        expect(await repos.updateOrder(uid, o.id, { eta: null }, NOW + 7)).toMatchObject({ eta: null, courierJobId: 'job_9', status: 'preparing' });
        await repos.updateOrder(uid, o.id, { status: 'delivered' }, NOW + 8);
        expect(await repos.updateOrder(uid, o.id, { status: 'out_for_delivery', refreshedAt: NOW + 9 }, NOW + 9)).toMatchObject({ status: 'delivered' });
      });

      it('stores an eSIM profile, and withdraws only an order no provider took', async () => {
        const { uid } = await newUser();
        const o = await newOrder(uid, { kind: 'esim', status: 'issued', delivery: null, eta: null });
        await repos.placeOrder(o, false);
        const profile = { profileId: 'prof_1', smdpAddress: 'smdp.example.test', matchingId: 'ABC-123' };
        expect(await repos.updateOrder(uid, o.id, { esim: profile }, NOW + 1)).toMatchObject({ esim: profile });
        expect(await repos.withdrawOrder(uid, o.id)).toBe(false);
        const other = await newUser();
        const p = await newOrder(other.uid);
        await repos.placeOrder(p, false);
        expect(await repos.withdrawOrder(other.uid, p.id)).toBe(true);
        expect(await repos.getOrder(other.uid)).toBeNull();
      });

      it('refuses an order without a verified decision of its user and account for its kind of SIM', async () => {
        // The refusal is matched by its message, not with toThrow: better-sqlite3's native part keeps
        // the SqliteError of the first test file that loaded it in a Jest worker, which is no
        // `instanceof Error` in the files after it, and toThrow then reads it as nothing thrown.
        const { uid } = await newUser();
        const bound = await newOrder(uid);
        const stranger = await newUser();
        // Another user's decision, none at all, an eSIM's check for a delivery: refused, nothing stored.
        await expect(repos.placeOrder({ ...bound, id: 'ord_stranger01', orderNumber: 'JO-STRA-0001', uid: stranger.uid }, false)).rejects.toMatchObject({ message: expect.stringMatching(/verified identity decision/) });
        await expect(repos.placeOrder({ ...bound, accountId: null, identity: null }, false)).rejects.toMatchObject({ message: expect.stringMatching(/verified identity decision/) });
        const esimOnly = await newOrder((await newUser()).uid, { kind: 'esim', status: 'issued', delivery: null, eta: null });
        await expect(
          repos.placeOrder({ ...esimOnly, kind: 'delivery', status: 'received', delivery: bound.delivery, eta: NOW }, false),
        ).rejects.toMatchObject({ message: expect.stringMatching(/verified identity decision/) });
        expect(await repos.getOrder(stranger.uid)).toBeNull();
        const placed = await repos.placeOrder(bound, false);
        expect(placed.order).toMatchObject({ accountId: bound.accountId, identity: bound.identity });
      });

      it('sells a document no more than its limit when cash-on-delivery orders of it race', async () => {
        // On a database with several connections (PostgreSQL's pool) the placements run at once:
        // each counts the document's sales and then sells one more, and only two may.
        const buyers: string[] = [];
        const orders: NewOrder[] = [];
        for (let i = 0; i < 4; i += 1) {
          const { uid } = await newUser();
          const bound = await verifiedBuyer(repos, uid, 'physical', NOW, 'PRACEDOC1');
          buyers.push(uid);
          orders.push(await newOrder(uid, { ...bound, kind: 'pickup', delivery: null, storeId: 'yas-mall', eta: null }));
        }
        const placed = await Promise.allSettled(orders.map((o) => repos.placeOrder(o, false, 2)));
        expect(placed.filter((p) => p.status === 'fulfilled')).toHaveLength(2);
        expect(placed.filter((p) => p.status === 'rejected').map((p) => (p as PromiseRejectedResult).reason)).toEqual([
          expect.objectContaining({ name: 'SimLimitReachedError', sold: 2 }),
          expect.objectContaining({ name: 'SimLimitReachedError', sold: 2 }),
        ]);
        const stored = await Promise.all(buyers.map((uid) => repos.getOrder(uid)));
        expect(stored.filter((o) => o !== null)).toHaveLength(2);
      });

      it('keeps the ordered number held for good when asked (a cash-on-delivery SIM)', async () => {
        const { uid } = await newUser();
        const [msisdn] = await freeNumbers(1);
        await repos.reserveNumber(uid, msisdn ?? '', NOW, NOW + HOLD_MS, POLICY);
        await repos.placeOrder(await newOrder(uid, { msisdn: msisdn ?? '' }), true);
        expect((await repos.getActiveHold(uid, NOW + HOLD_MS + 1))?.msisdn).toBe(msisdn);
      });
    });

    describeRaces(impl, current, ['order']);
  });
}
