import type { MigrationPart } from '../../platform/db/migrations';

/**
 * This folder's part of the schema: only what the operations summary draws (issue 28), by UTC
 * day, kept OPS_MAX_RANGE_DAYS (the retention sweep). No user, device, session, address, URL or
 * time of day anywhere:
 * - a step reached: the day, the step and the visitor's key for that day (an HMAC of the device
 *   id under a salt that lives in the server's memory for that day only: visitors are counted
 *   once per step and day, and once the day is over nobody can tell whose a key was);
 * - a web vital: the day, the step, the metric and its value (no key: a sample is nobody's);
 * - error pop-ups: a count per day and catalogue code.
 */
export const MEASUREMENT_MIGRATIONS: readonly MigrationPart[] = [
  {
    version: 25,
    sql: `
      CREATE TABLE measurement_step_views (
        day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
        step TEXT NOT NULL CHECK (length(step) BETWEEN 1 AND 32),
        visitor BLOB NOT NULL CHECK (length(visitor) = 16),
        PRIMARY KEY (day, step, visitor)
      ) WITHOUT ROWID;
      CREATE TABLE measurement_vitals (
        day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
        step TEXT NOT NULL CHECK (length(step) BETWEEN 1 AND 32),
        metric TEXT NOT NULL CHECK (metric IN ('LCP', 'INP', 'CLS')),
        value REAL NOT NULL CHECK (value >= 0)
      );
      CREATE INDEX measurement_vitals_by_day ON measurement_vitals(day, step, metric, value);
      CREATE TABLE measurement_errors (
        day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
        code TEXT NOT NULL CHECK (length(code) BETWEEN 1 AND 32),
        shown INTEGER NOT NULL CHECK (shown >= 1),
        PRIMARY KEY (day, code)
      ) WITHOUT ROWID;
    `,
  },
];
