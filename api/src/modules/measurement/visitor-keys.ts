import { createHmac, randomBytes } from 'node:crypto';
import { dayEnd, type LimitStore } from '../../platform/limits/limit-store';
import type { IsoDay } from './repository';

/** The day of a moment, in UTC (the collector's and the summary's days). */
export const isoDay = (ms: number): IsoDay => new Date(ms).toISOString().slice(0, 10);

/** What one visitor may add in one day beyond their steps: far above a real walk (9 steps, 3 vitals each, a few visits), far below a flood. */
export const VISITOR_DAY_LIMITS = { vitals: 200, errors: 100 } as const;

/**
 * Counting visitors without keeping who they are (issue 28). A visitor's key for a day is
 * HMAC-SHA-256(the day's salt, device id), cut to 16 bytes. The salt is 32 random bytes made when
 * the day's first beacon arrives, kept in the LimitStore with its day so that every API instance
 * uses the same one (api/README.md "Shared limits"): in this process's memory on the embedded
 * database, in an UNLOGGED PostgreSQL row (never in the write-ahead log, so never in a WAL
 * archive, a base backup or a replica) when several instances share PostgreSQL. The next day's
 * first beacon, or the minute's sweep after midnight, deletes it (and zeroes this process's copy).
 * So within a day one device has one key (a step is counted once per visitor), across days its
 * keys cannot be linked, and once the day is over nobody, the operator included, can tell whose a
 * stored key was: the device id is never stored and the salt is gone with its day.
 *
 * The cost, on purpose: on the embedded database a restart during a day makes a new salt, so a
 * visitor seen before and after it counts twice that day (on PostgreSQL, a crash of the database
 * does the same: UNLOGGED tables come back empty); and the funnel counts visitor-days (a visitor
 * on two days counts on each).
 *
 * The per visitor-day counters (how many vitals and error pop-ups a visitor has added today) are
 * counted in the LimitStore too, so one consenting device cannot skew the percentiles or fill the
 * table: past VISITOR_DAY_LIMITS its further samples are dropped, whichever instance gets them.
 */
export class DailyVisitorKeys {
  private day: IsoDay | null = null;
  private salt: Buffer = Buffer.alloc(32);

  constructor(
    private readonly store: LimitStore,
    private readonly limits: { vitals: number; errors: number } = VISITOR_DAY_LIMITS,
    private readonly random: (size: number) => Buffer = randomBytes,
  ) {}

  /** The visitor's key for `day` (16 bytes). */
  async keyOf(deviceId: string, day: IsoDay): Promise<Buffer> {
    const salt = await this.saltOf(day);
    return createHmac('sha256', salt).update(deviceId, 'utf8').digest().subarray(0, 16);
  }

  /** How many of `wanted` samples of a kind the visitor (by key, of `day`) may still add that day; counts them as added. */
  async allow(key: Buffer, day: IsoDay, kind: 'vitals' | 'errors', wanted: number, now: number): Promise<number> {
    if (wanted <= 0) return 0;
    // Every sample wanted is counted, so what was counted before this call is count - wanted.
    const { count } = await this.store.hit(`visitor:${day}:${kind}:${key.toString('base64')}`, Math.max(1, dayEnd(day) - now), now, wanted);
    return Math.max(0, Math.min(wanted, this.limits[kind] - (count - wanted)));
  }

  /** Zeroes this process's copy of a salt whose day is over (the sweep calls it; the store deletes its own). */
  forgetPast(now: number): void {
    if (this.day !== null && this.day < isoDay(now)) this.forget();
  }

  private async saltOf(day: IsoDay): Promise<Buffer> {
    if (day === this.day) return this.salt;
    const salt = await this.store.dailySalt(day, this.random(32));
    if (day !== this.day) {
      this.forget();
      this.salt = salt;
      this.day = day;
    }
    return salt;
  }

  private forget(): void {
    this.salt.fill(0);
    this.salt = Buffer.alloc(32);
    this.day = null;
  }
}
