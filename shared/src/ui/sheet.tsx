import { useEffect, useRef, type ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A bottom sheet on the native <dialog> (showModal), for what a phone shows one tap away
 * (the order summary): it slides up from the bottom edge (no motion under
 * prefers-reduced-motion), keeps Tab inside itself, closes on Escape and on a tap on the
 * backdrop, and gives focus back to whatever opened it.
 *
 * The browser's modal dialog already makes the page behind it inert and closes on Escape; the
 * sheet repeats both in script (Tab wraps, Escape calls onClose) so they hold where showModal
 * is missing, and so the parent, which owns `open`, always hears the close.
 */
export function Sheet({
  open,
  title,
  children,
  onClose,
  labelId,
  className,
}: {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  onClose: () => void;
  labelId: string;
  className?: string;
}) {
  const opener = useRef<HTMLElement | null>(null);
  const dialog = useModalDialog(open, onClose, {
    beforeShow: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    // Focus the title first: the sheet is announced by its name, then read top to bottom.
    shown: (d) => d.querySelector<HTMLElement>('[data-sheet-title]')?.focus(),
    closed: () => {
      opener.current?.focus();
      opener.current = null;
    },
  });
  const { ref } = dialog;

  // Listeners on the dialog element itself (a modal dialog is the interactive element here:
  // its keys and its backdrop belong to it), so onClose is read fresh through a ref.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const d = ref.current;
    if (!d) return undefined;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        close.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = Array.from(d.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      const title = d.querySelector('[data-sheet-title]');
      if (e.shiftKey && (active === first || active === title || !d.contains(active))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !d.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    };
    // A click on the dialog element itself is a click on its backdrop (the body fills the box).
    const onClick = (e: MouseEvent) => {
      if (e.target === d) close.current();
    };
    d.addEventListener('keydown', onKeyDown);
    d.addEventListener('click', onClick);
    return () => {
      d.removeEventListener('keydown', onKeyDown);
      d.removeEventListener('click', onClick);
    };
  }, []);

  return (
    <dialog {...dialog} className={['sheet', className].filter(Boolean).join(' ')} aria-labelledby={labelId}>
      {open ? (
        <div className="sheet__body">
          <span className="sheet__grip" aria-hidden="true" />
          <h2 id={labelId} className="sheet__title" tabIndex={-1} data-sheet-title="">
            {title}
          </h2>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
