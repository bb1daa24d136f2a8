import { useEffect, useRef, useState } from 'react';
import { ROUTES, type StepActions } from '@join/shared';
import type { PaymentResult } from '@join/shared/payment';
import { endKey, keyFor } from '../attempts';
import { raise, serverAnswered } from '../errors';
import { go, hashParam, leaveFor } from '../navigation';

/** The payment ids the API makes (schemas.ts CardConfirmBody): anything else in the address is not sent. */
const PAYMENT_ID = /^pay_[A-Za-z0-9]{8,64}$/;

export type ReturnState = 'confirming' | 'missing' | 'failed';

/**
 * A provider's page sent the browser back (3-D Secure to /payment/payfort_token, the BNPL
 * checkout to /spotii-success or /spotii-fail) with ?payment=<id>. The address proves nothing:
 * the server asks the provider (confirm). The key is kept per payment id, so a reload of this
 * page confirms with the same key. Paid: the confirmation. A decline: the catalogue pop-up with
 * `declined`'s buttons, and back to `backTo`. No answer (network): the pop-up's Retry confirms again.
 */
export function useReturn({
  scope,
  confirm,
  declined,
  backTo,
  onPaid,
}: {
  scope: string;
  confirm: (paymentId: string, key: string) => Promise<PaymentResult>;
  declined: StepActions;
  backTo: string;
  onPaid?: () => void;
}): ReturnState {
  const [paymentId] = useState(() => hashParam('payment'));
  const valid = paymentId !== null && PAYMENT_ID.test(paymentId);
  const [state, setState] = useState<ReturnState>(valid ? 'confirming' : 'missing');
  const started = useRef(false);
  const withdraws = useRef<(() => void)[]>([]);
  const args = useRef({ confirm, declined, backTo, onPaid, scope });

  useEffect(() => {
    if (!valid || started.current) return;
    started.current = true;
    const { confirm: call, declined: actions, backTo: back, onPaid: paid, scope: s } = args.current;
    const id = paymentId;
    const run = async (): Promise<void> => {
      setState('confirming');
      const key = keyFor(`${s}.${id}`);
      try {
        const result = await call(id, key);
        endKey(`${s}.${id}`);
        if (result.status === 'paid') {
          paid?.();
          go(ROUTES.paymentConfirmation);
          return;
        }
        // Another challenge on the provider's page.
        leaveFor(result.action_url);
      } catch (err) {
        if (serverAnswered(err)) {
          endKey(`${s}.${id}`);
          // Navigation only: these stay live after this screen is gone.
          raise(err, actions);
          go(back);
          return;
        }
        setState('failed');
        withdraws.current.push(raise(err, { retry: run }));
      }
    };
    void run();
    const list = withdraws.current;
    return () => list.forEach((w) => w());
  }, [paymentId, valid]);

  return state;
}
