import type { MigrationPart } from '../../../platform/db/migrations';

/**
 * This folder's part of the PostgreSQL schema (baseline version 27: SQLite's 1..27 in one step):
 * only what the operations summary draws (issue 28), by UTC day, kept OPS_MAX_RANGE_DAYS (the
 * retention sweep). No user, device, session, address, URL or time of day anywhere:
 * - a step reached: the day, the step and the visitor's key for that day (16 bytes, BYTEA: an
 *   HMAC of the device id under a salt that lives in the server's memory for that day only);
 * - a web vital: the day, the step, the metric and its value (no key: a sample is nobody's);
 * - error pop-ups: a count per day and catalogue code.
 */
export const MEASUREMENT_PG_MIGRATIONS: readonly MigrationPart[] = [
  {
    version: 27,
    sql: `
      CREATE TABLE measurement_step_views (
        day TEXT NOT NULL CHECK (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
        step TEXT NOT NULL CHECK (length(step) BETWEEN 1 AND 32),
        visitor BYTEA NOT NULL CHECK (length(visitor) = 16),
        PRIMARY KEY (day, step, visitor)
      );
      CREATE TABLE measurement_vitals (
        day TEXT NOT NULL CHECK (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
        step TEXT NOT NULL CHECK (length(step) BETWEEN 1 AND 32),
        metric TEXT NOT NULL CHECK (metric IN ('LCP', 'INP', 'CLS')),
        value DOUBLE PRECISION NOT NULL CHECK (value >= 0)
      );
      CREATE INDEX measurement_vitals_by_day ON measurement_vitals (day, step, metric, value);
      CREATE TABLE measurement_errors (
        day TEXT NOT NULL CHECK (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
        code TEXT NOT NULL CHECK (length(code) BETWEEN 1 AND 32),
        shown BIGINT NOT NULL CHECK (shown >= 1),
        PRIMARY KEY (day, code)
      );
    `,
  },
];
