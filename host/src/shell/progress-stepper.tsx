import { Check } from 'lucide';
import { flowProgress, type FlowContext } from '@join/shared';
import { useT } from '@join/shared/react';
import { Icon } from '@join/shared/ui';

/**
 * The stepper under the header (DESIGN "always know where you are"), drawn from the flow
 * contract's flowProgress: on wide screens the five stages every path has (plan, number,
 * account, identity, checkout: the total never moves under the visitor) as an
 * ordered list (done ones ticked and said "completed" to screen readers, the current one
 * aria-current="step"); on a phone "Step 4 of 5 · Check your location" (the screen's own
 * title) over a thin bar. CSS shows one form or the other,
 * so assistive technology reads only the one on screen. Both sit in a region landmark named
 * "Your progress" (axe's `region`, the count and the list were outside any landmark);
 * a region, not a nav: the steps are not links.
 *
 * Nothing is drawn where flowProgress gives null: the root, exception routes (BNPL returns,
 * contract request), unknown paths, the thank-you page (the flow is over there: a full
 * stepper of ticks adds nothing to "thank you") and a step this visitor does not take.
 * Full-page error and maintenance screens replace the shell, so no stepper shows there either.
 */
export function ProgressStepper({ pathname, ctx, label }: { pathname: string; ctx: FlowContext; label?: string }) {
  const t = useT();
  const progress = flowProgress(ctx, pathname);
  if (!progress) return null;
  const { steps, position, total, current } = progress;
  return (
    <section className="stepper" aria-label={label ?? t('progress.label')}>
      <ol className="stepper__list">
        {steps.map((s, i) => (
          <li key={s.name} className={`stepper__item stepper__item--${s.mark}`} aria-current={s.mark === 'current' ? 'step' : undefined}>
            <span className="stepper__mark" aria-hidden="true">
              {s.mark === 'done' ? <Icon icon={Check} size="1rem" /> : i + 1}
            </span>
            <span className="stepper__name">{t(s.labelKey)}</span>
            {s.mark === 'done' ? <span className="visually-hidden">({t('progress.done')})</span> : null}
          </li>
        ))}
      </ol>
      <div className="stepper__compact">
        <p className="stepper__text">
          <span className="stepper__count">{t('app.stepOf', { n: position, total })}</span>
          <span aria-hidden="true"> · </span>
          <span className="stepper__current">{t(current.titleKey)}</span>
        </p>
        <progress className="stepper__bar" value={position} max={total} aria-hidden="true" />
      </div>
    </section>
  );
}
