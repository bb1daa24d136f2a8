import { lazy, Suspense, useEffect, useState } from 'react';
import { useAtom } from 'jotai';
import { whenIdle } from '../shell/when-idle';
import { consentPanelAtom } from './consent-state';

const ConsentPanel = lazy(() => import(/* webpackChunkName: "consent" */ './consent-panel'));

/**
 * Where the consent panel lives in the shell (issue 28). Once the page is idle after its first
 * screen, the panel's code (its texts, the legal texts' call) loads, never before the plan cards,
 * and asks the server for the legal texts' version: a visitor with no choice on this device is
 * asked; one whose choice answers these texts sees nothing (until they open "Privacy choices" in
 * the footer); one whose choice answers older texts is asked again, and nothing beyond the
 * necessary is measured until they answer (consent-panel).
 * Not in retail mode (ShellFrame leaves it out: the shop's own terms apply to a customer at the
 * counter, and a shop device measures nothing).
 */
export function ConsentSlot() {
  const [panel, setPanel] = useAtom(consentPanelAtom);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (asked) return;
    return whenIdle(() => {
      setAsked(true);
      setPanel((p) => p ?? 'banner');
    });
  }, [asked, setPanel]);
  if (!panel) return null;
  return (
    <Suspense fallback={null}>
      <ConsentPanel mode={panel} onClose={() => setPanel(null)} />
    </Suspense>
  );
}
