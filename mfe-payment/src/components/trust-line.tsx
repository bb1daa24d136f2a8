import { Lock } from 'lucide';
import { useT } from '@join/shared/react';
import { Icon } from '@join/shared/ui';

/** DESIGN "Trust": a lock and where the card details go, beside the card form. */
export function TrustLine() {
  const t = useT();
  return (
    <p className="payment-trust">
      <Icon icon={Lock} className="payment-trust__icon" />
      <span>{t('payment.trust')}</span>
    </p>
  );
}
