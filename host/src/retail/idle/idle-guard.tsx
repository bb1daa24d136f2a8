import { useCallback, useEffect, useRef, useState } from 'react';
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
  // The hook answers a new object at each render: the checks below read the latest through a ref,
  // so they stay the same functions and their effects do not restart (nor re-render) each time.
  const timerRef = useRef(timer);
  timerRef.current = timer;

  const check = useCallback(() => {
    const t = timerRef.current;
    const left = t.getRemainingTime();
    setRemaining(Math.ceil(left / 1000) * 1000); // whole seconds: one render a second at most
    if (left <= 0 && (t.isPrompted() || t.isIdle())) void wipeCustomer('idle');
  }, []);

  useEffect(() => {
    if (!prompted) return;
    check();
    const tick = window.setInterval(check, 1000);
    return () => window.clearInterval(tick);
  }, [prompted, check]);

  // Waking: the library ignores activity while the pop-up is up, so the deadline is checked here.
  useEffect(() => {
    const wake = () => {
      if (document.visibilityState === 'visible' && timerRef.current.isPrompted()) check();
    };
    document.addEventListener('visibilitychange', wake);
    window.addEventListener('focus', wake);
    return () => {
      document.removeEventListener('visibilitychange', wake);
      window.removeEventListener('focus', wake);
    };
  }, [check]);

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
