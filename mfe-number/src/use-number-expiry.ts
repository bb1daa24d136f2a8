import { useCallback } from 'react';
import { ApiError, reportError, setHeldNumber } from '@join/shared';
import { refreshFlowStatus } from '@join/shared/react';

/**
 * When the hold runs out on screen: the server has already freed the number; tell the
 * visitor with the catalogue's number-expired message (-2010) and catch up with the server.
 */
export function useNumberExpiry(after?: () => void): () => void {
  return useCallback(() => {
    setHeldNumber(null);
    reportError(new ApiError('Your number reservation has expired', { code: -2010, status: 410 }), 'number');
    void refreshFlowStatus().catch(() => undefined);
    after?.();
  }, [after]);
}
