import { formatSubPlan, formatSubPlanTotal, sortSubPlans } from '../format/format';
import { useAmountText, useT } from '../react/use-t';
import type { SubPlan } from '../schemas/entities';

const LABEL: Record<SubPlan['Type'], string> = {
  DATA: 'plan.data',
  'VOICE-LCL': 'plan.local',
  'VOICE-INT': 'plan.international',
};

/**
 * Sub-plans in the order DATA, VOICE-LCL, VOICE-INT with formatted values: data in 1024 steps,
 * minutes (a daily voice allowance times the validity days), Unlimited for -1, and the daily
 * allowance where there is one.
 */
export function PlanSpecs({ plans }: { plans: readonly SubPlan[] }) {
  const t = useT();
  const amount = useAmountText();
  return (
    <ul className="plan-specs">
      {sortSubPlans(plans).map((p) => {
        const daily =
          p.DailyAllowanceValue !== null && p.DailyAllowanceValue > 0 ? amount(formatSubPlan({ Type: p.Type, Value: p.DailyAllowanceValue })) : null;
        return (
          <li key={p.ID}>
            {t(LABEL[p.Type])}: {amount(formatSubPlanTotal(p))}
            {daily ? <span className="muted"> ({t('plan.daily', { value: daily })})</span> : null}
          </li>
        );
      })}
    </ul>
  );
}
