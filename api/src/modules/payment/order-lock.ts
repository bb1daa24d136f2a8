import type { PaymentDeps } from './deps';
import { PaymentOpenError } from './repository';
import type { Caller } from '../../platform/http/caller';
import type { DomainErrors } from '../../platform/http/error-handling';
import type { OrderLock } from '../../platform/http/order-lock';
import { paymentOpen } from '../../platform/http/http-error';
import { paymentSettlement } from './payment-settlement';

/**
 * "A paid order cannot change": while a payment of the visitor is open (started, not captured,
 * not ended at its provider), the plan and the number it is buying stay as they are. The routes
 * that change them ask here first; the provider is asked about the open payment, so one that
 * ended meanwhile (a 3-D Secure check failed or abandoned, a checkout expired) does not lock the
 * visitor out. The store checks again inside each write's transaction (PaymentOpenError,
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

/** A write the store refused inside its transaction because a payment opened meanwhile: the lock's 409 payment_open. */
export const orderLockErrors: DomainErrors = (error) => (error instanceof PaymentOpenError ? paymentOpen() : null);
