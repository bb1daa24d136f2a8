import type { StepName } from '@join/shared/contract';
import type { VitalMetric } from '@join/shared/measurement-contract';
import type { PgDatabase } from '../../../platform/db/postgres/pg-database';
import type { ErrorCount, FunnelCount, IsoDay, MeasurementBatch, MeasurementRepository, VitalPercentile } from '../repository';

/**
 * One batch in one statement (its data-modifying CTEs commit or fail together, as SQLite's
 * transaction did): the steps reached (a step already counted for the visitor and day is not
 * counted again: ON CONFLICT DO NOTHING on the primary key), the vital samples, and the pop-ups
 * added to their day's counts (ON CONFLICT DO UPDATE: an increment no concurrent batch can lose).
 * The keys are handed in sorted and without repeats, so two batches touching the same rows take
 * their locks in one order (no deadlock), and one statement never updates a row twice.
 */
const RECORD = `
  WITH views AS (
    INSERT INTO measurement_step_views (day, step, visitor)
    SELECT $1::text, step, $2::bytea FROM unnest($3::text[]) AS s (step)
    ON CONFLICT DO NOTHING
  ), vitals AS (
    INSERT INTO measurement_vitals (day, step, metric, value)
    SELECT $1::text, step, metric, value FROM unnest($4::text[], $5::text[], $6::float8[]) AS v (step, metric, value)
  )
  INSERT INTO measurement_errors (day, code, shown)
  SELECT $1::text, code, shown FROM unnest($7::text[], $8::bigint[]) AS e (code, shown)
  ON CONFLICT (day, code) DO UPDATE SET shown = measurement_errors.shown + EXCLUDED.shown`;

/** Byte order, as SQLite's BINARY collation (and JS's default sort of these ASCII codes). */
const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The PostgreSQL implementation of MeasurementRepository (the SQLite one's SQL, $n placeholders). */
export class PgMeasurementRepository implements MeasurementRepository {
  constructor(private readonly db: PgDatabase) {}

  async recordMeasurements(b: MeasurementBatch): Promise<void> {
    const steps = [...new Set(b.steps)].sort(byteOrder);
    const shown = new Map<string, number>();
    for (const code of b.errors) shown.set(code, (shown.get(code) ?? 0) + 1);
    const codes = [...shown.keys()].sort(byteOrder);
    await this.db.run(RECORD, [
      b.day,
      b.visitor,
      steps,
      b.vitals.map((v) => v.step),
      b.vitals.map((v) => v.metric),
      b.vitals.map((v) => v.value),
      codes,
      codes.map((code) => shown.get(code)),
    ]);
  }

  async funnel(from: IsoDay, to: IsoDay): Promise<FunnelCount[]> {
    // A visitor counts once per step and day (the primary key): the rows are the count.
    return this.db.many<FunnelCount>('SELECT step, COUNT(*) AS visitors FROM measurement_step_views WHERE day BETWEEN $1 AND $2 GROUP BY step', [from, to]);
  }

  async vitalPercentiles(from: IsoDay, to: IsoDay): Promise<VitalPercentile[]> {
    // Nearest rank: the ceil(0.75 n)-th smallest value, ceil(3n/4) = (3n + 3) / 4 in integers.
    const rows = await this.db.many<{ step: string; metric: string; p75: number; samples: number }>(
      `SELECT step, metric, value AS p75, n AS samples FROM (
         SELECT step, metric, value,
                ROW_NUMBER() OVER (PARTITION BY step, metric ORDER BY value) AS position,
                COUNT(*) OVER (PARTITION BY step, metric) AS n
         FROM measurement_vitals WHERE day BETWEEN $1 AND $2
       ) ranked WHERE position = (3 * n + 3) / 4`,
      [from, to],
    );
    return rows.map((r) => ({ step: r.step as StepName, metric: r.metric as VitalMetric, p75: r.p75, samples: r.samples }));
  }

  async errorCounts(from: IsoDay, to: IsoDay): Promise<ErrorCount[]> {
    // SUM of a BIGINT is a numeric (a string in node-postgres): cast back. Ties by code in byte order, as on SQLite.
    return this.db.many<ErrorCount>(
      `SELECT code, SUM(shown)::bigint AS count FROM measurement_errors WHERE day BETWEEN $1 AND $2
       GROUP BY code ORDER BY count DESC, code COLLATE "C"`,
      [from, to],
    );
  }

  async pruneMeasurements(firstKeptDay: IsoDay): Promise<number> {
    // One statement: the three tables' days go together.
    const { n } = await this.db.one<{ n: number }>(
      `WITH views AS (DELETE FROM measurement_step_views WHERE day < $1 RETURNING 1),
            vitals AS (DELETE FROM measurement_vitals WHERE day < $1 RETURNING 1),
            errors AS (DELETE FROM measurement_errors WHERE day < $1 RETURNING 1)
       SELECT (SELECT COUNT(*) FROM views) + (SELECT COUNT(*) FROM vitals) + (SELECT COUNT(*) FROM errors) AS n`,
      [firstKeptDay],
    );
    return n;
  }
}
