import { lazy, Suspense } from 'react';
import { MARKETING, type PhoneNumber } from '@join/shared';
import { useT } from '@join/shared/react';
import { Button, Modal, PhoneNumberText } from '@join/shared/ui';
import { tierOf } from '../hold';

// The tier's plan prices (and the plan domain they call) load with the confirmation.
const VipTierPrices = lazy(() => import('./vip-tier-prices').then((m) => ({ default: m.VipTierPrices })));

/**
 * Choosing a VIP number needs a confirmation (SPEC 4): it comes with a VIP plan, whose prices
 * (total for the term and monthly share) are shown before the visitor says yes.
 */
export function VipConfirm({
  number,
  busy,
  onConfirm,
  onCancel,
}: {
  number: PhoneNumber | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const tier = number ? tierOf(number.VanityLevelId) : null;
  return (
    <Modal
      open={Boolean(number)}
      onClose={onCancel}
      title={t('vip.confirmTitle', { tier: tier ? t(`tier.${tier}`) : '' })}
      labelId="vip-confirm-title"
      describedBy="vip-confirm-text"
    >
      {number ? (
        <>
          <p className="number-display" dir="ltr">
            <PhoneNumberText msisdn={number.MSISDN} />
          </p>
          <p id="vip-confirm-text">{t('vip.confirmText', { count: MARKETING.vipPlanMonths })}</p>
          <Suspense fallback={<p role="status">{t('vip.pricesLoading')}</p>}>
            <VipTierPrices vanityLevelId={number.VanityLevelId} />
          </Suspense>
          <div className="modal__actions">
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button onClick={onConfirm} busy={busy}>
              {t('vip.confirm')}
            </Button>
          </div>
        </>
      ) : null}
    </Modal>
  );
}
