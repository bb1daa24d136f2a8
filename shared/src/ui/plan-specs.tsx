import { CalendarDays, Gift, Globe, Phone, ShieldCheck, Sparkles, Truck, Wifi, type IconNode } from 'lucide';
import { formatSubPlan, formatSubPlanTotal, sortSubPlans, type SubPlan } from '@join/shared';
import { useAmountText, useT } from '@join/shared/react';
import { Icon } from './icon';

const LABEL: Record<SubPlan['Type'], string> = {
  DATA: 'plan.data',
  'VOICE-LCL': 'plan.local',
  'VOICE-INT': 'plan.international',
};

/**
 * The icons of a plan (DESIGN.md "Icons"): the allowances (data, local and international calls),
 * validity, the "Recommended" ribbon and the trust marks beside the plans. In the kernel so the
 * plan and number steps draw them without each bundling the icon set's runtime.
 */
export const PLAN_ICONS = {
  DATA: Wifi,
  'VOICE-LCL': Phone,
  'VOICE-INT': Globe,
  validity: CalendarDays,
  recommended: Sparkles,
  moneyBack: ShieldCheck,
  delivery: Truck,
  referral: Gift,
} as const satisfies Readonly<Record<string, IconNode>>;

/**
 * Sub-plans in the order DATA, VOICE-LCL, VOICE-INT with formatted values: data in 1024 steps,
 * minutes (a daily voice allowance times the validity days), Unlimited for -1, and the daily
 * allowance where there is one. Each line starts with its (decorative) icon; the words say it.
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
          <li key={p.ID} data-type={p.Type}>
            <Icon icon={PLAN_ICONS[p.Type]} className="plan-specs__icon" />
            <span>
              {t(LABEL[p.Type])}: {amount(formatSubPlanTotal(p))}
              {daily ? <span className="muted"> ({t('plan.daily', { value: daily })})</span> : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
