import type { Database, Statement, Transaction } from 'better-sqlite3';
import type { StepName } from '@join/shared/contract';
import type { VitalMetric } from '@join/shared/measurement-contract';
import type { ErrorCount, FunnelCount, IsoDay, MeasurementBatch, MeasurementRepository, VitalPercentile } from '../repository';

type Range = { from: IsoDay; to: IsoDay };

/** The embedded SQLite implementation of MeasurementRepository (migration 24). */
export class SqliteMeasurementRepository implements MeasurementRepository {
  private readonly insertView: Statement<[{ day: string; step: string; visitor: Buffer }]>;
  private readonly insertVital: Statement<[{ day: string; step: string; metric: string; value: number }]>;
  private readonly countError: Statement<[{ day: string; code: string }]>;
  private readonly record: Transaction<(batch: MeasurementBatch) => void>;
  private readonly funnelOf: Statement<[Range], FunnelCount>;
  private readonly percentilesOf: Statement<[Range], VitalPercentile>;
  private readonly errorsOf: Statement<[Range], ErrorCount>;
  private readonly prune: Transaction<(firstKeptDay: string) => number>;

  constructor(db: Database) {
    this.insertView = db.prepare('INSERT OR IGNORE INTO measurement_step_views (day, step, visitor) VALUES (@day, @step, @visitor)');
    this.insertVital = db.prepare('INSERT INTO measurement_vitals (day, step, metric, value) VALUES (@day, @step, @metric, @value)');
    this.countError = db.prepare(
      'INSERT INTO measurement_errors (day, code, shown) VALUES (@day, @code, 1) ON CONFLICT (day, code) DO UPDATE SET shown = shown + 1',
    );
    this.record = db.transaction((b: MeasurementBatch) => {
      for (const step of b.steps) this.insertView.run({ day: b.day, step, visitor: b.visitor });
      for (const v of b.vitals) this.insertVital.run({ day: b.day, ...v });
      for (const code of b.errors) this.countError.run({ day: b.day, code });
    });
    // A visitor counts once per step and day (the primary key): the rows are the count.
    this.funnelOf = db.prepare('SELECT step, COUNT(*) AS visitors FROM measurement_step_views WHERE day BETWEEN @from AND @to GROUP BY step');
    // Nearest rank: the ceil(0.75 n)-th smallest value, ceil(3n/4) = (3n + 3) / 4 in integers.
    this.percentilesOf = db.prepare(
      `SELECT step, metric, value AS p75, n AS samples FROM (
         SELECT step, metric, value,
                ROW_NUMBER() OVER (PARTITION BY step, metric ORDER BY value) AS rank,
                COUNT(*) OVER (PARTITION BY step, metric) AS n
         FROM measurement_vitals WHERE day BETWEEN @from AND @to
       ) WHERE rank = (3 * n + 3) / 4`,
    );
    this.errorsOf = db.prepare(
      'SELECT code, SUM(shown) AS count FROM measurement_errors WHERE day BETWEEN @from AND @to GROUP BY code ORDER BY count DESC, code',
    );
    const pruneViews = db.prepare<[string]>('DELETE FROM measurement_step_views WHERE day < ?');
    const pruneVitals = db.prepare<[string]>('DELETE FROM measurement_vitals WHERE day < ?');
    const pruneErrors = db.prepare<[string]>('DELETE FROM measurement_errors WHERE day < ?');
    this.prune = db.transaction((day: string) => pruneViews.run(day).changes + pruneVitals.run(day).changes + pruneErrors.run(day).changes);
  }

  async recordMeasurements(batch: MeasurementBatch): Promise<void> {
    this.record.immediate(batch);
  }

  async funnel(from: IsoDay, to: IsoDay): Promise<FunnelCount[]> {
    return this.funnelOf.all({ from, to }).map((r) => ({ step: r.step as StepName, visitors: r.visitors }));
  }

  async vitalPercentiles(from: IsoDay, to: IsoDay): Promise<VitalPercentile[]> {
    return this.percentilesOf.all({ from, to }).map((r) => ({ step: r.step as StepName, metric: r.metric as VitalMetric, p75: r.p75, samples: r.samples }));
  }

  async errorCounts(from: IsoDay, to: IsoDay): Promise<ErrorCount[]> {
    return this.errorsOf.all({ from, to });
  }

  async pruneMeasurements(firstKeptDay: IsoDay): Promise<number> {
    return this.prune.immediate(firstKeptDay);
  }
}
