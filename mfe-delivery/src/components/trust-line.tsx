import { Truck } from 'lucide';
import { useT } from '@join/shared/react';
import { Icon } from '@join/shared/ui';
import { DELIVERY_PROMISE_MINUTES } from '@join/shared/delivery';

/** DESIGN "Trust": the 60-minute promise and cash on delivery, beside the delivery step. */
export function TrustLine() {
  const t = useT();
  return (
    <p className="delivery-trust">
      <Icon icon={Truck} className="delivery-trust__icon" />
      <span>{t('delivery.trust', { count: DELIVERY_PROMISE_MINUTES })}</span>
    </p>
  );
}
