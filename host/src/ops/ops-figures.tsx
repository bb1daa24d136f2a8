import { useId, useMemo, useState, type ReactNode } from 'react';
import { STEP_NAMES, type StepName } from '@join/shared';
import { useLanguage, useT } from '@join/shared/react';
import { VITAL_METRICS, type OpsSummary, type VitalMetric } from '@join/shared/measurement';
import { BarChart, type ValueLine } from './bar-chart';
import { VITAL_THRESHOLDS, vitalRating, type VitalRating } from './vital-thresholds';

/** Numbers in the page's language, Western digits in Arabic too (as the product's prices). */
export function useNumbers() {
  const { language } = useLanguage();
  return useMemo(() => {
    const locale = language === 'ar' ? 'ar-AE' : 'en-AE';
    const whole = new Intl.NumberFormat(locale, { numberingSystem: 'latn', maximumFractionDigits: 0 });
    const shift = new Intl.NumberFormat(locale, { numberingSystem: 'latn', minimumFractionDigits: 2, maximumFractionDigits: 3 });
    const signed = new Intl.NumberFormat(locale, { numberingSystem: 'latn', maximumFractionDigits: 0, signDisplay: 'exceptZero' });
    const percent = new Intl.NumberFormat(locale, { numberingSystem: 'latn', style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' });
    return { whole: (n: number) => whole.format(n), shift: (n: number) => shift.format(n), signed: (n: number) => signed.format(n), percent: (n: number) => percent.format(n) };
  }, [language]);
}

/** A chart's accessible form: its table, read by assistive technology always, shown on demand. */
function Figure({ title, caption, level = 2, chart, table }: { title: string; caption: ReactNode; level?: 2 | 3; chart: ReactNode; table: (captionText: string) => ReactNode }) {
  const t = useT();
  const id = useId();
  const [shown, setShown] = useState(false);
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    // Not a landmark (no name): the table, when shown, is the region named with the chart's title.
    <section className={level === 2 ? 'ops-card' : 'ops-panel'}>
      <Heading>{title}</Heading>
      <div className="ops-caption">{caption}</div>
      {chart}
      <button type="button" className="btn btn--link ops-table-toggle" aria-expanded={shown} aria-controls={`${id}-table`} onClick={() => setShown((s) => !s)}>
        {t(shown ? 'ops.table.hide' : 'ops.table.show')}
      </button>
      {/* Hidden only from sight while folded: a screen reader reads the table either way (the canvas is aria-hidden). */}
      {/* Focusable once shown: a table wider than a phone scrolls, keyboard users reach it too (WCAG 2.1.1). */}
      <div id={`${id}-table`} className={shown ? 'ops-table-wrap' : 'visually-hidden'} {...(shown ? { role: 'region', 'aria-label': title, tabIndex: 0 } : {})}>
        {table(title)}
      </div>
    </section>
  );
}

/** A value written as it is in either language (an error code): left to right, not translated. */
function AsWritten({ children }: { children: ReactNode }) {
  return (
    <bdi dir="ltr" translate="no">
      {children}
    </bdi>
  );
}

/** A step's short name (a chart's row). */
function useStepName(): (step: StepName) => string {
  const t = useT();
  return (step) => t(`ops.step.${step}`);
}

const stepOrder = (step: StepName) => STEP_NAMES.indexOf(step);
const NO_LINES: readonly ValueLine[] = [];

/** The funnel: visitors reaching each step, in flow order, with the change from the step before. */
export function FunnelFigure({ funnel }: { funnel: OpsSummary['funnel'] }) {
  const t = useT();
  const { dir } = useLanguage();
  const n = useNumbers();
  const stepName = useStepName();
  const rows = useMemo(
    () =>
      [...funnel]
        .sort((a, b) => stepOrder(a.step) - stepOrder(b.step))
        .map((row, i, all) => {
          const before = i > 0 ? all[i - 1]!.visitors : null;
          const change = before === null ? null : row.visitors - before;
          const share = before ? (change ?? 0) / before : null;
          return { ...row, change, share };
        }),
    [funnel],
  );
  const chart = useMemo(
    () => ({
      labels: rows.map((r) => stepName(r.step)),
      sets: [{ values: rows.map((r) => r.visitors), color: '--c-brand' }],
      valueLabels: rows.map((r) => (r.share === null ? n.whole(r.visitors) : `${n.whole(r.visitors)} · ${n.percent(r.share)}`)),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- stepName and n follow the language
    [rows, n],
  );
  return (
    <Figure
      title={t('ops.funnel.title')}
      caption={<p>{t('ops.funnel.caption')}</p>}
      chart={<BarChart {...chart} formatTick={n.whole} wholeTicks lines={NO_LINES} rtl={dir === 'rtl'} />}
      table={(caption) => (
        <table className="ops-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('ops.funnel.step')}</th>
              <th scope="col">{t('ops.funnel.visitors')}</th>
              <th scope="col">{t('ops.funnel.change')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.step}>
                <th scope="row">{stepName(r.step)}</th>
                <td>{n.whole(r.visitors)}</td>
                {/* Signed figures kept left to right: in an Arabic cell "-50 (-25%)" would read "(25%-) 50-". */}
                <td>{r.change === null ? '—' : <AsWritten>{r.share === null ? n.signed(r.change) : `${n.signed(r.change)} (${n.percent(r.share)})`}</AsWritten>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    />
  );
}

const RATING_COLOR: Readonly<Record<VitalRating, string>> = { good: '--c-success', needsImprovement: '--c-warning', poor: '--c-error' };
const RATINGS = Object.keys(RATING_COLOR) as VitalRating[];

/** One Web Vital's p75 per step, coloured by its rating, with the limits as dashed lines. */
function VitalPanel({ metric, vitals }: { metric: VitalMetric; vitals: OpsSummary['vitals'] }) {
  const t = useT();
  const { dir } = useLanguage();
  const n = useNumbers();
  const stepName = useStepName();
  const format = useMemo(() => (metric === 'CLS' ? n.shift : (v: number) => t('ops.unit.ms', { value: n.whole(v) })), [metric, n, t]);
  const rows = useMemo(
    () => vitals.filter((v) => v.metric === metric).sort((a, b) => stepOrder(a.step) - stepOrder(b.step)).map((v) => ({ ...v, rating: vitalRating(metric, v.p75) })),
    [vitals, metric],
  );
  const [good, poor] = VITAL_THRESHOLDS[metric];
  const chart = useMemo(
    () => ({
      labels: rows.map((r) => stepName(r.step)),
      sets: RATINGS.map((rating) => ({ values: rows.map((r) => (r.rating === rating ? r.p75 : null)), color: RATING_COLOR[rating] })),
      valueLabels: rows.map((r) => format(r.p75)),
      lines: [
        { value: good, color: '--c-success' },
        { value: poor, color: '--c-error' },
      ],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- stepName follows the language, as format does
    [rows, format, good, poor],
  );
  const limits = t('ops.vitals.limits', { good: format(good), poor: format(poor) });
  return (
    <Figure
      level={3}
      title={t(`ops.vitals.metric.${metric}`)}
      caption={<p>{limits}</p>}
      chart={rows.length ? <BarChart {...chart} formatTick={metric === 'CLS' ? n.shift : n.whole} rtl={dir === 'rtl'} /> : <p className="muted">{t('ops.vitals.none')}</p>}
      table={(caption) => (
        <table className="ops-table">
          <caption>
            {caption}. {limits}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('ops.vitals.step')}</th>
              <th scope="col">{t('ops.vitals.p75')}</th>
              <th scope="col">{t('ops.vitals.samples')}</th>
              <th scope="col">{t('ops.vitals.rating')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.step}>
                <th scope="row">{stepName(r.step)}</th>
                <td>{format(r.p75)}</td>
                <td>{n.whole(r.samples)}</td>
                <td>{t(`ops.vitals.${r.rating}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    />
  );
}

/** The p75 of LCP, INP and CLS per step: a panel each (their units and limits differ). */
export function VitalsFigure({ vitals }: { vitals: OpsSummary['vitals'] }) {
  const t = useT();
  return (
    <section className="ops-card">
      <h2>{t('ops.vitals.title')}</h2>
      <p className="ops-caption">{t('ops.vitals.caption')}</p>
      {VITAL_METRICS.map((metric) => (
        <VitalPanel key={metric} metric={metric} vitals={vitals} />
      ))}
    </section>
  );
}

// A left-to-right mark before a code drawn on the canvas: "-27" in a right-to-left canvas would read "27-".
const LRM = '\u200E';

/** Error pop-ups shown per code, most frequent first. */
export function ErrorsFigure({ errors }: { errors: OpsSummary['errors'] }) {
  const t = useT();
  const { dir } = useLanguage();
  const n = useNumbers();
  const chart = useMemo(
    () => ({
      labels: errors.map((e) => `${LRM}${e.code}`),
      sets: [{ values: errors.map((e) => e.count), color: '--c-accent' }],
      valueLabels: errors.map((e) => n.whole(e.count)),
    }),
    [errors, n],
  );
  if (errors.length === 0) {
    return (
      <section className="ops-card">
        <h2>{t('ops.errors.title')}</h2>
        <p>{t('ops.errors.none')}</p>
      </section>
    );
  }
  return (
    <Figure
      title={t('ops.errors.title')}
      caption={<p>{t('ops.errors.caption')}</p>}
      chart={<BarChart {...chart} formatTick={n.whole} wholeTicks lines={NO_LINES} rtl={dir === 'rtl'} />}
      table={(caption) => (
        <table className="ops-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('ops.errors.code')}</th>
              <th scope="col">{t('ops.errors.count')}</th>
            </tr>
          </thead>
          <tbody>
            {errors.map((e) => (
              <tr key={e.code}>
                <th scope="row">
                  <AsWritten>{e.code}</AsWritten>
                </th>
                <td>{n.whole(e.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    />
  );
}
