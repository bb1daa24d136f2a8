import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import {
  amountToPay,
  Button,
  canEditStep,
  formatAed,
  formatMsisdn,
  Modal,
  numberAtom,
  PlanSpecs,
  ROUTES,
  savedPlanAtom,
  useLanguage,
  useT,
  type FlowContext,
} from '@join/shared';


/** The summary panel (SPEC 2): number, plan specs; each with an edit control when its step allows it (canEditStep: never the plan of a VIP number). */
export function CartSummary({ open, onClose, ctx }: { open: boolean; onClose: () => void; ctx: FlowContext }) {
  const t = useT();
  const navigate = useNavigate();
  const { language } = useLanguage();
  const plan = useAtomValue(savedPlanAtom);
  const number = useAtomValue(numberAtom);
  const edit = (to: string) => {
    onClose();
    navigate(to);
  };
  return (
    <Modal open={open} onClose={onClose} title={t('cart.title')} labelId="cart-title">
      <dl className="summary">
        {/* The flags are the truth: a hold that ran out elsewhere leaves the number in the store. */}
        {number && ctx.flags.is_number_selected ? (
          <div className="summary__item">
            <dt>{t('cart.number')}</dt>
            <dd>
              <span dir="ltr">{formatMsisdn(number.InTransferTo ?? number.MSISDN)}</span>
              {canEditStep('number', ctx) ? (
                <Button variant="link" onClick={() => edit(ROUTES.number)} aria-label={`${t('cart.edit')}: ${t('cart.number')}`}>
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
              {plan.Boosters.length > 0 ? (
                <ul className="summary__extras">
                  {plan.Boosters.map((b) => (
                    <li key={b.ID}>{b.Name}</li>
                  ))}
                </ul>
              ) : null}
              {plan.PackagePrice.Discounts.length > 0 ? (
                <span className="summary__discount">
                  {t('cart.discounts', { amount: formatAed(plan.PackagePrice.Discounts.reduce((sum, d) => sum + d.Amount, 0), language) })}
                </span>
              ) : null}
              <span>
                {formatAed(amountToPay(plan.PackagePrice), language)} {t('plan.priceInclVat', { vat: plan.PackagePrice.VATPercentage })}
              </span>
              {canEditStep('plan', ctx) ? (
                <Button variant="link" onClick={() => edit(ROUTES.planSelection)} aria-label={`${t('cart.edit')}: ${t('cart.plan')}`}>
                  {t('cart.edit')}
                </Button>
              ) : null}
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="modal__actions">
        <Button variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
      </div>
    </Modal>
  );
}
