import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import {
  bizConfigAtom,
  Button,
  canEditPlan,
  DEFAULT_VAT_PERCENTAGE,
  formatAed,
  formatMsisdn,
  isRouteAllowed,
  Modal,
  numberAtom,
  PlanSpecs,
  ROUTES,
  savedPlanAtom,
  useLanguage,
  useT,
  type FlowContext,
} from '@join/shared';


/** The summary panel (SPEC 2): number, plan specs; each with an edit control when allowed. */
export function CartSummary({ open, onClose, ctx }: { open: boolean; onClose: () => void; ctx: FlowContext }) {
  const t = useT();
  const navigate = useNavigate();
  const { language } = useLanguage();
  const plan = useAtomValue(savedPlanAtom);
  const number = useAtomValue(numberAtom);
  const config = useAtomValue(bizConfigAtom);
  const vat = config.status === 'ready' ? config.config.vat_percentage : DEFAULT_VAT_PERCENTAGE;
  const edit = (to: string) => {
    onClose();
    navigate(to);
  };
  return (
    <Modal open={open} onClose={onClose} title={t('cart.title')} labelId="cart-title">
      <dl className="summary">
        {number ? (
          <div className="summary__item">
            <dt>{t('cart.number')}</dt>
            <dd>
              <span dir="ltr">{formatMsisdn(number.InTransferTo ?? number.MSISDN)}</span>
              {isRouteAllowed(ROUTES.number, ctx) ? (
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
              <span>{formatAed(plan.PackagePrice.NetPrice + plan.PackagePrice.VATAmount, language)} {t('plan.priceInclVat', { vat })}</span>
              {canEditPlan(ctx) && isRouteAllowed(ROUTES.planSelection, ctx) ? (
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
