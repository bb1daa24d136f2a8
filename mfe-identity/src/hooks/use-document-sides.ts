import { useCallback } from 'react';
import { useAtom } from 'jotai';
import { DOCUMENT_SIDES, identityApi, type DocumentSide, type ImageSource } from '@join/shared/identity';
import { checkAtom, EMPTY_CHECK } from '../verification/check-store';
import { PATH_ROUTES, type CheckPath } from '../verification/paths';
import { go } from '../navigation';

/**
 * The document's sides on a path: the one to send now (the server's remaining_sides drive it),
 * and `send`, which sends it, keeps the details once read, and goes on to the face when none is
 * left. A path's state left by the other path (the residency answered again) counts as nothing.
 */
export function useDocumentSides(path: CheckPath) {
  const [state, setState] = useAtom(checkAtom);
  const { kind } = PATH_ROUTES[path];
  const all = DOCUMENT_SIDES[kind];
  const mine = state.path === path ? state : { ...EMPTY_CHECK, path };
  // Every side sent and the visitor back at the document (a retake): the sides again from the first.
  const remaining = mine.remaining && mine.remaining.length > 0 ? mine.remaining : all;
  const side: DocumentSide = remaining[0] ?? all[0]!;

  const send = useCallback(
    async (sending: DocumentSide, source: ImageSource, image: Blob): Promise<readonly DocumentSide[]> => {
      const answer = await identityApi.sendDocument(sending, source, image);
      setState((s) => {
        const base = s.path === path ? s : { ...EMPTY_CHECK, path };
        return { ...base, remaining: answer.remaining_sides, details: answer.details ?? base.details, faceMatched: false };
      });
      if (answer.remaining_sides.length === 0) go(PATH_ROUTES[path].face);
      return answer.remaining_sides;
    },
    [path, setState],
  );

  return { kind, side, index: all.indexOf(side) + 1, total: all.length, send };
}
