import { Lock } from 'lucide';
import { useT } from '@join/shared/react';
import { TrustLine as SharedTrustLine } from '@join/shared/display';

/** DESIGN "Trust": a lock and where the card details go, beside the card form. */
export function TrustLine() {
  const t = useT();
  return <SharedTrustLine icon={Lock} text={t('payment.trust')} className="payment-trust" />;
}
