import { useCallback } from 'react';
import { ApiError, reportError, setHeldNumber } from '@join/shared';

/**
 * When the hold runs out on screen: tell the visitor with the catalogue's number-expired message
 * (-2010) and drop the number. The flags are not read here: the kernel's number watch
 * (watchNumberFlag, started by the host) reads them once the server has freed the number, on
 * every screen; a read here could come before the server's end (the countdown is rounded to the
 * second) and leave the number selected.
 */
export function useNumberExpiry(after?: () => void): () => void {
  return useCallback(() => {
    setHeldNumber(null);
    reportError(new ApiError('Your number reservation has expired', { code: -2010, status: 410 }), 'number');
    after?.();
  }, [after]);
}
