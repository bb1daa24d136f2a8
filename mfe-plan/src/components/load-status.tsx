import { useT } from '@join/shared/react';
import { Button } from '@join/shared/ui';

/** What the load-status block needs of a query (a react-query result has all of it). */
export interface LoadState {
  data: unknown;
  isError: boolean;
  isFetching: boolean;
}

/** Loading while nothing is there yet (also when a retry runs after a failure). */
export const isLoading = (q: LoadState): boolean => q.data === undefined && q.isFetching;

/** What a page shows while its data loads, or when loading failed: the reason and a retry. */
export function LoadStatus({ state, failedText, onRetry }: { state: LoadState; failedText: string; onRetry: () => void }) {
  const t = useT();
  if (isLoading(state)) return <p role="status">{t('LOADING_MESSAGE_PLAN')}</p>;
  if (!state.isError) return null;
  return (
    <div role="alert" className="card">
      <p>{failedText}</p>
      <Button onClick={onRetry}>{t('common.retry')}</Button>
    </div>
  );
}
