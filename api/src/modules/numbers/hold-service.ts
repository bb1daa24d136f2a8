import type { z } from 'zod';
import { DEFAULT_SHUFFLE_VANITY_IDS, SEARCH_DEFAULT_VANITY_LEVELS, type NumberSearchBody, type PhoneNumber, type Reservation } from '@join/shared/contract';
import type { NumbersDeps } from './deps';
import type { Caller } from '../../platform/caller';
import { notFound } from '../../platform/refusals';
import { captchaInvalid, captchaRequired, extensionLimit, holdLimit, numberExpired, numberTaken } from './errors';
import { paymentOpen } from '../../platform/order-lock';
import type { OrderLock } from '../../platform/order-lock';
import { toPhoneNumber, toReservation } from './contract-mappers';
import { HOLD_POLICY, type HoldLimits } from './holds';

/**
 * The numbers' rules (api/README.md "Numbers and reservations"): random offers, the search, and
 * the visitor's one hold (reserve, extend, cancel, commit), with the anti-hoarding limits and
 * the address challenge. No HTTP: the routes parse and answer, this decides.
 */

/** With a solved challenge, the address's live holds do not count; every limit of the device and the account still does. */
const PAST_THE_ADDRESS = { basic: Number.MAX_SAFE_INTEGER, vip: Number.MAX_SAFE_INTEGER };
const withoutAddressCap = (limits: HoldLimits): HoldLimits => ({ ...limits, liveHoldsPerAddress: PAST_THE_ADDRESS });

/** Who holds: the device and the address (IPv6 /64) the anti-hoarding limits count. */
export interface Claimant {
  deviceId: string;
  address: string;
}

/** A reserve's answer: the number held, or how long before this number may be held again. */
export type ReserveOutcome = { held: PhoneNumber } | { coolingOffSeconds: number };

export interface HoldServiceOptions {
  /** The payment's order lock: a held number a payment is buying does not change. */
  lock: OrderLock;
  /** The product a cancelled number's visitor goes back to. */
  defaultProductCode: number;
}

export type HoldService = ReturnType<typeof holdService>;

export function holdService(ctx: NumbersDeps, { lock, defaultProductCode }: HoldServiceOptions) {
  return {
    /** `count` free numbers at random, of the shuffled vanity levels. */
    async offerRandom(count: number): Promise<PhoneNumber[]> {
      return (await ctx.repos.pickFreeNumbers(count, DEFAULT_SHUFFLE_VANITY_IDS, ctx.now(), ctx.random)).map(toPhoneNumber);
    },

    /** The user's holds (0 or 1), only those of `ids` when given: other users' reservation ids simply match nothing. */
    async held(uid: string, ids: readonly number[] | undefined): Promise<PhoneNumber[]> {
      const hold = await ctx.repos.getActiveHold(uid, ctx.now());
      const shown = hold && (!ids || ids.includes(hold.reservationId)) ? [hold] : [];
      return shown.map(toPhoneNumber);
    },

    /**
     * Holds `number` (or extends the hold of it). A solution of the address challenge, when sent,
     * is checked, needed or not: a wrong one is never quietly ignored; a right one lifts the
     * address's cap (many visitors share one address: a challenge, not a refusal).
     */
    async reserve(caller: Caller, number: string, claimant: Claimant, captcha: string | null): Promise<ReserveOutcome> {
      const { uid } = caller;
      const solved = captcha !== null && (await ctx.captcha.verify(captcha, { uid, deviceId: claimant.deviceId }));
      if (captcha !== null && !solved) throw captchaInvalid();
      const now = ctx.now();
      // Another number than the one held lets that one go: not while a payment is buying it.
      // Extending the held number stays open (it never shortens a payment's hold).
      if ((await ctx.repos.getActiveHold(uid, now))?.msisdn !== number) await lock.refuseWhilePaying(caller);
      const limits = solved ? withoutAddressCap(ctx.holdLimits) : ctx.holdLimits;
      const result = await ctx.repos.reserveNumber(uid, number, now, now + ctx.holdMs, { ...HOLD_POLICY, limits }, claimant);
      if (result.kind === 'unknown') throw notFound(`Number ${number} is not in the pool`);
      if (result.kind === 'taken') throw numberTaken();
      if (result.kind === 'extension_limit') throw extensionLimit();
      if (result.kind === 'cooling_off') return { coolingOffSeconds: Math.max(1, Math.ceil((result.until - now) / 1000)) };
      if (result.kind === 'hold_limit' && result.limit === 'address') throw captchaRequired();
      if (result.kind === 'hold_limit') throw holdLimit(result.limit);
      if (result.kind === 'payment_open') throw paymentOpen();
      return { held: toPhoneNumber(result.hold) };
    },

    /** Lets the held number (or a transfer, by its external or temporary number) go; not while a payment is buying it. */
    async cancel(caller: Caller, number: string): Promise<void> {
      await lock.refuseWhilePaying(caller);
      const result = await ctx.repos.cancelHold(caller.uid, number, ctx.now(), defaultProductCode);
      // Someone else's hold looks exactly like no hold: holds are nobody else's business.
      if (result === 'not_held') throw notFound(`You hold no reservation of ${number}`);
      if (result === 'payment_open') throw paymentOpen();
      if (result === 'expired') throw numberExpired();
    },

    /** A page of free numbers matching the search, and whether another page exists. */
    async search(body: z.output<typeof NumberSearchBody>): Promise<{ numbers: PhoneNumber[]; hasMore: boolean }> {
      const found = await ctx.repos.searchFreeNumbers(
        {
          pattern: body.pattern,
          match: body.match,
          vanityLevels: [...new Set(body.vanity_level_ids ?? SEARCH_DEFAULT_VANITY_LEVELS)],
          // One more than a page says whether another page exists, without counting matches.
          limit: body.per_page + 1,
          offset: (body.page - 1) * body.per_page,
        },
        ctx.now(),
      );
      return { numbers: found.slice(0, body.per_page).map(toPhoneNumber), hasMore: found.length > body.per_page };
    },

    /** The user's reservation (0 or 1), of the given types only when given. */
    async reservations(uid: string, types: readonly string[] | undefined): Promise<Reservation[]> {
      const hold = await ctx.repos.getActiveHold(uid, ctx.now());
      const reservations = hold ? [toReservation(hold)] : [];
      return reservations.filter((r) => !types || types.includes(r.reservation_type));
    },

    /**
     * Marks the live hold committed: the visitor confirmed this number for the order (a payment
     * requires a committed number). Committing again is harmless, and the hold's expiry does not move.
     */
    async commit(uid: string): Promise<Reservation> {
      const result = await ctx.repos.commitHold(uid, ctx.now());
      if (result.kind === 'none') throw notFound('You hold no number reservation to commit');
      if (result.kind === 'expired') throw numberExpired();
      return toReservation(result.hold);
    },
  };
}
