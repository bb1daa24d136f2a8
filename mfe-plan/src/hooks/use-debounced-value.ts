import { useEffect, useState } from 'react';

/**
 * The value once it has stopped changing for `ms` (compared by content, so a new object with
 * the same choice does not restart the wait). The first value is taken at once.
 */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- compared by content (key)
  }, [key, ms]);
  return settled;
}
