import { lazy, Suspense } from 'react';
import { atom, useAtom } from 'jotai';
import { useLocation } from 'react-router-dom';
import { Button, Modal, useT } from '@join/shared';

/**
 * The help modal, opened from the footer and by the error pop-up's help actions
 * (max_sims_redirect, redirect_to_info_page, redirect_to_app_chat). This product has no
 * separate help page and chat is off by configuration (SPEC 9), so the help modal is where
 * those actions lead. It lives outside the footer so it opens while a loading text hides it.
 *
 * Its content (help for the current step, ways to reach the operator, the SPEC 5 feedback
 * field) is loaded the first time help opens: the form library is not in the shell's first
 * download (host/src/help).
 */
export const helpOpenAtom = atom(false);

const HelpPanel = lazy(() => import('../help/help-panel'));

export function HelpModal() {
  const t = useT();
  const [open, setOpen] = useAtom(helpOpenAtom);
  const { pathname, search } = useLocation();
  const close = () => setOpen(false);
  return (
    <Modal open={open} onClose={close} title={t('help.title')} labelId="help-title">
      <Suspense fallback={<p role="status">{t('LOADING_MESSAGE_APP')}</p>}>
        <HelpPanel path={pathname} search={search} />
      </Suspense>
      <div className="modal__actions">
        <Button variant="secondary" onClick={close}>
          {t('common.close')}
        </Button>
      </div>
    </Modal>
  );
}
