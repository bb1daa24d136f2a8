import { isPgUniqueViolation, type PgDatabase } from '../../../platform/db/postgres/pg-database';
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
import { toOrderRecord, toStoreLocation, toZoneRecord, type OrderRow, type StoreRow, type ZoneRow } from '../fulfilment-rows';
import {
  INSERT_ORDER,
  KEEP_HOLD,
  ORDER_BY_UID,
  STORE,
  STORES,
  UPDATE_ORDER,
  WITHDRAW_ORDER,
  ZONES,
  insertOrderParams,
  updateOrderParams,
} from './order-statements';

/**
 * What placing an order needs of the payment module inside its transaction, given by the
 * composition root (database-postgres.ts): the SQLite FulfilmentSteps, async. An order of a user
 * without a captured payment (cash on delivery, paid at the store) is a sale of its own, counted
 * against its document's SIM limit.
 */
export interface PgFulfilmentSteps {
  hasCapture(uid: string): Promise<boolean>;
  decisionDocument(decisionId: number): Promise<SoldDocument | undefined>;
  simsSold(document: SoldDocument, exceptUid: string): Promise<number>;
}

/**
 * The advisory lock of one identity document's sales (PgDatabase.lockKey): whatever counts a
 * document's SIMs sold and then sells one more (an order here, a capture in the payment module)
 * holds it from the count to the end of its transaction, so two sales to one document on two
 * connections are counted one after the other, as SQLite's one writer counted them.
 */
export const documentLockKey = (document: SoldDocument): string => `document:${document.kind}:${document.number}`;

/** The PostgreSQL implementation of FulfilmentRepository (the SQLite one's statements, $n placeholders). */
export class PgFulfilmentRepository implements FulfilmentRepository {
  constructor(
    private readonly db: PgDatabase,
    private readonly steps: PgFulfilmentSteps,
  ) {}

  async listDeliveryZones(): Promise<DeliveryZoneRecord[]> {
    return (await this.db.many<ZoneRow>(ZONES)).map(toZoneRecord);
  }

  async listStoreLocations(): Promise<StoreLocationRecord[]> {
    return (await this.db.many<StoreRow>(STORES)).map(toStoreLocation);
  }

  async getStoreLocation(id: string): Promise<StoreLocationRecord | null> {
    const row = await this.db.maybe<StoreRow>(STORE, [id]);
    return row ? toStoreLocation(row) : null;
  }

  async placeOrder(order: NewOrder, keepHold: boolean, simsPerDocument = MAX_SIMS_PER_DOCUMENT): Promise<{ created: boolean; order: OrderRecord }> {
    // One transaction. What protects it: the user's lock (lockUser) makes two placements of one
    // user (a double click, two tabs, two instances) run one after the other, so the second reads
    // the first's order and answers it; the unique index on orders.uid backs that up. The document's
    // lock (documentLockKey) makes the count of its SIMs sold and this sale one step against any
    // other sale to the document. The trigger orders_need_identity refuses an order without a
    // verified decision of its user and account.
    const attempt = () =>
      this.db.transaction(async (): Promise<{ created: boolean; order: OrderRecord }> => {
        await this.db.lockUser(order.uid);
        const existing = await this.db.maybe<OrderRow>(ORDER_BY_UID, [order.uid]);
        if (existing) return { created: false, order: toOrderRecord(existing) };
        // A sale without a captured payment (cash on delivery, paid at the store) is counted here.
        const document = order.identity ? await this.steps.decisionDocument(order.identity.decisionId) : undefined;
        if (document && !(await this.steps.hasCapture(order.uid))) {
          await this.db.lockKey(documentLockKey(document));
          const sold = await this.steps.simsSold(document, order.uid);
          if (sold >= simsPerDocument) throw new SimLimitReachedError(sold);
        }
        await this.db.run(INSERT_ORDER, insertOrderParams(order));
        if (keepHold) await this.db.run(KEEP_HOLD, [order.uid, order.msisdn, order.createdAt + PAID_HOLD_MS]);
        const row = await this.db.maybe<OrderRow>(ORDER_BY_UID, [order.uid]);
        if (!row) throw new Error('order row missing right after insert');
        return { created: true, order: toOrderRecord(row) };
      });
    try {
      return await attempt();
    } catch (e) {
      // A writer that does not take the user's lock placed this user's order meanwhile: answer that one.
      if (isPgUniqueViolation(e)) return attempt();
      throw e;
    }
  }

  async getOrder(uid: string): Promise<OrderRecord | null> {
    const row = await this.db.maybe<OrderRow>(ORDER_BY_UID, [uid]);
    return row ? toOrderRecord(row) : null;
  }

  async updateOrder(uid: string, id: string, update: OrderUpdate, now: number): Promise<OrderRecord | null> {
    // One transaction: the move is one conditional UPDATE (its row lock, and PostgreSQL's re-check
    // of the WHERE on a row another move changed, keep a final status final); the order is then
    // read in the same transaction, with this move in it.
    return this.db.transaction(async () => {
      await this.db.run(UPDATE_ORDER, updateOrderParams(uid, id, update, now));
      const row = await this.db.maybe<OrderRow>(ORDER_BY_UID, [uid]);
      return row && row.id === id ? toOrderRecord(row) : null;
    });
  }

  async withdrawOrder(uid: string, id: string): Promise<boolean> {
    // One conditional DELETE: a concurrent move that booked a courier or issued a profile is
    // re-checked against the WHERE, so a taken order is never withdrawn.
    return (await this.db.run(WITHDRAW_ORDER, [uid, id])) > 0;
  }
}
