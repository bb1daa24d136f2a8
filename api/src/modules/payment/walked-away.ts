import type { Caller } from '../../platform/caller';
import type { PaymentDeps } from './deps';
import { chargeService } from './charge-service';
import { paymentSettlement } from './payment-settlement';

/**
 * A retail customer walked away (the shop device wiped them: idle, "End session", "Start over",
 * the staff sign-out): their counter payment still waiting on the shop's terminal is withdrawn
 * there, so the next customer's card, tapped on that terminal, cannot pay the last customer's
 * order. A payment the terminal approved meanwhile is captured instead (the order is paid, as
 * the customer saw on the terminal). Only counter payments: a card or instalment checkout belongs
 * to the customer's own card or phone, and ends with the provider's own expiry.
 */
export function walkedAwayPayments(ctx: PaymentDeps) {
  const charges = chargeService(ctx, paymentSettlement(ctx));
  return {
    async withdraw(caller: Caller): Promise<void> {
      const open = await ctx.repos.getOpenPayment(caller.uid);
      if (!open || open.method !== 'counter') return;
      try {
        await charges.cancel(caller, open.id);
      } catch (err) {
        // Not answered (the terminal down, a request not yet acknowledged): the terminal's own
        // expiry ends it; the wipe goes on.
        caller.log.warn({ err, payment: open.id }, 'a walked-away customer’s counter payment could not be withdrawn');
      }
    },
  };
}
