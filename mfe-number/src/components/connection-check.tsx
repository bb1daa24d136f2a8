import { useAtomValue } from 'jotai';
import { useT } from '@join/shared/react';
import { checkingConnectionAtom } from '../captcha/challenge';

/**
 * "Checking your connection…" while the browser solves the address challenge. The
 * status region is always in the page (a region added with its text is not always announced);
 * only its text comes and goes. Nothing to do for the visitor: no puzzle, no timing to meet.
 */
export function ConnectionCheck() {
  const t = useT();
  const checking = useAtomValue(checkingConnectionAtom);
  return (
    <p className="number-check" role="status" data-state={checking ? 'checking' : undefined}>
      {checking ? t('number.checkingConnection') : null}
    </p>
  );
}
