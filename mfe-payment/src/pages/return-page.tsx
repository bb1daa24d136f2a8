import { ROUTES } from '@join/shared';
import { useFocusStepHeading, useT } from '@join/shared/react';
import { Alert, Button, StepHeading } from '@join/shared/ui';
import type { ReturnState } from '../hooks/use-return';
import { go } from '../navigation';

/** What a return page shows while the server confirms with the provider: progress, announced. */
export function ReturnView({ state, title, back = ROUTES.payment }: { state: ReturnState; title: string; back?: string }) {
  const t = useT();
  useFocusStepHeading(state);
  return (
    <section className="payment payment-return" aria-labelledby="step-heading">
      <StepHeading>{title}</StepHeading>
      {state === 'missing' ? (
        <Alert
          tone="error"
          actions={
            <Button variant="secondary" onClick={() => go(back)}>
              {t('payment.return.back')}
            </Button>
          }
        >
          <p>{t('payment.return.missing')}</p>
        </Alert>
      ) : (
        <p className="payment-progress" role="status" aria-busy={state === 'confirming'}>
          {state === 'confirming' ? <span className="btn__spinner payment-progress__spinner" aria-hidden="true" /> : null}
          {t('payment.confirming')}
        </p>
      )}
    </section>
  );
}
