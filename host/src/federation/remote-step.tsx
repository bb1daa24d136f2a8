import { lazy, Suspense, useMemo, useState, useEffect } from 'react';
import type { RemoteName } from '@join/shared';
import { useT } from '@join/shared/react';
import { StepHeading } from '@join/shared/ui';
import { hasRemote, loadStepModule, preloadedByPage } from './remotes';
import { RemoteUnavailable } from './remote-unavailable';
import { StepBoundary } from './step-boundary';
import { KernelMismatchError } from './kernel-compat';
import { StepLoading } from './step-loading';
import { markStepShown } from './step-shown';
import { releaseFirstScreen } from '../start/first-screen';

/**
 * Renders one step from its remote, inside the three containment layers: retried fetches
 * and a fallback module (runtime plugins), then this error boundary. Retry loads again.
 */
export function RemoteStep({ remote, route, loadingKey, titleKey }: { remote: RemoteName; route: string; loadingKey: string; titleKey: string }) {
  const [attempt, setAttempt] = useState(0);
  const [listed, setListed] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    hasRemote(remote).then(
      (l) => live && setListed(l),
      () => live && setListed(true), // the list itself failed: let the loader show the retry
    );
    return () => {
      live = false;
    };
  }, [remote, attempt]);

  const Step = useMemo(() => lazy(() => loadStepModule(remote, attempt)), [remote, attempt]);
  const retry = () =>
    void preloadedByPage(remote).then((preloaded) => (preloaded ? window.location.reload() : setAttempt((a) => a + 1)));

  if (listed === null) return <StepLoading loadingKey={loadingKey} />;
  if (!listed) return <ComingSoon titleKey={titleKey} />;
  return (
    <StepBoundary resetKey={`${remote}:${attempt}`} fallback={(_reset, error) => (
        <RemoteUnavailable route={route} onRetry={retry} reason={error instanceof KernelMismatchError ? 'incompatible' : 'failed'} />
      )}>
      <Suspense fallback={<StepLoading loadingKey={loadingKey} />}>
        <Step route={route} onRetry={retry} />
        <Shown remote={remote} />
      </Suspense>
    </StepBoundary>
  );
}

/** Rendered beside the step inside its Suspense: its effect runs once the step itself has rendered. */
function Shown({ remote }: { remote: RemoteName }) {
  useEffect(() => markStepShown(remote), [remote]);
  return null;
}

/** A step of the flow whose module is not registered or not deployed in this product yet. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const t = useT();
  useEffect(() => releaseFirstScreen(), []);
  return (
    <section className="card">
      <StepHeading>{t(titleKey)}</StepHeading>
      <p>{t('step.unavailable.text')}</p>
    </section>
  );
}
