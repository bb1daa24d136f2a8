import type { Database } from 'better-sqlite3';
import { immediate, isUniqueViolation } from '../../../platform/db/transaction';
import { MAX_SIMS_PER_DOCUMENT, type SoldDocument } from '../../identity';
import { PAID_HOLD_MS } from '../../numbers';
import {
  SimLimitReachedError,
  type DeliveryZoneRecord,
  type FulfilmentRepository,
  type NewOrder,
  type OrderRecord,
  type OrderUpdate,
  type StoreLocationRecord,
} from '../repository';
import { fromNewOrder, toOrderRecord, toOrderUpdateRow, toStoreLocation, toZoneRecord } from '../fulfilment-rows';
import { orderStatements } from './order-statements';

/**
 * What placing an order needs of the payment module inside its transaction, given by the
 * composition root: an order of a user without a captured payment (cash on delivery, paid at the
 * store) is a sale of its own, counted against its document's SIM limit.
 */
export interface FulfilmentSteps {
  hasCapture(uid: string): boolean;
  decisionDocument(decisionId: number): SoldDocument | undefined;
  simsSold(document: SoldDocument, exceptUid: string): number;
}

/** The embedded SQLite implementation of FulfilmentRepository. */
export class SqliteFulfilmentRepository implements FulfilmentRepository {
  private readonly orders: ReturnType<typeof orderStatements>;

  constructor(
    private readonly db: Database,
    private readonly steps: FulfilmentSteps,
  ) {
    this.orders = orderStatements(db);
  }

  async listDeliveryZones(): Promise<DeliveryZoneRecord[]> {
    return this.orders.zones.all().map(toZoneRecord);
  }

  async listStoreLocations(): Promise<StoreLocationRecord[]> {
    return this.orders.stores.all().map(toStoreLocation);
  }

  async getStoreLocation(id: string): Promise<StoreLocationRecord | null> {
    const row = this.orders.store.get(id);
    return row ? toStoreLocation(row) : null;
  }

  async placeOrder(order: NewOrder, keepHold: boolean, simsPerDocument = MAX_SIMS_PER_DOCUMENT): Promise<{ created: boolean; order: OrderRecord }> {
    const attempt = (): { created: boolean; order: OrderRecord } => {
      const existing = this.orders.byUid.get(order.uid);
      if (existing) return { created: false, order: toOrderRecord(existing) };
      // A sale without a captured payment (cash on delivery, paid at the store) is counted here.
      const document = order.identity ? this.steps.decisionDocument(order.identity.decisionId) : undefined;
      if (document && !this.steps.hasCapture(order.uid)) {
        const sold = this.steps.simsSold(document, order.uid);
        if (sold >= simsPerDocument) throw new SimLimitReachedError(sold);
      }
      this.orders.insert.run(fromNewOrder(order));
      if (keepHold) this.orders.keepHold.run({ uid: order.uid, msisdn: order.msisdn, until: order.createdAt + PAID_HOLD_MS });
      const row = this.orders.byUid.get(order.uid);
      if (!row) throw new Error('order row missing right after insert');
      return { created: true, order: toOrderRecord(row) };
    };
    try {
      return immediate(this.db, attempt);
    } catch (e) {
      // Another connection placed this user's order meanwhile: answer that one.
      if (isUniqueViolation(e)) return immediate(this.db, attempt);
      throw e;
    }
  }

  async getOrder(uid: string): Promise<OrderRecord | null> {
    const row = this.orders.byUid.get(uid);
    return row ? toOrderRecord(row) : null;
  }

  async updateOrder(uid: string, id: string, update: OrderUpdate, now: number): Promise<OrderRecord | null> {
    return immediate(this.db, () => {
      this.orders.update.run(toOrderUpdateRow(uid, id, update, now));
      const row = this.orders.byUid.get(uid);
      return row && row.id === id ? toOrderRecord(row) : null;
    });
  }

  async withdrawOrder(uid: string, id: string): Promise<boolean> {
    return this.orders.withdraw.run(uid, id).changes > 0;
  }
}
