import { createHmac, randomBytes } from 'node:crypto';
import type { IsoDay } from './repository';

/** The day of a moment, in UTC (the collector's and the summary's days). */
export const isoDay = (ms: number): IsoDay => new Date(ms).toISOString().slice(0, 10);

/** What one visitor may add in one day beyond their steps: far above a real walk (9 steps, 3 vitals each, a few visits), far below a flood. */
export const VISITOR_DAY_LIMITS = { vitals: 200, errors: 100 } as const;

/**
 * Counting visitors without keeping who they are (issue 28). A visitor's key for a day is
 * HMAC-SHA-256(the day's salt, device id), cut to 16 bytes. The salt is 32 random bytes made when
 * the day's first beacon arrives and kept only in this process's memory; the next day's first
 * beacon replaces it (the old one is zeroed). So within a day one device has one key (a step is
 * counted once per visitor), across days its keys cannot be linked, and once the day is over
 * nobody, the operator included, can tell whose a stored key was: the device id is never stored
 * and the salt is never written anywhere.
 *
 * The cost, on purpose: a restart during a day makes a new salt, so a visitor seen before and
 * after it counts twice that day; and the funnel counts visitor-days (a visitor on two days counts
 * on each). Several processes behind one database would each have a salt: the same over-count
 * (one API process is the SQLite deployment).
 *
 * The per visitor-day counters (how many vitals and error pop-ups a visitor has added today) live
 * here too, so one consenting device cannot skew the percentiles or fill the table: past
 * VISITOR_DAY_LIMITS its further samples are dropped.
 */
export class DailyVisitorKeys {
  private day: IsoDay | null = null;
  private salt: Buffer = Buffer.alloc(32);
  private readonly used = new Map<string, { vitals: number; errors: number }>();

  constructor(
    private readonly limits: { vitals: number; errors: number } = VISITOR_DAY_LIMITS,
    private readonly random: (size: number) => Buffer = randomBytes,
  ) {}

  /** The visitor's key for `day` (16 bytes). */
  keyOf(deviceId: string, day: IsoDay): Buffer {
    this.turnTo(day);
    return createHmac('sha256', this.salt).update(deviceId, 'utf8').digest().subarray(0, 16);
  }

  /** How many of `wanted` samples of a kind the visitor (by key, of the current day) may still add today; counts them as added. */
  allow(key: Buffer, kind: 'vitals' | 'errors', wanted: number): number {
    const id = key.toString('base64');
    const used = this.used.get(id) ?? { vitals: 0, errors: 0 };
    const granted = Math.max(0, Math.min(wanted, this.limits[kind] - used[kind]));
    used[kind] += granted;
    this.used.set(id, used);
    return granted;
  }

  private turnTo(day: IsoDay): void {
    if (day === this.day) return;
    this.salt.fill(0);
    this.salt = this.random(32);
    this.used.clear();
    this.day = day;
  }
}
