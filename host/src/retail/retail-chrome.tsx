import { useEffect } from 'react';
import { IdleGuard } from './idle/idle-guard';
import { StartOverDialog } from './start-over-dialog';
import { followWipesOfOtherTabs, wipeCustomer } from './wipe';
import './retail.css';

/**
 * What a shop device adds to the shell around a retail customer's flow, loaded only when the
 * server's flow context says `retail` (none of it is in a visitor's download): the idle watch and
 * its pop-up, the "Start over?" confirmation, a wipe in another tab of the device followed here,
 * and no return from the back/forward cache: a page with a customer's data restored by Back or
 * Forward (event.persisted) is wiped at once.
 */
export function RetailChrome({ pathname }: { pathname: string }) {
  useEffect(() => {
    const restored = (e: PageTransitionEvent) => {
      if (e.persisted) void wipeCustomer('back');
    };
    window.addEventListener('pageshow', restored);
    const stopFollowing = followWipesOfOtherTabs();
    return () => {
      window.removeEventListener('pageshow', restored);
      stopFollowing();
    };
  }, []);
  return (
    <>
      <IdleGuard pathname={pathname} />
      <StartOverDialog />
    </>
  );
}
