import type { Operator, RequestHeaders } from '@join/shared/contract';
import { isPgUniqueViolation, type PgDatabase } from '../../../platform/db/postgres/pg-database';
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
import { searchNumbers } from './number-search';
import { numberStatements } from './number-statements';

/**
 * What the numbers repository needs of the other modules inside its own transactions (the
 * SQLite NumbersSteps, async), given by the composition root: whether a payment of the user is
 * open, the operators' names in a language, and the catalogue's reset of a multi-month product
 * when a number is cancelled (SPEC 4). They run on the transaction open in the call chain.
 */
export interface PgNumbersSteps {
  paymentOpen(uid: string): Promise<boolean>;
  operatorNames(language: RequestHeaders['language']): Promise<(code: string, english: string) => string>;
  resetLongProduct(uid: string, defaultProductCode: number): Promise<void>;
}

class NumberTaken extends Error {}
class NoTemporaryNumber extends Error {}

/** Tries of a transfer's pick-and-claim before it answers no_temporary_number. */
const TEMPORARY_TRIES = 3;

/**
 * The PostgreSQL implementation of NumbersRepository, with the SQLite one's behaviour. SQLite had
 * one writer at a time (BEGIN IMMEDIATE); here several connections write at once, so each step
 * that reads and then writes says what protects it:
 *
 * - one user's steps (a claim, a cancel, a commit, a transfer, and the payment module's start of
 *   a payment, which takes the same lock) run one after the other: `db.lockUser(uid)`;
 * - the rows a claim reads and writes are row-locked first (FOR UPDATE, in msisdn order), and the
 *   claim is still a conditional UPDATE whose row count decides: of two claims of one number,
 *   the second waits for the first's row lock, re-reads the row, and finds it taken;
 * - the anti-hoarding limits count across users (a device's accounts, an address's visitors), so
 *   a claim under limits also takes the device's and the address's lock;
 * - one external number's transfer claims run one after the other (lockKey), and the unique index
 *   numbers_one_transfer_per_external refuses a second live transfer whatever the code does.
 *
 * Advisory locks are always taken before any row lock, in the order user, device, address,
 * transfer, so two transactions never wait for each other's advisory locks in a cycle; what is
 * left (two row locks in opposite orders) is a deadlock PostgreSQL detects, and db.transaction
 * retries it.
 */
export class PgNumbersRepository implements NumbersRepository {
  private readonly numbers: ReturnType<typeof numberStatements>;
  private readonly holdLog: ReturnType<typeof holdLogStatements>;

  constructor(
    private readonly db: PgDatabase,
    private readonly steps: PgNumbersSteps,
  ) {
    this.numbers = numberStatements(db);
    this.holdLog = holdLogStatements(db);
  }

  async getActiveHold(uid: string, now: number): Promise<HoldRecord | null> {
    const row = await this.numbers.activeHoldOf(uid, now);
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
      // Protected by: the user's lock (the paymentOpen check, the release of the user's hold and
      // the new claim are one step of this user); the device's and address's locks when limits
      // count them; the row locks of the number asked for and the user's current hold; the
      // conditional claim.
      return await this.db.transaction(async (): Promise<ReserveResult> => {
        await this.db.lockUser(uid);
        if (policy.limits) {
          await this.db.lockKey(`hold-device:${claimant.deviceId}`);
          await this.db.lockKey(`hold-address:${claimant.address}`);
        }
        const current = (await this.numbers.lockForClaim(msisdn, uid)).find((r) => r.msisdn === msisdn);
        if (!current) return { kind: 'unknown' };
        // The holder asking again for its live hold: an extension, not a new claim.
        if (current.holder === uid && (current.held_until ?? 0) > now) {
          return this.extendHold(uid, msisdn, now, heldUntil, policy.maxExtensions);
        }
        // A new claim lets the held number go: not under an open payment.
        if (await this.steps.paymentOpen(uid)) return { kind: 'payment_open' };
        const vip = isVipLevel(current.vanity_level) ? 1 : 0;
        if (policy.limits) {
          const refused = await this.hoardingCheck(policy.limits, { uid, msisdn, now, vip, ...claimant });
          if (refused) return refused;
        }
        // Held by someone else (the row is locked: this stays true until the end): nothing to undo.
        if (current.holder !== null && current.holder !== uid && (current.held_until ?? 0) > now) return { kind: 'taken' };
        // One hold per user: the previous one goes first (the partial unique index insists).
        await this.releaseHoldsOf(uid, now);
        const id = await this.claimOrThrow({ uid, now, until: heldUntil, msisdn, transfer: null, operator: null });
        await this.holdLog.insert({ reservationId: id, msisdn, uid, ...claimant, vip, grantedAt: now, endsAt: heldUntil });
        return { kind: 'reserved', hold: await this.holdRow(msisdn) };
      });
    } catch (e) {
      // Throwing rolls the release back too, so a lost race leaves the old hold in place.
      if (e instanceof NumberTaken) return { kind: 'taken' };
      throw e;
    }
  }

  /** The anti-hoarding limits (holds.ts), read from the hold ledger inside the claim's transaction. */
  private async hoardingCheck(
    limits: HoldLimits,
    c: { uid: string; deviceId: string; address: string; msisdn: string; now: number; vip: number },
  ): Promise<ReserveResult | null> {
    const who = { msisdn: c.msisdn, uid: c.uid, deviceId: c.deviceId };
    const lastEnd = await this.holdLog.lastEnd({ ...who, since: c.now - limits.coolOffMs });
    if (lastEnd !== null) return { kind: 'cooling_off', until: lastEnd + limits.coolOffMs };
    const since = c.now - limits.windowMs;
    if (((await this.holdLog.heldFor({ ...who, since, now: c.now })) ?? 0) >= limits.maxHeldPerNumberMs) {
      return { kind: 'hold_limit', limit: 'per_number' };
    }
    const claims = c.vip ? limits.claimsPerWindow.vip : limits.claimsPerWindow.basic;
    if ((await this.holdLog.claimsSince({ uid: c.uid, deviceId: c.deviceId, vip: c.vip, since })) >= claims) {
      return { kind: 'hold_limit', limit: 'claims' };
    }
    const live = c.vip ? limits.liveHoldsPerAddress.vip : limits.liveHoldsPerAddress.basic;
    if ((await this.holdLog.liveFromAddress({ address: c.address, vip: c.vip, now: c.now })) >= live) {
      return { kind: 'hold_limit', limit: 'address' };
    }
    return null;
  }

  /** Releases the user's hold (at most one) and ends its ledger entry now. */
  private async releaseHoldsOf(uid: string, now: number): Promise<void> {
    const previous = await this.numbers.holdOf(uid);
    if (previous?.reservation_id) await this.holdLog.end(previous.reservation_id, now);
    await this.numbers.releaseAllOf(uid);
  }

  async cancelHold(uid: string, number: string, now: number, defaultProductCode: number): Promise<CancelResult> {
    // Protected by: the user's lock (paymentOpen, the release and the product reset are one step
    // of this user) and the row lock of the hold (an expired one may be claimed by another user
    // meanwhile: the locked read then sees the new holder, and this is not_held).
    return this.db.transaction(async (): Promise<CancelResult> => {
      await this.db.lockUser(uid);
      // A pool number (a plain hold, or a transfer's temporary number), or a transfer's external number.
      const row = await this.numbers.lockForCancel(number);
      if (!row || row.holder !== uid) return 'not_held';
      if (await this.steps.paymentOpen(uid)) return 'payment_open';
      if (row.reservation_id) await this.holdLog.end(row.reservation_id, now);
      await this.numbers.releaseOne(row.msisdn, uid);
      if ((row.held_until ?? 0) <= now) return 'expired';
      // SPEC 4: cancelling resets the product to the 1-month default; 1-month products stay.
      await this.steps.resetLongProduct(uid, defaultProductCode);
      return 'cancelled';
    });
  }

  async commitHold(uid: string, now: number): Promise<CommitResult> {
    // Protected by: the user's lock. Only this user changes a live hold of theirs (another claim
    // needs it ended, the sweep too), so what was read stays true for the update.
    return this.db.transaction(async (): Promise<CommitResult> => {
      await this.db.lockUser(uid);
      const row = await this.numbers.holdOf(uid);
      if (!row) return { kind: 'none' };
      if ((row.held_until ?? 0) <= now) return { kind: 'expired' };
      await this.numbers.commit(uid, now);
      return { kind: 'committed', hold: await this.holdRow(row.msisdn) };
    });
  }

  async pickFreeNumbers(count: number, vanityLevels: readonly number[], now: number, random: () => number): Promise<NumberRecord[]> {
    return this.pickFree(count, vanityLevels, now, random, false);
  }

  async searchFreeNumbers(search: NumberSearch, now: number): Promise<NumberRecord[]> {
    return searchNumbers(this.db, search, now);
  }

  async listOperators(language: RequestHeaders['language'] = 'en'): Promise<Operator[]> {
    const nameOf = await this.steps.operatorNames(language);
    // COLLATE "C": SQLite's (binary) order of the codes, whatever the database's collation.
    const operators = await this.db.many<Operator>('SELECT code, name FROM mnp_operators ORDER BY code COLLATE "C"');
    return operators.map((o) => ({ ...o, name: nameOf(o.code, o.name) }));
  }

  async getTransferHolder(externalMsisdn: string, now: number): Promise<string | null> {
    const row = await this.numbers.byTransfer(externalMsisdn);
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
      // Protected by: the user's lock (paymentOpen, the release of the user's hold and the new
      // claim are one step of this user); the external number's lock (its claims run one after
      // the other, each seeing the one before committed) and its unique index; the temporary
      // number is row-locked as it is picked (SKIP LOCKED: never one another claim is taking).
      return await this.db.transaction(async (): Promise<TransferReserveResult> => {
        await this.db.lockUser(uid);
        await this.db.lockKey(`transfer:${transfer.externalMsisdn}`);
        // A lapsed claim on this external number, whoever made it, no longer counts.
        await this.numbers.releaseExpiredTransfer(transfer.externalMsisdn, now);
        const live = await this.numbers.byTransfer(transfer.externalMsisdn);
        if (live && live.holder !== uid) return { kind: 'in_transfer' };
        if (live) return this.extendHold(uid, live.msisdn, now, heldUntil, policy.maxExtensions);
        if (await this.steps.paymentOpen(uid)) return { kind: 'payment_open' };
        await this.releaseHoldsOf(uid, now);
        for (let attempt = 0; attempt < TEMPORARY_TRIES; attempt += 1) {
          const [temporary] = await this.pickFree(1, policy.temporaryVanityLevels, now, random, true);
          if (!temporary) break;
          const claimed = await this.claim({
            uid,
            now,
            until: heldUntil,
            msisdn: temporary.msisdn,
            transfer: transfer.externalMsisdn,
            operator: transfer.operatorCode,
          });
          if (claimed !== null) return { kind: 'reserved', hold: await this.holdRow(temporary.msisdn) };
        }
        throw new NoTemporaryNumber();
      });
    } catch (e) {
      if (e instanceof NoTemporaryNumber) return { kind: 'no_temporary_number' };
      // Another claim of the same external number got there first: the unique index decided.
      if (isPgUniqueViolation(e, 'numbers_one_transfer_per_external') && (await this.numbers.byTransfer(transfer.externalMsisdn))?.holder !== uid) {
        return { kind: 'in_transfer' };
      }
      throw e;
    }
  }

  async releaseExpiredHolds(before: number): Promise<number> {
    // The ledger keeps what the limits look back over (HOLD_LIMITS.windowMs), no more.
    await this.holdLog.prune(before - HOLD_LIMITS.windowMs);
    return this.numbers.sweep(before);
  }

  // --- shared steps; each runs inside the caller's transaction ---

  private async holdRow(msisdn: string): Promise<HoldRecord> {
    const row = await this.numbers.get(msisdn);
    if (!row || row.holder === null) throw new Error('hold row vanished inside its transaction');
    return toHold(row);
  }

  /** A new claim with a new reservation id, or null when the number is not free (nothing written). */
  private async claim(claim: { uid: string; now: number; until: number; msisdn: string; transfer: string | null; operator: string | null }): Promise<number | null> {
    const id = await this.numbers.nextReservationId();
    return (await this.numbers.claim({ ...claim, id })) === 1 ? id : null;
  }

  /** claim, throwing NumberTaken (rolling the transaction back) if the number is not free. */
  private async claimOrThrow(claim: { uid: string; now: number; until: number; msisdn: string; transfer: string | null; operator: string | null }): Promise<number> {
    const id = await this.claim(claim);
    if (id === null) throw new NumberTaken();
    return id;
  }

  private async extendHold(
    uid: string,
    msisdn: string,
    now: number,
    heldUntil: number,
    maxExtensions: number,
  ): Promise<{ kind: 'extended'; hold: HoldRecord } | { kind: 'extension_limit' }> {
    const extended = await this.numbers.extend({ uid, msisdn, now, until: heldUntil, max: maxExtensions });
    if (extended !== 1) return { kind: 'extension_limit' };
    const hold = await this.holdRow(msisdn);
    await this.holdLog.extend(hold.reservationId, hold.heldUntil);
    return { kind: 'extended', hold };
  }

  /** `lock`: inside a claim's transaction, row-lock each number found (skipping those another claim holds locked). */
  private async pickFree(count: number, vanityLevels: readonly number[], now: number, random: () => number, lock: boolean): Promise<NumberRecord[]> {
    const max = await this.numbers.maxSeq();
    if (max === null) return [];
    const found = new Map<string, NumberRecord>();
    // Neighbouring starts can land on the same free row; a few extra tries cover that.
    for (let attempt = 0; attempt < count * 4 && found.size < count; attempt++) {
      const start = 1 + Math.floor(random() * max);
      const row =
        (await this.numbers.nextFree({ start, levels: vanityLevels, now, lock })) ?? (await this.numbers.nextFree({ start: 1, levels: vanityLevels, now, lock }));
      if (!row) break;
      found.set(row.msisdn, { msisdn: row.msisdn, vanityLevel: row.vanity_level });
    }
    return [...found.values()];
  }
}
