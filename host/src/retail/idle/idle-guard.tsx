import { useCallback, useEffect, useState } from 'react';
import { useIdleTimer } from 'react-idle-timer';
import { RETAIL_CHECK_EVERY_MS } from '@join/shared/retail';
import { wipeCustomer } from '../wipe';
import { retailIdleOptions } from './idle-options';
import { IdlePrompt } from './idle-prompt';

/**
 * The shop device's idle watch (SPEC 4): idle for retailIdleMs(path) → the pop-up counts
 * RETAIL_COUNTDOWN_MS down; "I'm still here" (or Escape) resets the timer in every tab; the end of
 * the countdown or "End session" wipes the customer. While the pop-up is up, the remaining time is
 * read again every second from the wall clock (not counted down by the timers): a device that slept
 * past the deadline wipes as soon as it runs again, and at once when it becomes visible.
 */
export function IdleGuard({ pathname }: { pathname: string }) {
  const [prompted, setPrompted] = useState(false);
  const [remaining, setRemaining] = useState(0);
  const timer = useIdleTimer({
    ...retailIdleOptions(pathname),
    onPrompt: () => setPrompted(true),
    onIdle: () => void wipeCustomer('idle'),
    onActive: () => setPrompted(false),
  });
  const { getRemainingTime, isPrompted } = timer;

  const check = useCallback(() => {
    const left = getRemainingTime();
    setRemaining(left);
    if (left <= 0 && (isPrompted() || timer.isIdle())) void wipeCustomer('idle');
  }, [getRemainingTime, isPrompted, timer]);

  useEffect(() => {
    if (!prompted) return;
    check();
    const tick = window.setInterval(check, 1000);
    return () => window.clearInterval(tick);
  }, [prompted, check]);

  // Waking: the library ignores activity while the pop-up is up, so the deadline is checked here.
  useEffect(() => {
    const wake = () => {
      if (document.visibilityState === 'visible' && isPrompted()) check();
    };
    document.addEventListener('visibilitychange', wake);
    window.addEventListener('focus', wake);
    return () => {
      document.removeEventListener('visibilitychange', wake);
      window.removeEventListener('focus', wake);
    };
  }, [check, isPrompted]);

  return (
    <IdlePrompt
      open={prompted}
      remainingMs={remaining}
      checkEveryMs={RETAIL_CHECK_EVERY_MS}
      onContinue={() => {
        timer.activate();
        setPrompted(false);
      }}
      onEnd={() => void wipeCustomer('end_session')}
    />
  );
}
