import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { formatAed, formatSubPlan, MARKETING, ROUTES, savedPlanAtom, startParamsAtom, store, type Product, type SubPlan, type SubPlanType, dropStartParams } from '@join/shared';
import { useLanguage, useAmountText, useT } from '@join/shared/react';
import { Button, StepHeading } from '@join/shared/ui';
import { ANNUAL_OFFER_PRODUCT_CODE } from '@join/shared/plans';
import { api } from '../api/endpoints';
import { ChoicePanel } from '../components/choice-panel';
import { isLoading, LoadStatus } from '../components/load-status';
import { planKeys } from '../api/query-keys';
import { go, PLAN_START_PARAMS } from '../navigation';
import { choiceIds, initialBuilderChoice, startSelection, type BuilderChoice } from '../plan-rules';

const TYPES: readonly SubPlanType[] = ['DATA', 'VOICE-LCL', 'VOICE-INT'];
const LEGEND: Record<SubPlanType, string> = { DATA: 'plan.data', 'VOICE-LCL': 'plan.local', 'VOICE-INT': 'plan.international' };

/** A customizable product and its options, from /products/available_plans. */
async function loadBuilder(productCode: number): Promise<{ product: Product; options: SubPlan[] }> {
  const { products } = await api.getPlanOptions([productCode]);
  const entry = products.find((p) => p.product_code === productCode);
  if (!entry) throw new Error(`product ${productCode} is not offered`);
  return { product: entry.product, options: entry.plans };
}

/**
 * /plan-selection/custom-plan and /plan-selection/annual-offer: one option per type from
 * /products/available_plans, the live price from the server, then the same review and save as
 * any plan. The annual offer is a 12-month commitment with its saving.
 */
export function BuilderPage({ productCode }: { productCode: number }) {
  const t = useT();
  const amount = useAmountText();
  const { language } = useLanguage();
  const saved = useAtomValue(savedPlanAtom);
  const annual = productCode === ANNUAL_OFFER_PRODUCT_CODE;
  const loaded = useQuery({ queryKey: planKeys.builder(productCode), queryFn: () => loadBuilder(productCode), meta: { errorSource: 'plan' } });
  const [choice, setChoice] = useState<BuilderChoice>({});

  // The first choice: preset ids of the start link, else the saved plan's options, else the cheapest.
  useEffect(() => {
    if (!loaded.data) return;
    const start = startSelection(store.get(startParamsAtom));
    const preset = start.kind === 'builder' && start.productCode === productCode ? start.presetIds : [];
    if (start.kind !== 'none') dropStartParams(PLAN_START_PARAMS);
    const fromSaved = saved?.product.ProductCode === productCode ? saved.Plans.map((p) => p.ID) : [];
    setChoice(initialBuilderChoice(loaded.data.options, preset.length ? preset : fromSaved));
    // The saved plan only seeds the first choice; later changes to it do not reset the builder.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded.data]);

  const title = annual ? t('builder.annualTitle') : t('builder.customTitle');
  const perPeriod = (price: number) =>
    annual ? t('builder.perYear', { price: formatAed(price, language) }) : t('builder.perMonth', { price: formatAed(price, language) });

  return (
    <section className="plan-step plan-builder" aria-labelledby="step-heading" aria-busy={isLoading(loaded)}>
      <StepHeading>{title}</StepHeading>
      <Button variant="link" onClick={() => go(ROUTES.planSelection)}>
        {t('builder.back')}
      </Button>
      <p>{t('builder.intro')}</p>
      {annual ? <p>{t('builder.annualIntro', { percent: MARKETING.commitmentSavings[12] })}</p> : null}
      <LoadStatus state={loaded} failedText={t('builder.loadFailed')} onRetry={() => void loaded.refetch()} />
      {loaded.data ? (
        <>
          {TYPES.map((type) => {
            const options = loaded.data.options.filter((o) => o.Type === type);
            if (options.length === 0) return null;
            const optional = type === 'VOICE-INT';
            return (
              <fieldset key={type}>
                <legend>{t(LEGEND[type])}</legend>
                <div className="plan-choice__options">
                  {optional ? (
                    <label className="plan-choice__option">
                      <input
                        type="radio"
                        name={`builder-${type}`}
                        checked={choice[type] === undefined}
                        onChange={() => setChoice(({ [type]: _gone, ...rest }) => rest)}
                      />
                      {t('builder.none')}
                    </label>
                  ) : null}
                  {options.map((o) => {
                    const f = formatSubPlan(o);
                    return (
                      <label key={o.ID} className="plan-choice__option">
                        <input
                          type="radio"
                          name={`builder-${type}`}
                          value={o.ID}
                          checked={choice[type] === o.ID}
                          onChange={() => setChoice((c) => ({ ...c, [type]: o.ID }))}
                        />
                        <span>
                          {amount(f)}{' '}
                          <span className="muted">{o.NetPrice !== null ? perPeriod(o.NetPrice) : ''}</span>
                        </span>
                      </label>
                    );
                  })}
                </div>
              </fieldset>
            );
          })}
          {choiceIds(choice).length > 0 ? <ChoicePanel product={loaded.data.product} planIds={choiceIds(choice)} /> : null}
        </>
      ) : null}
    </section>
  );
}
