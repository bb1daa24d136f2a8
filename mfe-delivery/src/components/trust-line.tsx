import { Truck } from 'lucide';
import { useT } from '@join/shared/react';
import { DELIVERY_PROMISE_MINUTES } from '@join/shared/delivery';
import { TrustLine as SharedTrustLine } from '@join/shared/display';

/** DESIGN "Trust": the 60-minute promise and cash on delivery, beside the delivery step. */
export function TrustLine() {
  const t = useT();
  return <SharedTrustLine icon={Truck} text={t('delivery.trust', { count: DELIVERY_PROMISE_MINUTES })} className="delivery-trust" />;
}
