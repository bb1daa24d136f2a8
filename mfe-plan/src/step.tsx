import { useState } from 'react';
import { useAtomValue } from 'jotai';
import {
  bizConfigAtom,
  Button,
  DEFAULT_VAT_PERCENTAGE,
  LiveRegion,
  MARKETING,
  reportError,
  savePlanSequence,
  savedPlanAtom,
  StepHeading,
  useT,
  type Product,
  type StepComponentProps,
} from '@join/shared';
import { PlanCard } from './components/plan-card';
import { useTouristProducts } from './hooks/use-tourist-products';

import './plan.css';

/** The plan selection step (/plan-selection): the tourist plans, sorted by plan net price. */
export default function PlanStep(_props: StepComponentProps) {
  const t = useT();
  const [attempt, setAttempt] = useState(0);
  const state = useTouristProducts(attempt);
  const config = useAtomValue(bizConfigAtom);
  const saved = useAtomValue(savedPlanAtom);
  const [saving, setSaving] = useState<number | null>(null);
  const vat = config.status === 'ready' ? config.config.vat_percentage : DEFAULT_VAT_PERCENTAGE;

  const choose = async (product: Product) => {
    setSaving(product.ProductCode);
    try {
      await savePlanSequence(product);
    } catch (err) {
      reportError(err, 'plan');
    } finally {
      setSaving(null);
    }
  };

  return (
    <section className="plan-step" aria-labelledby="step-heading" aria-busy={state.status === 'loading'}>
      <StepHeading>{t('STEP_TITLE_PLAN')}</StepHeading>
      <p>{t('plan.intro', { vat })}</p>
      <ul className="plan-facts">
        <li>{t('plan.moneyBack', { days: MARKETING.moneyBackDays })}</li>
        <li>{t('plan.delivery', { minutes: MARKETING.deliveryMinutes })}</li>
      </ul>
      {state.status === 'loading' ? <p role="status">{t('LOADING_MESSAGE_PLAN')}</p> : null}
      {state.status === 'error' ? (
        <div role="alert" className="card">
          <p>{t('plan.loadFailed')}</p>
          <Button onClick={() => setAttempt((a) => a + 1)}>{t('common.retry')}</Button>
        </div>
      ) : null}
      {state.status === 'ready' ? (
        <ul className="plan-list" aria-label={t('STEP_TITLE_PLAN')}>
          {state.products.map((p) => (
            <PlanCard
              key={p.ProductCode}
              product={p}
              vatPercentage={vat}
              selected={saved?.product.ProductCode === p.ProductCode}
              busy={saving === p.ProductCode}
              disabled={saving !== null}
              onChoose={() => void choose(p)}
            />
          ))}
        </ul>
      ) : null}
      <LiveRegion message={saving !== null ? t('plan.saving') : ''} />
    </section>
  );
}
