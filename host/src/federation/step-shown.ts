import type { RemoteName } from '@join/shared';
import { queryClient } from '@join/shared/react';

/**
 * When a step is on the screen with its data: its remote has rendered (RemoteStep marks it) and
 * none of the page's queries is fetching. The next step's download waits for that, so that it
 * never competes with the step the visitor is waiting for (its chunks, then its data).
 */
const shown = new Set<RemoteName>();
const listeners = new Set<() => void>();

export function markStepShown(remote: RemoteName): void {
  if (shown.has(remote)) return;
  shown.add(remote);
  for (const listener of [...listeners]) listener();
}

/** Runs `work` once `remote` has rendered and no query is fetching; returns a cancel. */
export function whenStepSettled(remote: RemoteName, work: () => void, client = queryClient): () => void {
  let done = false;
  let stopQueries = () => undefined as void;
  const check = () => {
    if (done || !shown.has(remote) || client.isFetching() > 0) return;
    done = true;
    cancel();
    work();
  };
  const cancel = () => {
    listeners.delete(check);
    stopQueries();
  };
  listeners.add(check);
  stopQueries = client.getQueryCache().subscribe(() => queueMicrotask(check));
  check();
  return () => {
    done = true;
    cancel();
  };
}

/** Tests: forget what was shown. */
export function resetStepsShown(): void {
  shown.clear();
}
