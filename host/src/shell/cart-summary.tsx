import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { amountToPay, canEditStep, formatAed, numberAtom, planInReviewAtom, ROUTES, savedPlanAtom, type FlowContext, type PhoneNumber, type PlanInReview, type SavedPlan } from '@join/shared';
import { useLanguage, useT } from '@join/shared/react';
import { Button, PhoneNumberText, PlanSpecs, Sheet } from '@join/shared/ui';

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
          <div className="summary__item">
            <dt>{t('cart.number')}</dt>
            <dd>
              <PhoneNumberText className="summary__number" msisdn={number.InTransferTo ?? number.MSISDN} />
              {canEditStep('number', ctx) ? (
                <Button variant="link" className="summary__edit" onClick={() => edit(ROUTES.number)} aria-label={`${t('cart.edit')}: ${t('cart.number')}`}>
                  {t('cart.edit')}
                </Button>
              ) : null}
            </dd>
          </div>
        ) : null}
        {plan ? (
          <div className="summary__item">
            <dt>{t('cart.plan')}</dt>
            <dd>
              <strong>{plan.product.Name}</strong>
              <PlanSpecs plans={plan.Plans} />
              {canEditStep('plan', ctx) ? (
                <Button variant="link" className="summary__edit" onClick={() => edit(ROUTES.planSelection)} aria-label={`${t('cart.edit')}: ${t('cart.plan')}`}>
                  {t('cart.edit')}
                </Button>
              ) : null}
            </dd>
          </div>
        ) : null}
        {reviewing ? (
          // The plan on screen is not "nothing", nor in the cart yet.
          <div className="summary__item">
            <dt>{t('cart.plan')}</dt>
            <dd>
              <strong>{reviewing.name}</strong>
              <span className="summary__pending muted">{t('cart.inReview')}</span>
            </dd>
          </div>
        ) : null}
        {plan && plan.Boosters.length > 0 ? (
          <div className="summary__item">
            <dt>{t('summary.boosters')}</dt>
            <dd>
              <ul className="summary__extras">
                {plan.Boosters.map((b) => (
                  <li key={b.ID}>{b.Name}</li>
                ))}
              </ul>
            </dd>
          </div>
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
      <div className="modal__actions">
        <Button variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
      </div>
    </Sheet>
  );
}
