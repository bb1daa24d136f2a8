import type { Database } from 'better-sqlite3';
import type { Operator, RequestHeaders } from '@join/shared/contract';
import { immediate, isUniqueViolation } from '../../../platform/db/transaction';
import { HOLD_LIMITS, isVipLevel, type HoldLimits } from '../holds';
import { toHold } from '../number-rows';
import type {
  CancelResult,
  Claimant,
  CommitResult,
  HoldPolicy,
  HoldRecord,
  NumberRecord,
  NumbersRepository,
  NumberSearch,
  ReserveResult,
  TransferRecord,
  TransferReserveResult,
} from '../repository';
import { holdLogStatements } from './hold-log-statements';
import { NumberSearcher } from './number-search';
import { numberStatements } from './number-statements';
import { transferStatements } from './transfer-statements';

/**
 * What the numbers repository needs of the other modules inside its own transactions, given by
 * the composition root: whether a payment of the user is open (a new claim or a cancel would
 * change what it buys), the operators' names in a language (the catalogue's names table), and the
 * catalogue's reset of a multi-month product to the default when a number is cancelled (SPEC 4),
 * taken inside the cancel's transaction.
 */
export interface NumbersSteps {
  paymentOpen(uid: string): boolean;
  operatorNames(language: RequestHeaders['language']): (code: string, english: string) => string;
  resetLongProduct(uid: string, defaultProductCode: number): void;
}

class NumberTaken extends Error {}
class NoTemporaryNumber extends Error {}

/**
 * The embedded SQLite implementation of NumbersRepository. The BEGIN IMMEDIATE lock serialises
 * writers across processes; the claim is still written as a conditional UPDATE whose change count
 * decides, so the rule holds on any database.
 */
export class SqliteNumbersRepository implements NumbersRepository {
  private readonly numbers: ReturnType<typeof numberStatements>;
  private readonly holdLog: ReturnType<typeof holdLogStatements>;
  private readonly transfers: ReturnType<typeof transferStatements>;
  private readonly searcher: NumberSearcher;

  constructor(
    private readonly db: Database,
    private readonly steps: NumbersSteps,
  ) {
    this.numbers = numberStatements(db);
    this.holdLog = holdLogStatements(db);
    this.transfers = transferStatements(db);
    this.searcher = new NumberSearcher(db);
  }

  async getActiveHold(uid: string, now: number): Promise<HoldRecord | null> {
    const row = this.numbers.activeHoldOf.get(uid, now);
    return row ? toHold(row) : null;
  }

  async reserveNumber(
    uid: string,
    msisdn: string,
    now: number,
    heldUntil: number,
    policy: HoldPolicy,
    claimant: Claimant = { deviceId: uid, address: 'unknown' },
  ): Promise<ReserveResult> {
    try {
      return immediate(this.db, (): ReserveResult => {
        const current = this.numbers.get.get(msisdn);
        if (!current) return { kind: 'unknown' };
        // The holder asking again for its live hold: an extension, not a new claim.
        if (current.holder === uid && (current.held_until ?? 0) > now) {
          return this.extendHold(uid, msisdn, now, heldUntil, policy.maxExtensions);
        }
        // A new claim lets the held number go: not under an open payment.
        if (this.steps.paymentOpen(uid)) return { kind: 'payment_open' };
        const vip = isVipLevel(current.vanity_level) ? 1 : 0;
        if (policy.limits) {
          const refused = this.hoardingCheck(policy.limits, { uid, msisdn, now, vip, ...claimant });
          if (refused) return refused;
        }
        // One hold per user: the previous one goes first (the partial unique index insists).
        this.releaseHoldsOf(uid, now);
        const id = this.claimOrThrow({ uid, now, until: heldUntil, msisdn, transfer: null, operator: null });
        this.holdLog.insert.run({ reservationId: id, msisdn, uid, ...claimant, vip, grantedAt: now, endsAt: heldUntil });
        return { kind: 'reserved', hold: this.holdRow(msisdn) };
      });
    } catch (e) {
      // Throwing rolls the release back too, so a lost race leaves the old hold in place.
      if (e instanceof NumberTaken) return { kind: 'taken' };
      throw e;
    }
  }

  /** The anti-hoarding limits (holds.ts), read from the hold ledger inside the claim's transaction. */
  private hoardingCheck(
    limits: HoldLimits,
    c: { uid: string; deviceId: string; address: string; msisdn: string; now: number; vip: number },
  ): ReserveResult | null {
    const who = { msisdn: c.msisdn, uid: c.uid, deviceId: c.deviceId };
    const lastEnd = this.holdLog.lastEnd.get({ ...who, since: c.now - limits.coolOffMs })?.ends_at ?? null;
    if (lastEnd !== null) return { kind: 'cooling_off', until: lastEnd + limits.coolOffMs };
    const since = c.now - limits.windowMs;
    if ((this.holdLog.heldFor.get({ ...who, since, now: c.now })?.ms ?? 0) >= limits.maxHeldPerNumberMs) {
      return { kind: 'hold_limit', limit: 'per_number' };
    }
    const claims = c.vip ? limits.claimsPerWindow.vip : limits.claimsPerWindow.basic;
    if ((this.holdLog.claimsSince.get({ uid: c.uid, deviceId: c.deviceId, vip: c.vip, since })?.n ?? 0) >= claims) {
      return { kind: 'hold_limit', limit: 'claims' };
    }
    const live = c.vip ? limits.liveHoldsPerAddress.vip : limits.liveHoldsPerAddress.basic;
    if ((this.holdLog.liveFromAddress.get({ address: c.address, vip: c.vip, now: c.now })?.n ?? 0) >= live) {
      return { kind: 'hold_limit', limit: 'address' };
    }
    return null;
  }

  /** Releases the user's hold (at most one) and ends its ledger entry now. */
  private releaseHoldsOf(uid: string, now: number): void {
    const previous = this.numbers.holdOf.get(uid);
    if (previous?.reservation_id) this.holdLog.end.run({ reservationId: previous.reservation_id, now });
    this.numbers.releaseAllOf.run(uid);
  }

  async cancelHold(uid: string, number: string, now: number, defaultProductCode: number): Promise<CancelResult> {
    return immediate(this.db, (): CancelResult => {
      // A pool number (a plain hold, or a transfer's temporary number), or a transfer's external number.
      const row = this.numbers.get.get(number) ?? this.numbers.byTransfer.get(number);
      if (!row || row.holder !== uid) return 'not_held';
      if (this.steps.paymentOpen(uid)) return 'payment_open';
      if (row.reservation_id) this.holdLog.end.run({ reservationId: row.reservation_id, now });
      this.numbers.releaseOne.run(row.msisdn, uid);
      if ((row.held_until ?? 0) <= now) return 'expired';
      // SPEC 4: cancelling resets the product to the 1-month default; 1-month products stay.
      this.steps.resetLongProduct(uid, defaultProductCode);
      return 'cancelled';
    });
  }

  async commitHold(uid: string, now: number): Promise<CommitResult> {
    return immediate(this.db, (): CommitResult => {
      const row = this.numbers.holdOf.get(uid);
      if (!row) return { kind: 'none' };
      if ((row.held_until ?? 0) <= now) return { kind: 'expired' };
      this.numbers.commit.run(uid, now);
      return { kind: 'committed', hold: this.holdRow(row.msisdn) };
    });
  }

  async pickFreeNumbers(count: number, vanityLevels: readonly number[], now: number, random: () => number): Promise<NumberRecord[]> {
    return this.pickFree(count, vanityLevels, now, random);
  }

  async searchFreeNumbers(search: NumberSearch, now: number): Promise<NumberRecord[]> {
    return this.searcher.search(search, now);
  }

  async listOperators(language: RequestHeaders['language'] = 'en'): Promise<Operator[]> {
    const nameOf = this.steps.operatorNames(language);
    return this.transfers.operators.all().map((o) => ({ ...o, name: nameOf(o.code, o.name) }));
  }

  async getTransferHolder(externalMsisdn: string, now: number): Promise<string | null> {
    const row = this.numbers.byTransfer.get(externalMsisdn);
    return row && (row.held_until ?? 0) > now ? row.holder : null;
  }

  async reserveTransfer(
    uid: string,
    transfer: TransferRecord,
    now: number,
    heldUntil: number,
    policy: HoldPolicy,
    random: () => number,
  ): Promise<TransferReserveResult> {
    try {
      return immediate(this.db, (): TransferReserveResult => {
        // A lapsed claim on this external number, whoever made it, no longer counts.
        this.numbers.releaseExpiredTransfer.run(transfer.externalMsisdn, now);
        const live = this.numbers.byTransfer.get(transfer.externalMsisdn);
        if (live && live.holder !== uid) return { kind: 'in_transfer' };
        if (live) return this.extendHold(uid, live.msisdn, now, heldUntil, policy.maxExtensions);
        if (this.steps.paymentOpen(uid)) return { kind: 'payment_open' };
        this.releaseHoldsOf(uid, now);
        // Inside this transaction nobody else writes, so a free number stays free until claimed.
        const [temporary] = this.pickFree(1, policy.temporaryVanityLevels, now, random);
        if (!temporary) throw new NoTemporaryNumber();
        this.claimOrThrow({
          uid,
          now,
          until: heldUntil,
          msisdn: temporary.msisdn,
          transfer: transfer.externalMsisdn,
          operator: transfer.operatorCode,
        });
        return { kind: 'reserved', hold: this.holdRow(temporary.msisdn) };
      });
    } catch (e) {
      // (NumberTaken cannot happen here: the pick and the claim share one write transaction.)
      if (e instanceof NoTemporaryNumber || e instanceof NumberTaken) return { kind: 'no_temporary_number' };
      // Another process claimed the same external number first: the unique index decided.
      if (isUniqueViolation(e) && this.numbers.byTransfer.get(transfer.externalMsisdn)?.holder !== uid) {
        return { kind: 'in_transfer' };
      }
      throw e;
    }
  }

  async releaseExpiredHolds(before: number): Promise<number> {
    // The ledger keeps what the limits look back over (HOLD_LIMITS.windowMs), no more.
    this.holdLog.prune.run(before - HOLD_LIMITS.windowMs);
    return this.numbers.sweep.run(before).changes;
  }

  // --- shared steps; each runs inside the caller's transaction ---

  private holdRow(msisdn: string): HoldRecord {
    const row = this.numbers.get.get(msisdn);
    if (!row || row.holder === null) throw new Error('hold row vanished inside its transaction');
    return toHold(row);
  }

  /** A new claim with a new reservation id; throws NumberTaken (rolling back) if the number is not free. */
  private claimOrThrow(claim: { uid: string; now: number; until: number; msisdn: string; transfer: string | null; operator: string | null }): number {
    const id = this.numbers.nextReservationId.get()?.value;
    if (id === undefined) throw new Error('reservation id counter missing');
    if (this.numbers.claim.run({ ...claim, id }).changes !== 1) throw new NumberTaken();
    return id;
  }

  private extendHold(
    uid: string,
    msisdn: string,
    now: number,
    heldUntil: number,
    maxExtensions: number,
  ): { kind: 'extended'; hold: HoldRecord } | { kind: 'extension_limit' } {
    const extended = this.numbers.extend.run({ uid, msisdn, now, until: heldUntil, max: maxExtensions });
    if (extended.changes !== 1) return { kind: 'extension_limit' };
    const hold = this.holdRow(msisdn);
    this.holdLog.extend.run({ reservationId: hold.reservationId, endsAt: hold.heldUntil });
    return { kind: 'extended', hold };
  }

  private pickFree(count: number, vanityLevels: readonly number[], now: number, random: () => number): NumberRecord[] {
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
}
