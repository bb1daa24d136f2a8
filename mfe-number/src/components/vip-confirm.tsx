import { Button, formatMsisdn, MARKETING, Modal, useT, type PhoneNumber } from '@join/shared';
import { tierOf } from '../hold';

/** Choosing a VIP number needs a confirmation (SPEC 4): it comes with a VIP plan. */
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
            {formatMsisdn(number.MSISDN)}
          </p>
          <p id="vip-confirm-text">{t('vip.confirmText', { count: MARKETING.vipPlanMonths })}</p>
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
