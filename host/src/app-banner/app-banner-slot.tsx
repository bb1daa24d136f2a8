import { lazy, Suspense, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { bizConfigAtom } from '@join/shared';
import { whenIdle } from '../shell/when-idle';
import { consentAtom, consentPanelAtom } from '../consent/consent-state';
import { isPhone, readDismissed } from './app-banner-state';

const AppBanner = lazy(() => import(/* webpackChunkName: "app-banner" */ './app-banner'));

/**
 * Where the app banner lives in the shell (SPEC 2's smart banner with the stores' ratings). It is
 * asked for only on a phone, once the visitor has answered the consent panel and no consent panel
 * is open (never the two at once), when the business config lists the app's ratings and the
 * visitor has not closed it on this device; then its code loads once the page is idle after its
 * first screen (its own chunk, as the consent panel's). Once loaded it stays, hidden on the routes
 * it never shows on (payment, the camera screens). Not in retail mode (ShellFrame leaves it out: a
 * shop device is no visitor's phone).
 */
export function AppBannerSlot({ pathname }: { pathname: string }) {
  const consent = useAtomValue(consentAtom);
  const consentPanel = useAtomValue(consentPanelAtom);
  const config = useAtomValue(bizConfigAtom);
  const [dismissed, setDismissed] = useState(readDismissed);
  const [wanted, setWanted] = useState(false);
  const listed = config.status === 'ready' && config.config.smart_banner_apps_rating.length > 0;
  const eligible = !dismissed && listed && consent !== null && isPhone();

  useEffect(() => {
    if (!eligible || wanted) return;
    return whenIdle(() => setWanted(true));
  }, [eligible, wanted]);

  if (!eligible || !wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppBanner pathname={pathname} consentPanelOpen={consentPanel !== null} onClosed={() => setDismissed(true)} />
    </Suspense>
  );
}
