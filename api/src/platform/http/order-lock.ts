import type { Caller } from './caller';

/**
 * "A paid order cannot change": while a payment of the visitor is open, the plan and the number
 * it is buying stay as they are. The payment module implements it; the composition root gives it
 * to the routes that change the order (plan, product, number, transfer, flow status), which so
 * need not know the payment module.
 */
export interface OrderLock {
  /** Whether a payment of the caller is still open (asked at its provider). */
  isPaying(caller: Caller): Promise<boolean>;
  /** 409 payment_open ("Finish or cancel the payment first") while one is. */
  refuseWhilePaying(caller: Caller): Promise<void>;
}
