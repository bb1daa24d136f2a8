import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { amountToPay, canEditStep, formatAed, numberAtom, planInReviewAtom, ROUTES, savedPlanAtom, type FlowContext, type PhoneNumber, type PlanInReview, type SavedPlan } from '@join/shared';
import { useLanguage, useT } from '@join/shared/react';
import { Button, PhoneNumberText, PlanSpecs, Sheet } from '@join/shared/ui';
import { CloseActions } from './close-actions';

export interface Selection {
  /** The number shown: the flags are the truth, a hold that ran out elsewhere leaves it in the store. */
  number: PhoneNumber | null;
  plan: SavedPlan | null;
  /** The plan the plan step is reviewing while none is saved (not counted: not added yet). */
  reviewing: PlanInReview | null;
  /** What the cart button counts: the number, the plan and each booster. */
  count: number;
  /** Total incl. VAT, null while no plan is chosen. */
  total: number | null;
}

export function useSelection(ctx: FlowContext): Selection {
  const plan = useAtomValue(savedPlanAtom);
  const stored = useAtomValue(numberAtom);
  const inReview = useAtomValue(planInReviewAtom);
  const number = stored && ctx.flags.is_number_selected ? stored : null;
  const count = (number ? 1 : 0) + (plan ? 1 + plan.Boosters.length : 0);
  return { number, plan, reviewing: plan ? null : inReview, count, total: plan ? amountToPay(plan.PackagePrice) : null };
}

/** One line of the summary: what it is, what was chosen, and the edit control where its step allows it. */
function SummaryItem({ label, onEdit = null, children }: { label: string; onEdit?: (() => void) | null; children: ReactNode }) {
  const t = useT();
  return (
    <div className="summary__item">
      <dt>{label}</dt>
      <dd>
        {children}
        {onEdit ? (
          <Button variant="link" className="summary__edit" onClick={onEdit} aria-label={`${t('cart.edit')}: ${label}`}>
            {t('cart.edit')}
          </Button>
        ) : null}
      </dd>
    </div>
  );
}

/**
 * The order summary (SPEC 2 "summary panel"; DESIGN "always know what it costs"): number, plan
 * with its specs, boosters, discounts and the total incl. VAT, each item with an edit control
 * where its step allows it (canEditStep: never the plan of a VIP number). While the plan step
 * reviews a plan and none is saved, that plan shows as "added when you continue",
 * not "Nothing selected yet". The column on wide screens and the sheet on a phone both draw this.
 */
export function SummaryDetails({ ctx, onEdit }: { ctx: FlowContext; onEdit?: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const { language } = useLanguage();
  const { number, plan, reviewing, total } = useSelection(ctx);
  const edit = (to: string) => {
    onEdit?.();
    navigate(to);
  };
  if (!number && !plan && !reviewing) return <p className="summary__empty muted">{t('cart.empty')}</p>;
  const discount = plan ? plan.PackagePrice.Discounts.reduce((sum, d) => sum + d.Amount, 0) : 0;
  return (
    <>
      <dl className="summary">
        {number ? (
          <SummaryItem label={t('cart.number')} onEdit={canEditStep('number', ctx) ? () => edit(ROUTES.number) : null}>
            <PhoneNumberText className="summary__number" msisdn={number.InTransferTo ?? number.MSISDN} />
          </SummaryItem>
        ) : null}
        {plan ? (
          <SummaryItem label={t('cart.plan')} onEdit={canEditStep('plan', ctx) ? () => edit(ROUTES.planSelection) : null}>
            <strong>{plan.product.Name}</strong>
            <PlanSpecs plans={plan.Plans} />
          </SummaryItem>
        ) : null}
        {reviewing ? (
          // The plan on screen is not "nothing", nor in the cart yet.
          <SummaryItem label={t('cart.plan')}>
            <strong>{reviewing.name}</strong>
            <span className="summary__pending muted">{t('cart.inReview')}</span>
          </SummaryItem>
        ) : null}
        {plan && plan.Boosters.length > 0 ? (
          <SummaryItem label={t('summary.boosters')}>
            <ul className="summary__extras">
              {plan.Boosters.map((b) => (
                <li key={b.ID}>{b.Name}</li>
              ))}
            </ul>
          </SummaryItem>
        ) : null}
      </dl>
      {discount > 0 ? <p className="summary__discount">{t('cart.discounts', { amount: formatAed(discount, language) })}</p> : null}
      {total !== null ? (
        <p className="summary__total">
          <span>{t('summary.total')}</span>
          <strong className="summary__amount">{formatAed(total, language)}</strong>
        </p>
      ) : null}
    </>
  );
}

/** The summary one tap away: opened by the header's cart and by the phone's bottom bar. */
export function CartSummary({ open, onClose, ctx }: { open: boolean; onClose: () => void; ctx: FlowContext }) {
  const t = useT();
  return (
    <Sheet open={open} onClose={onClose} title={t('cart.title')} labelId="cart-title">
      <SummaryDetails ctx={ctx} onEdit={onClose} />
      <CloseActions onClose={onClose} />
    </Sheet>
  );
}
