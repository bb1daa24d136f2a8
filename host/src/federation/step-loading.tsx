import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { useT } from '@join/shared/react';
import { stepLoadingAtom } from '../shell/loading-atom';

/** The loading text of a step (LOADING_MESSAGE_{STEP}), announced politely. */
export function StepLoading({ loadingKey }: { loadingKey: string }) {
  const t = useT();
  const setLoading = useSetAtom(stepLoadingAtom);
  useEffect(() => {
    setLoading(true);
    return () => setLoading(false);
  }, [setLoading]);
  return (
    <div className="step-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {t(loadingKey)}
    </div>
  );
}
