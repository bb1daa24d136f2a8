import { Button, StepHeading, useT, type StepComponentProps } from '@join/shared';

/** What a step shows when its remote cannot load: clear, announced, retryable. */
export function RemoteUnavailable({ onRetry }: StepComponentProps) {
  const t = useT();
  return (
    <section className="card remote-unavailable" aria-labelledby="step-heading">
      <StepHeading>{t('remote.failed.title')}</StepHeading>
      <p role="alert">{t('remote.failed.text')}</p>
      {onRetry ? <Button onClick={onRetry}>{t('common.retry')}</Button> : null}
    </section>
  );
}
