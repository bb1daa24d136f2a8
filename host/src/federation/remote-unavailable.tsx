import { useEffect } from 'react';
import type { StepComponentProps } from '@join/shared';
import { useT } from '@join/shared/react';
import { Button, StepHeading } from '@join/shared/ui';
import { releaseFirstScreen } from '../start/first-screen';

/**
 * What a step shows when its remote cannot load: clear, announced, retryable. A remote refused
 * for its kernel range is being redeployed, not a connection problem: it says so.
 */
export function RemoteUnavailable({ onRetry, reason = 'failed' }: StepComponentProps & { reason?: 'failed' | 'incompatible' }) {
  // The step will not come: the page shows this instead of the server's first screen.
  useEffect(() => releaseFirstScreen(), []);
  const t = useT();
  return (
    <section className="card remote-unavailable" aria-labelledby="step-heading">
      <StepHeading>{t('remote.failed.title')}</StepHeading>
      <p role="alert">{t(reason === 'incompatible' ? 'remote.incompatible.text' : 'remote.failed.text')}</p>
      {onRetry ? <Button onClick={onRetry}>{t('common.retry')}</Button> : null}
    </section>
  );
}
