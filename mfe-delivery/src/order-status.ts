import { DELIVERY_STATUSES, ESIM_STATUSES, FINAL_ORDER_STATUSES, PICKUP_STATUSES, type Order, type OrderStatus } from '@join/shared/delivery';

/** How often the thank-you page asks for the order while it can still change. */
export const ORDER_POLL_MS = 3_000;

/** The statuses an order goes through, in order, by its kind. */
export function statusesOf(kind: Order['kind']): readonly OrderStatus[] {
  return kind === 'delivery' ? DELIVERY_STATUSES : kind === 'pickup' ? PICKUP_STATUSES : ESIM_STATUSES;
}

export const isFinal = (status: OrderStatus): boolean => FINAL_ORDER_STATUSES.includes(status);
