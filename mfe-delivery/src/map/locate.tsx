import { useState } from 'react';
import { LocateFixed } from 'lucide';
import { useT } from '@join/shared/react';
import { Button } from '@join/shared/ui';
import { inUaeBounds } from '@join/shared/delivery';
import { ADDRESS_POSITION, currentPosition, PositionError, type PositionFailure } from '@join/shared/display';

/** Why the visitor's location was not used: the browser's reason, or a place outside the UAE. */
export type LocateFailure = PositionFailure | 'outside';

const LOCATE_TEXT: Record<LocateFailure, string> = {
  denied: 'delivery.locate.denied',
  unavailable: 'delivery.locate.unavailable',
  timeout: 'delivery.locate.timeout',
  unsupported: 'delivery.locate.unsupported',
  outside: 'delivery.locate.outside',
};

export interface Locator {
  locating: boolean;
  error: LocateFailure | null;
  /** Asks the browser where the visitor is; a place in the UAE goes to onFound, anything else is an error. */
  locate: () => Promise<void>;
}

/** "Use my location" (the map's and the stores'): the position asked for, its failure kept. */
export function useLocate(onFound: (p: { lat: number; lng: number }) => void): Locator {
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<LocateFailure | null>(null);
  const locate = async () => {
    setLocating(true);
    setError(null);
    try {
      const p = await currentPosition(ADDRESS_POSITION);
      if (inUaeBounds(p)) onFound(p);
      else setError('outside');
    } catch (err) {
      setError(err instanceof PositionError ? err.reason : 'unavailable');
    } finally {
      setLocating(false);
    }
  };
  return { locating, error, locate };
}

/** The "Use my location" button, busy while the position comes. */
export function LocateButton({ locator }: { locator: Locator }) {
  const t = useT();
  return (
    <Button variant="secondary" icon={LocateFixed} busy={locator.locating} onClick={() => void locator.locate()}>
      {t('delivery.locate')}
    </Button>
  );
}

/** Why the location was not used, as an alert; nothing when it was. */
export function LocateError({ locator }: { locator: Locator }) {
  const t = useT();
  return locator.error ? (
    <p className="delivery-error" role="alert">
      {t(LOCATE_TEXT[locator.error])}
    </p>
  ) : null;
}
