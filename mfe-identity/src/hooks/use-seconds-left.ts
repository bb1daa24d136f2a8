import { useEffect, useState } from 'react';

/**
 * Whole seconds until `deadline` (a Date.now() time), ticking each second, 0 once it has
 * passed or when there is none. Used for the login lock and the code's resend wait; both come
 * from the server as a number of seconds, so the device's clock only measures the wait.
 */
export function useSecondsLeft(deadline: number | null): number {
  const left = () => (deadline === null ? 0 : Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (deadline === null) return;
    const id = setInterval(() => {
      const s = left();
      setSeconds(s);
      if (s === 0) clearInterval(id);
    }, 1000);
    return () => clearInterval(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- left() reads only deadline
  }, [deadline]);
  return seconds;
}

/** The Date.now() time `seconds` from now (null for no wait). */
export const deadlineIn = (seconds: number | undefined): number | null => (seconds && seconds > 0 ? Date.now() + seconds * 1000 : null);
