import { useCallback, useState } from 'react';
import { reportError } from '@join/shared';

/**
 * One action at a time: marks which one is running (for busy buttons), reports a failure as
 * the catalogue pop-up, and lets the caller react to it (for example, offer another number).
 */
export function useBusyRun<K extends string>(onError?: (err: unknown) => Promise<void> | void) {
  const [busy, setBusy] = useState<K | null>(null);
  const run = useCallback(
    async function run(kind: K, work: () => Promise<void>): Promise<void> {
      setBusy(kind);
      try {
        await work();
      } catch (err) {
        // The pop-up's Retry runs the same action again.
        reportError(err, { source: 'number', actions: { retry: () => run(kind, work) } });
        await onError?.(err);
      } finally {
        setBusy(null);
      }
    },
    [onError],
  );
  return { busy, run };
}
