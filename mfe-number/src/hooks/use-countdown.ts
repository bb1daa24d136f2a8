import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { clockSkewAtom } from '@join/shared';

/** Seconds left until `expiresAt` (server time), ticking each second; null without a date. */
export function useCountdown(expiresAt: string | null, onExpired: () => void): number | null {
  const skew = useAtomValue(clockSkewAtom);
  const left = () => (expiresAt ? Math.max(0, Math.round((Date.parse(expiresAt) - (Date.now() + skew)) / 1000)) : null);
  const [seconds, setSeconds] = useState<number | null>(left);
  useEffect(() => {
    setSeconds(left());
    if (!expiresAt) return;
    const id = setInterval(() => {
      const s = left();
      setSeconds(s);
      if (s === 0) {
        clearInterval(id);
        onExpired();
      }
    }, 1000);
    return () => clearInterval(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restart only for a new hold
  }, [expiresAt, skew]);
  return seconds;
}
