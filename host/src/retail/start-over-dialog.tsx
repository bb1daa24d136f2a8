import { useAtom } from 'jotai';
import { useT } from '@join/shared/react';
import { Button, Modal } from '@join/shared/ui';
import { startOverOpenAtom } from './start-over-state';
import { wipeCustomer } from './wipe';

/**
 * "Start over?" (SPEC 4: the retail home icon asks for confirmation). The kernel's dialog: focus
 * trapped inside, Escape or "Keep going" closes it and focus returns to the Home button; "Start
 * over" wipes the customer (reason start_over) and lands on the retail start screen.
 */
export function StartOverDialog() {
  const t = useT();
  const [open, setOpen] = useAtom(startOverOpenAtom);
  const close = () => setOpen(false);
  return (
    <Modal open={open} onClose={close} title={t('retail.startOver.title')} labelId="retail-start-over-title" role="alertdialog" describedBy="retail-start-over-text">
      <p id="retail-start-over-text">{t('retail.startOver.text')}</p>
      <div className="modal__actions retail-actions">
        <Button variant="secondary" onClick={close}>
          {t('retail.startOver.cancel')}
        </Button>
        <Button onClick={() => void wipeCustomer('start_over')}>{t('retail.startOver.confirm')}</Button>
      </div>
    </Modal>
  );
}
