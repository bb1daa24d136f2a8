import type { PaymentDeps } from './deps';
import type { Caller } from '../../platform/caller';
import { paymentOpen, type OrderLock } from '../../platform/order-lock';
import { paymentSettlement } from './payment-settlement';

/**
 * "A paid order cannot change": while a payment of the visitor is open (started, not captured,
 * not ended at its provider), the plan and the number it is buying stay as they are. The routes
 * that change them ask here first; the provider is asked about the open payment, so one that
 * ended meanwhile (a 3-D Secure check failed or abandoned, a checkout expired) does not lock the
 * visitor out. The repository checks again inside each write's transaction (PaymentOpenError,
 * payment_open results), so a change racing a payment's start cannot slip through either.
 */
export function orderLock(ctx: PaymentDeps): OrderLock {
  const settlement = paymentSettlement(ctx);
  return {
    async isPaying(caller: Caller): Promise<boolean> {
      return (await settlement.openPaymentOf(caller, caller.uid)) !== null;
    },
    async refuseWhilePaying(caller: Caller): Promise<void> {
      if (await settlement.openPaymentOf(caller, caller.uid)) throw paymentOpen();
    },
  };
}
