import { useCallback } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { StepActions } from '@join/shared';

type Action<K extends string | number> = { kind: K; work: () => Promise<void> };

/**
 * The number step's writes (reserve, cancel, extend, confirm, transfer) as one react-query
 * mutation: one at a time, `busy` names the running one (for busy buttons), never retried
 * (the kernel's rule for mutations: a repeated reservation is the person's decision), a
 * failure goes to the catalogue pop-up (meta.errorSource), and `onError` lets the page react
 * before the action ends (for example, offer another number after -2015). `errorActions` are the
 * page's own pop-up actions beside Retry (the transfer's reset_transfer).
 */
export function useNumberAction<K extends string | number>(onError?: (err: unknown) => Promise<void> | void, errorActions?: StepActions) {
  const { mutateAsync, isPending, variables } = useMutation({
    mutationFn: ({ work }: Action<K>) => work(),
    meta: { errorSource: 'number', ...(errorActions ? { errorActions } : {}) },
    onError: (err) => onError?.(err),
  });
  const run = useCallback(
    // The failure is already shown (pop-up) and handled (onError): the caller just goes on.
    (kind: K, work: () => Promise<void>) => mutateAsync({ kind, work }).catch(() => undefined),
    [mutateAsync],
  );
  return { busy: isPending && variables ? variables.kind : null, run };
}
