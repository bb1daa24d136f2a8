import type { Database } from 'better-sqlite3';
import { BusinessConfig, type Product } from '@join/shared/contract';
import { DEFAULT_COMMITMENT_MONTHS } from '../../domain/catalogue';
import type { FlowFlagChange, FlowState } from '../../domain/flow-status';
import type {
  CancelResult,
  HoldRecord,
  NewSavedPlan,
  NumberRecord,
  ProductFilter,
  ReserveResult,
  SavedPlanRecord,
  SessionRecord,
  Store,
  UserRecord,
} from '../store';
import { CatalogueReader } from './catalogue-reader';
import { numberStatements, type NumberRow } from './number-statements';
import { savedPlanStatements, toSavedPlanRecord } from './saved-plan-statements';
import { userStatements } from './user-statements';

/**
 * The embedded SQLite implementation of Store. better-sqlite3 is synchronous, so each
 * transaction runs to the end before another request is served in this process, and the
 * BEGIN IMMEDIATE lock serialises writers across processes; the claim is still written as a
 * conditional UPDATE whose change count decides, so the rule holds on any database.
 */
class NumberTaken extends Error {}

function toHold(row: NumberRow): HoldRecord {
  return { msisdn: row.msisdn, vanityLevel: row.vanity_level, reservedAt: row.reserved_at ?? 0, heldUntil: row.held_until ?? 0 };
}

export class SqliteStore implements Store {
  private readonly catalogue: CatalogueReader;
  private readonly numbers: ReturnType<typeof numberStatements>;
  private readonly users: ReturnType<typeof userStatements>;
  private readonly plans: ReturnType<typeof savedPlanStatements>;

  constructor(
    private readonly db: Database,
    private readonly ownsDatabase: boolean,
  ) {
    this.catalogue = new CatalogueReader(db);
    this.numbers = numberStatements(db);
    this.users = userStatements(db);
    this.plans = savedPlanStatements(db);
  }

  // --- users and sessions ---

  async findOrCreateUser(deviceId: string, uid: string, now: number): Promise<UserRecord> {
    this.users.insertIfNew.run(uid, deviceId, now);
    const row = this.users.byDevice.get(deviceId);
    if (!row) throw new Error('user row missing right after insert');
    return { uid: row.uid, deviceId: row.device_id };
  }

  async createSession(tokenHash: string, user: UserRecord, now: number): Promise<void> {
    this.users.insertSession.run(tokenHash, user.uid, user.deviceId, now, now);
  }

  async findSession(tokenHash: string): Promise<SessionRecord | null> {
    const row = this.users.session.get(tokenHash);
    return row ? { uid: row.uid, deviceId: row.device_id, createdAt: row.created_at, lastSeenAt: row.last_seen_at } : null;
  }

  async touchSession(tokenHash: string, now: number): Promise<void> {
    this.users.touchSession.run(now, tokenHash);
  }

  async deleteSession(tokenHash: string): Promise<void> {
    this.users.deleteSession.run(tokenHash);
  }

  async deleteStaleSessions(idleBefore: number, createdBefore: number): Promise<number> {
    return this.users.deleteStaleSessions.run(idleBefore, createdBefore).changes;
  }

  // --- flow state ---

  async getFlowState(uid: string, now: number): Promise<FlowState> {
    const row = this.users.flowState.get({ uid, now });
    if (!row) throw new Error(`no user ${uid}`);
    return {
      numberFlag: row.number_flag === 1,
      planFlag: row.plan_flag === 1,
      productSaved: row.product_saved === 1,
      currentProductCode: row.current_product_code,
      savedPlanProductCode: row.saved_plan_product_code,
      hasActiveHold: row.has_hold === 1,
    };
  }

  async updateFlowFlags(uid: string, change: FlowFlagChange): Promise<void> {
    const bit = (v: boolean | undefined) => (v === undefined ? null : v ? 1 : 0);
    this.users.updateFlags.run({ uid, number: bit(change.numberFlag), plan: bit(change.planFlag) });
  }

  // --- catalogue ---

  async listProducts(filter: ProductFilter): Promise<Product[]> {
    return this.catalogue.list(filter);
  }

  async getProduct(code: number): Promise<Product | null> {
    return this.catalogue.get(code);
  }

  async getCurrentProductCode(uid: string): Promise<number | null> {
    return this.users.currentProduct.get(uid)?.current_product_code ?? null;
  }

  async setCurrentProduct(uid: string, code: number, markSaved: boolean): Promise<void> {
    this.users.setCurrentProduct.run({ uid, code, saved: markSaved ? 1 : 0 });
  }

  // --- saved plan ---

  async getSavedPlan(uid: string): Promise<SavedPlanRecord | null> {
    const row = this.plans.byUser.get(uid);
    return row ? toSavedPlanRecord(row) : null;
  }

  async replaceSavedPlan(uid: string, plan: NewSavedPlan, now: number): Promise<SavedPlanRecord> {
    return this.db
      .transaction(() => {
        this.plans.deleteOf.run(uid);
        const p = plan.price;
        this.plans.insert.run({
          uid,
          product: plan.productCode,
          planIds: JSON.stringify(plan.planIds),
          planNet: p.PlanNetPrice,
          extras: JSON.stringify(p.ExtraCharges),
          net: p.NetPrice,
          vat: p.VATPercentage,
          vatAmount: p.VATAmount,
          now,
        });
        this.users.setCurrentProduct.run({ uid, code: plan.productCode, saved: 0 });
        const row = this.plans.byUser.get(uid);
        if (!row) throw new Error('saved plan missing right after insert');
        return toSavedPlanRecord(row);
      })
      .immediate();
  }

  // --- content and configuration ---

  async getBusinessConfig(): Promise<BusinessConfig> {
    const rows = this.db.prepare<[], { key: string; value: string }>('SELECT key, value FROM business_config').all();
    // The table is an edge too: an operator may edit it by hand, so it is parsed, not trusted.
    return BusinessConfig.parse(Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown])));
  }

  async getTranslations(containerId: string, language: string): Promise<Record<string, string>> {
    const rows = this.db
      .prepare<[string, string], { key: string; value: string }>(
        'SELECT key, value FROM translations WHERE container_id = ? AND language = ? ORDER BY key',
      )
      .all(containerId, language);
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  }

  // --- numbers ---

  async getActiveHold(uid: string, now: number): Promise<HoldRecord | null> {
    const row = this.numbers.activeHoldOf.get(uid, now);
    return row ? toHold(row) : null;
  }

  async reserveNumber(uid: string, msisdn: string, now: number, heldUntil: number): Promise<ReserveResult> {
    try {
      return this.db
        .transaction((): ReserveResult => {
          if (!this.numbers.get.get(msisdn)) return { kind: 'unknown' };
          // One hold per user: the previous one goes first (the partial unique index insists).
          this.numbers.releaseAllOf.run(uid);
          const claimed = this.numbers.claim.run({ uid, now, until: heldUntil, msisdn });
          // Throwing rolls the release back too, so a lost race leaves the old hold in place.
          if (claimed.changes !== 1) throw new NumberTaken();
          const row = this.numbers.get.get(msisdn);
          if (!row) throw new Error('number row vanished inside its transaction');
          return { kind: 'reserved', hold: toHold(row) };
        })
        .immediate();
    } catch (e) {
      if (e instanceof NumberTaken) return { kind: 'taken' };
      throw e;
    }
  }

  async cancelHold(uid: string, msisdn: string, now: number, defaultProductCode: number): Promise<CancelResult> {
    return this.db
      .transaction((): CancelResult => {
        const row = this.numbers.get.get(msisdn);
        if (!row || row.holder !== uid) return 'not_held';
        this.numbers.releaseOne.run(msisdn, uid);
        if ((row.held_until ?? 0) <= now) return 'expired';
        // SPEC 4: cancelling resets the product to the 1-month default; 1-month products stay.
        this.users.resetLongProduct.run({ uid, code: defaultProductCode, months: DEFAULT_COMMITMENT_MONTHS });
        return 'cancelled';
      })
      .immediate();
  }

  async pickFreeNumbers(count: number, vanityLevels: readonly number[], now: number, random: () => number): Promise<NumberRecord[]> {
    const max = this.numbers.maxRowid.get()?.max ?? null;
    if (max === null) return [];
    const levels = JSON.stringify(vanityLevels);
    const found = new Map<string, NumberRecord>();
    // Neighbouring starts can land on the same free row; a few extra tries cover that.
    for (let attempt = 0; attempt < count * 4 && found.size < count; attempt++) {
      const start = 1 + Math.floor(random() * max);
      const row = this.numbers.nextFree.get({ start, levels, now }) ?? this.numbers.nextFree.get({ start: 1, levels, now });
      if (!row) break;
      found.set(row.msisdn, { msisdn: row.msisdn, vanityLevel: row.vanity_level });
    }
    return [...found.values()];
  }

  async releaseExpiredHolds(before: number): Promise<number> {
    return this.numbers.sweep.run(before).changes;
  }

  async close(): Promise<void> {
    if (this.ownsDatabase && this.db.open) this.db.close();
  }
}
