import type { ReactNode } from 'react';
import { X } from 'lucide';
import { useT } from '@join/shared/react';
import { Icon } from './icon';
import { useModalDialog } from './use-modal-dialog';

/**
 * The dialog primitive, on the native <dialog> (showModal): the browser traps focus, closes on
 * Escape and returns focus to the opener; we label it and describe it. A header with the title
 * and a close button (an X icon named "Close"), the content, and `.modal__actions` for the
 * buttons. An alertdialog (an error pop-up, a confirmation) asks for an answer from its own
 * buttons, so it has no X by default (Escape still answers it through onClose); `closeButton`
 * overrides either default.
 */
export function Modal({
  open,
  title,
  children,
  onClose,
  role = 'dialog',
  labelId,
  describedBy,
  closeButton,
  closeLabel,
}: {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  onClose: () => void;
  role?: 'dialog' | 'alertdialog';
  labelId: string;
  describedBy?: string;
  closeButton?: boolean;
  /** The close button's name; t('common.close') by default. */
  closeLabel?: string;
}) {
  const t = useT();
  const dialog = useModalDialog(open, onClose);
  return (
    <dialog
      {...dialog}
      className="modal"
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={labelId}
      aria-describedby={describedBy}
    >
      {open ? (
        <div className="modal__body">
          <div className="modal__header">
            <h2 id={labelId} className="modal__title">
              {title}
            </h2>
            {(closeButton ?? role !== 'alertdialog') ? (
              <button type="button" className="modal__close" aria-label={closeLabel ?? t('common.close')} onClick={onClose}>
                <Icon icon={X} />
              </button>
            ) : null}
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}

/** The dialog primitive under its design-system name (Modal is the name the steps already use). */
export const Dialog = Modal;
