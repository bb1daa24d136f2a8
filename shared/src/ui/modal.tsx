import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A modal on the native <dialog> (showModal): the browser traps focus, closes on Escape
 * and returns focus to the opener; we label it and describe it.
 */
export function Modal({
  open,
  title,
  children,
  onClose,
  role = 'dialog',
  labelId,
  describedBy,
}: {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  onClose: () => void;
  role?: 'dialog' | 'alertdialog';
  labelId: string;
  describedBy?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    } else if (!open && d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="modal"
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <div className="modal__body">
          <h2 id={labelId} className="modal__title">
            {title}
          </h2>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
