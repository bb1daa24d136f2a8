import { formatSubPlan, sortSubPlans } from '../format/format';
import { useT } from '../react/use-t';
import type { SubPlan } from '../schemas/entities';

const LABEL: Record<SubPlan['Type'], string> = {
  DATA: 'plan.data',
  'VOICE-LCL': 'plan.local',
  'VOICE-INT': 'plan.international',
};

/** Sub-plans in the order DATA, VOICE-LCL, VOICE-INT with formatted values. */
export function PlanSpecs({ plans }: { plans: readonly SubPlan[] }) {
  const t = useT();
  return (
    <ul className="plan-specs">
      {sortSubPlans(plans).map((p) => {
        const f = formatSubPlan(p);
        return (
          <li key={p.ID}>
            {t(LABEL[p.Type])}: {f.vmo_ValueFormatted} {f.UnitFormatted}
          </li>
        );
      })}
    </ul>
  );
}
