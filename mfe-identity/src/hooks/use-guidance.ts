import { useCallback } from 'react';
import { useAtom } from 'jotai';
import { isApiError } from '@join/shared';
import { guidanceForCode, type GuidanceScreen } from '@join/shared/identity';
import { guidanceAtom, type PendingGuidance } from '../verification/check-store';
import { PATH_ROUTES, type CheckPath } from '../verification/paths';
import { go } from '../navigation';

/** The route of the screen where a guidance can be acted on (the details are confirmed on the face route). */
export function routeForGuidance(path: CheckPath, screen: GuidanceScreen): string {
  return screen === 'document' ? PATH_ROUTES[path].document : PATH_ROUTES[path].face;
}

/**
 * A decision's guidance for the screen the visitor is on. `handle` is the error path of a
 * screen's calls (useAction's): a code with guidance is kept for the screen where it can be
 * acted on (this one, or another: then the host is asked for it) and counts as handled; any
 * other failure (network, session, a code the check does not answer) goes on to the host's
 * pop-up as before. `shown` is the guidance this screen shows: one of `screens`.
 */
export function useGuidance(path: CheckPath, screens: readonly GuidanceScreen[]) {
  const [pending, setPending] = useAtom(guidanceAtom);
  const handle = useCallback(
    (err: unknown): boolean => {
      const guidance = isApiError(err) ? guidanceForCode(err.code) : null;
      if (!guidance || !isApiError(err)) return false;
      setPending({ guidance, code: err.code });
      if (!screens.includes(guidance.screen)) go(routeForGuidance(path, guidance.screen));
      return true;
    },
    [path, screens, setPending],
  );
  const clear = useCallback(() => setPending(null), [setPending]);
  /**
   * The visitor switches between the camera and the upload: a guidance about the photo
   * they leave (retake it, choose another file) does not follow them to the other screen.
   */
  const leavePhoto = useCallback(() => {
    if (pending && (pending.guidance.kind === 'retake_document' || pending.guidance.kind === 'upload_document')) setPending(null);
  }, [pending, setPending]);
  const shown: PendingGuidance | null = pending && (screens.includes(pending.guidance.screen) || pending.guidance.kind === 'ended') ? pending : null;
  return { shown, handle, clear, leavePhoto };
}
