import { atom, useAtom } from 'jotai';
import { Button, Modal, useT } from '@join/shared';

/**
 * The help modal, opened from the footer and by the error pop-up's help actions
 * (max_sims_redirect, redirect_to_info_page, redirect_to_app_chat). This product has no
 * separate help page and chat is off by configuration (SPEC 9), so the help modal is where
 * those actions lead. It lives outside the footer so it opens while a loading text hides it.
 */
export const helpOpenAtom = atom(false);

export function HelpModal() {
  const t = useT();
  const [open, setOpen] = useAtom(helpOpenAtom);
  const close = () => setOpen(false);
  return (
    <Modal open={open} onClose={close} title={t('help.title')} labelId="help-title">
      <p>{t('help.text')}</p>
      <div className="modal__actions">
        <Button onClick={close}>{t('common.close')}</Button>
      </div>
    </Modal>
  );
}
