import { useT } from '@join/shared/react';
import { StepLoading } from '@join/shared/display';

/** The step's skeleton while its data loads (the shared StepLoading), with the step's loading text. */
export function Loading() {
  const t = useT();
  return <StepLoading label={t('LOADING_MESSAGE_PAYMENT')} className="payment-loading" shapes={['card', 'text', 'block']} />;
}
