import { lazy, Suspense, useEffect, useState } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { whenIdle } from '../shell/when-idle';
import { consentAtom, consentPanelAtom } from './consent-state';

const ConsentPanel = lazy(() => import(/* webpackChunkName: "consent" */ './consent-panel'));

/**
 * Where the consent panel lives in the shell (issue 28). A visitor with no choice on this device is
 * asked once the page is idle after its first screen: the panel's code (its texts, the legal texts'
 * call) loads then, never before the plan cards. A visitor with a choice sees nothing until they
 * open "Privacy choices" in the footer; the panel then checks the legal texts' version too.
 * Not in retail mode (ShellFrame leaves it out: the shop's own terms apply to a customer at the
 * counter, and a shop device measures nothing).
 */
export function ConsentSlot() {
  const [panel, setPanel] = useAtom(consentPanelAtom);
  const consent = useAtomValue(consentAtom);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (consent || asked) return;
    return whenIdle(() => {
      setAsked(true);
      setPanel((p) => p ?? 'banner');
    });
  }, [consent, asked, setPanel]);
  if (!panel) return null;
  return (
    <Suspense fallback={null}>
      <ConsentPanel mode={panel} onClose={() => setPanel(null)} />
    </Suspense>
  );
}
