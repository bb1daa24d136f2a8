import type { StepName } from '@join/shared/contract';
import type { IsoDay, MeasurementBatch, MeasurementRepository } from '../repository';
import type { SessionRepository } from '../../../platform/sessions/repository';
import { type RepositoryImplementation, describeRepositoryContract } from '../../../testing/repository-contract';

/** What the suite runs against: the measurement repository (the fixtures' sessions besides). */
export type MeasurementContractSubject = MeasurementRepository & SessionRepository;

/** A visitor's key for a day (16 bytes), one per n. */
const visitor = (n: number) => Buffer.alloc(16, n);
const batch = (day: IsoDay, who: number, parts: Partial<Omit<MeasurementBatch, 'day' | 'visitor'>>): MeasurementBatch => ({
  day,
  visitor: visitor(who),
  steps: [],
  vitals: [],
  errors: [],
  ...parts,
});
const lcp = (step: StepName, value: number) => ({ step, metric: 'LCP' as const, value });
const byStep = <T extends { step: string }>(rows: T[]) => [...rows].sort((a, b) => a.step.localeCompare(b.step));

/**
 * The behaviour every MeasurementRepository must have, whatever database implements it. Each test
 * writes days of its own (the suite shares one database), so the figures of a range are its own.
 */
export function describeMeasurementRepositoryContract(name: string, impl: RepositoryImplementation<MeasurementContractSubject>): void {
  describeRepositoryContract('MeasurementRepository', name, impl, (repos) => {
    describe('the funnel', () => {
      it('counts a visitor once per step and day (within a batch and across batches), on each day of the range, both ends included', async () => {
        await repos.recordMeasurements(batch('2026-02-01', 1, { steps: ['plan', 'number', 'plan'] }));
        await repos.recordMeasurements(batch('2026-02-01', 1, { steps: ['plan', 'account'] }));
        await repos.recordMeasurements(batch('2026-02-01', 2, { steps: ['plan'] }));
        await repos.recordMeasurements(batch('2026-02-02', 1, { steps: ['plan'] }));
        await repos.recordMeasurements(batch('2026-02-03', 3, { steps: ['number'] }));
        expect(byStep(await repos.funnel('2026-02-01', '2026-02-01'))).toEqual([
          { step: 'account', visitors: 1 },
          { step: 'number', visitors: 1 },
          { step: 'plan', visitors: 2 },
        ]);
        expect(byStep(await repos.funnel('2026-02-01', '2026-02-02'))).toEqual([
          { step: 'account', visitors: 1 },
          { step: 'number', visitors: 1 },
          { step: 'plan', visitors: 3 },
        ]);
        expect(byStep(await repos.funnel('2026-02-02', '2026-02-03'))).toEqual([
          { step: 'number', visitors: 1 },
          { step: 'plan', visitors: 1 },
        ]);
        expect(await repos.funnel('2026-02-04', '2026-02-09')).toEqual([]);
      });
    });

    describe('the vitals', () => {
      it('answer the 75th percentile by nearest rank per step and metric, with the sample count; only where there are samples', async () => {
        // plan LCP 1..8 s: the 6th of 8; plan CLS 0.01, 0.3, 0.02: the 3rd of 3; number LCP 1..4: the 3rd of 4; number INP one sample.
        await repos.recordMeasurements(batch('2026-03-01', 1, { vitals: [8, 3, 1, 6, 2, 7, 5, 4].map((s) => lcp('plan', s * 1000)) }));
        await repos.recordMeasurements(batch('2026-03-01', 2, { vitals: [0.01, 0.3, 0.02].map((value) => ({ step: 'plan' as const, metric: 'CLS' as const, value })) }));
        await repos.recordMeasurements(batch('2026-03-02', 3, { vitals: [...[4, 1, 3, 2].map((v) => lcp('number', v * 100)), { step: 'number', metric: 'INP', value: 120 }] }));
        const order = (a: { step: string; metric: string }, b: { step: string; metric: string }) => `${a.step} ${a.metric}`.localeCompare(`${b.step} ${b.metric}`);
        expect((await repos.vitalPercentiles('2026-03-01', '2026-03-02')).sort(order)).toEqual([
          { step: 'number', metric: 'INP', p75: 120, samples: 1 },
          { step: 'number', metric: 'LCP', p75: 300, samples: 4 },
          { step: 'plan', metric: 'CLS', p75: 0.3, samples: 3 },
          { step: 'plan', metric: 'LCP', p75: 6000, samples: 8 },
        ]);
        expect(await repos.vitalPercentiles('2026-03-02', '2026-03-02')).toHaveLength(2);
        expect(await repos.vitalPercentiles('2026-03-03', '2026-03-31')).toEqual([]);
      });
    });

    describe('the error pop-ups', () => {
      it('count every pop-up (repeats in a batch too) over the range, most frequent first, then by code', async () => {
        await repos.recordMeasurements(batch('2026-04-01', 1, { errors: ['captcha_error', '-2015', '-2015', 'error_general'] }));
        await repos.recordMeasurements(batch('2026-04-01', 2, { errors: ['-2015', 'captcha_error', 'Zz'] }));
        await repos.recordMeasurements(batch('2026-04-02', 1, { errors: ['error_general', 'a'] }));
        await repos.recordMeasurements(batch('2026-04-03', 1, { errors: ['-2015'] }));
        // Ties by code as bytes: '-' before digits before capitals before lower case.
        expect(await repos.errorCounts('2026-04-01', '2026-04-02')).toEqual([
          { code: '-2015', count: 3 },
          { code: 'captcha_error', count: 2 },
          { code: 'error_general', count: 2 },
          { code: 'Zz', count: 1 },
          { code: 'a', count: 1 },
        ]);
        expect(await repos.errorCounts('2026-04-03', '2026-04-03')).toEqual([{ code: '-2015', count: 1 }]);
        expect(await repos.errorCounts('2026-04-04', '2026-04-05')).toEqual([]);
      });
    });

    describe('batches at once', () => {
      it('loses no count and counts no visitor twice when many batches of one visitor arrive together', async () => {
        const day = '2026-05-01';
        await Promise.all(
          Array.from({ length: 24 }, (_, i) =>
            repos.recordMeasurements(
              batch(day, 1 + (i % 3), {
                // Each batch names its steps and codes in its own order.
                steps: i % 2 === 0 ? ['plan', 'number', 'account'] : ['account', 'number', 'plan'],
                vitals: [lcp('plan', 1000 + i)],
                errors: i % 2 === 0 ? ['-2015', 'captcha_error'] : ['captcha_error', '-2015'],
              }),
            ),
          ),
        );
        expect(byStep(await repos.funnel(day, day))).toEqual([
          { step: 'account', visitors: 3 },
          { step: 'number', visitors: 3 },
          { step: 'plan', visitors: 3 },
        ]);
        expect(await repos.vitalPercentiles(day, day)).toEqual([{ step: 'plan', metric: 'LCP', p75: 1017, samples: 24 }]);
        expect(await repos.errorCounts(day, day)).toEqual([
          { code: '-2015', count: 24 },
          { code: 'captcha_error', count: 24 },
        ]);
      });

      it('stores nothing of a batch that is refused', async () => {
        const day = '2026-06-01';
        const refused = (p: Promise<unknown>) => p.then(() => false, () => true);
        expect(await refused(repos.recordMeasurements(batch(day, 1, { steps: ['plan'], vitals: [lcp('plan', -1)], errors: ['-2015'] })))).toBe(true);
        expect([await repos.funnel(day, day), await repos.vitalPercentiles(day, day), await repos.errorCounts(day, day)]).toEqual([[], [], []]);
      });
    });

    describe('the retention sweep', () => {
      it('deletes every record of the days before the first kept day, answering the rows gone, and nothing of that day or later', async () => {
        // Days of their own, long before every other test's.
        await repos.recordMeasurements(batch('2000-01-01', 1, { steps: ['plan', 'number'], vitals: [lcp('plan', 1)], errors: ['-2015', '-2015'] }));
        await repos.recordMeasurements(batch('2000-01-02', 1, { steps: ['plan'], vitals: [lcp('plan', 2), lcp('plan', 3)], errors: ['a'] }));
        await repos.recordMeasurements(batch('2000-01-03', 1, { steps: ['plan'], vitals: [lcp('plan', 4)], errors: ['a'] }));
        expect(await repos.pruneMeasurements('2000-01-01')).toBe(0);
        // 2000-01-01: 2 steps, 1 vital, 1 row of counts; 2000-01-02: 1 step, 2 vitals, 1 row of counts.
        expect(await repos.pruneMeasurements('2000-01-03')).toBe(8);
        expect(await repos.funnel('2000-01-01', '2000-01-03')).toEqual([{ step: 'plan', visitors: 1 }]);
        expect(await repos.vitalPercentiles('2000-01-01', '2000-01-03')).toEqual([{ step: 'plan', metric: 'LCP', p75: 4, samples: 1 }]);
        expect(await repos.errorCounts('2000-01-01', '2000-01-03')).toEqual([{ code: 'a', count: 1 }]);
        expect(await repos.pruneMeasurements('2000-01-03')).toBe(0);
      });
    });
  });
}
