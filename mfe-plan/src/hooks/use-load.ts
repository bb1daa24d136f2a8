import { useEffect, useState, type DependencyList } from 'react';
import { reportError } from '@join/shared';

export type Load<T> = { status: 'idle' } | { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: T };

/**
 * Loads data for a page: loading, then ready or error (the failure also goes to the error
 * pop-up). An answer that arrives after the inputs changed or the page left is dropped.
 * With no loader (null) the state is idle.
 */
export function useLoad<T>(load: (() => Promise<T>) | null, deps: DependencyList): Load<T> {
  const [state, setState] = useState<Load<T>>(load ? { status: 'loading' } : { status: 'idle' });
  // Bumped by the error pop-up's Retry: loads again.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!load) {
      setState({ status: 'idle' });
      return;
    }
    let live = true;
    let withdraw: () => void = () => undefined;
    setState({ status: 'loading' });
    load().then(
      (data) => live && setState({ status: 'ready', data }),
      (err: unknown) => {
        if (!live) return;
        setState({ status: 'error' });
        withdraw = reportError(err, { source: 'plan', actions: { retry: () => setAttempt((a) => a + 1) } });
      },
    );
    return () => {
      live = false;
      withdraw();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what the load depends on
  }, [...deps, attempt]);
  return state;
}
