import { useEffect, useRef, type SyntheticEvent } from 'react';

/** What a dialog adds around the browser's showing and closing of it (the sheet's focus return). */
export interface ModalDialogHooks {
  /** Just before it is shown: focus is still where the visitor was. */
  beforeShow?: (dialog: HTMLDialogElement) => void;
  /** Just after it is shown. */
  shown?: (dialog: HTMLDialogElement) => void;
  /** Just after it is closed. */
  closed?: (dialog: HTMLDialogElement) => void;
}

/**
 * The native <dialog> under Modal and Sheet: shown modal (showModal: the page behind it inert,
 * focus trapped, Escape) while `open`, the `open` attribute where showModal is missing, closed
 * when `open` goes false; Escape (the dialog's cancel) is handed to onClose, since the parent
 * owns `open`. Spread the result on the <dialog>; its `ref` is the element.
 */
export function useModalDialog(open: boolean, onClose: () => void, hooks: ModalDialogHooks = {}) {
  const ref = useRef<HTMLDialogElement>(null);
  // Read fresh at each change of `open`, without re-running the effect for new callbacks.
  const on = useRef(hooks);
  on.current = hooks;
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      on.current.beforeShow?.(d);
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
      on.current.shown?.(d);
    } else if (!open && d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
      on.current.closed?.(d);
    }
  }, [open]);
  return {
    ref,
    'aria-modal': true as const,
    onCancel: (e: SyntheticEvent<HTMLDialogElement>) => {
      e.preventDefault();
      onClose();
    },
  };
}
