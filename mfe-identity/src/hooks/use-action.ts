import { useCallback, useEffect, useRef, useState } from 'react';
import { reportError } from '@join/shared';
import { MODULE_NAME } from '../navigation';

/**
 * Runs one of a stage's calls at a time: `busy` for its button, and one error path. `handle`
 * answers the failures the stage shows itself (a wrong password inline, a lock countdown) and
 * returns true; anything else becomes the catalogue pop-up, whose Retry runs the same work again.
 * The pop-up's handlers are withdrawn when the stage goes away (a Retry then only closes it).
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const withdraws = useRef<(() => void)[]>([]);
  useEffect(() => () => withdraws.current.forEach((w) => w()), []);

  const run = useCallback(async (work: () => Promise<void>, handle?: (err: unknown) => boolean): Promise<void> => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      if (!handle?.(err)) {
        withdraws.current.push(reportError(err, { source: MODULE_NAME, actions: { retry: () => run(work, handle) } }));
      }
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
