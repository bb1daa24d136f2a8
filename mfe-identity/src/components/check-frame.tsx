import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { ROUTES, serverFlowContextAtom } from '@join/shared';
import { guidanceAtom } from '../verification/check-store';
import type { CheckPath } from '../verification/paths';
import { go } from '../navigation';
import { EndedPage } from './ended-page';
import { StopScreen } from './stop-screen';

/**
 * Around every screen of a path: the under-18 end replaces any screen once it is the answer;
 * a path whose residency answer the server does not have (a deep link to /id_check before the
 * questions, or to a resident's scan after answering "I'm visiting") asks for the answer first:
 * the server takes documents only in the kind that answer says.
 */
export function CheckFrame({ path, children }: { path: CheckPath | null; children: ReactNode }) {
  const pending = useAtomValue(guidanceAtom);
  const residentType = useAtomValue(serverFlowContextAtom)?.resident_type ?? null;
  if (pending?.guidance.kind === 'ended') return <EndedPage />;
  if (path !== null && residentType !== path) return <Unanswered />;
  return <>{children}</>;
}

function Unanswered() {
  return <StopScreen name="unanswered" texts="identity.document.unanswered" onAction={() => go(ROUTES.activationMethod)} />;
}
