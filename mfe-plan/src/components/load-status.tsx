import { Button, useT } from '@join/shared';
import type { Load } from '../hooks/use-load';

/** What a page shows while its data loads, or when loading failed: the reason and a retry. */
export function LoadStatus({ state, failedText, onRetry }: { state: Load<unknown>; failedText: string; onRetry: () => void }) {
  const t = useT();
  if (state.status === 'loading') return <p role="status">{t('LOADING_MESSAGE_PLAN')}</p>;
  if (state.status !== 'error') return null;
  return (
    <div role="alert" className="card">
      <p>{failedText}</p>
      <Button onClick={onRetry}>{t('common.retry')}</Button>
    </div>
  );
}
