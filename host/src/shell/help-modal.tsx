import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import { atom, useAtom } from 'jotai';
import { useLocation } from 'react-router-dom';
import { useT } from '@join/shared/react';
import { Button, Modal } from '@join/shared/ui';
import { CloseActions } from './close-actions';

/**
 * The help modal, opened from the footer and by the error pop-up's help actions
 * (max_sims_redirect, redirect_to_info_page, redirect_to_app_chat). This product has no
 * separate help page and chat is off by configuration (SPEC 9), so the help modal is where
 * those actions lead. It lives outside the footer so it opens while a loading text hides it.
 *
 * Its content (help for the current step, ways to reach the operator, the SPEC 5 feedback
 * field) is loaded the first time help opens: the form library is not in the shell's first
 * download (host/src/help). If that load fails (a weak roaming connection), the modal says so
 * and offers to try again instead of taking the page down.
 */
export const helpOpenAtom = atom(false);

const loadPanel = () => import('../help/help-panel');

class PanelBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function HelpModal() {
  const t = useT();
  const [open, setOpen] = useAtom(helpOpenAtom);
  const { pathname } = useLocation();
  // A failed lazy load is cached by React.lazy: a retry needs a new one.
  const [attempt, setAttempt] = useState(0);
  const [HelpPanel, setHelpPanel] = useState(() => lazy(loadPanel));
  const retry = () => {
    setHelpPanel(() => lazy(loadPanel));
    setAttempt((n) => n + 1);
  };
  const close = () => setOpen(false);
  const failed = (
    <div className="modal__actions">
      <p role="alert">{t('remote.failed.text')}</p>
      <Button onClick={retry}>{t('common.retry')}</Button>
    </div>
  );
  return (
    <Modal open={open} onClose={close} title={t('help.title')} labelId="help-title">
      <PanelBoundary key={attempt} fallback={failed}>
        <Suspense fallback={<p role="status">{t('LOADING_MESSAGE_APP')}</p>}>
          <HelpPanel path={pathname} />
        </Suspense>
      </PanelBoundary>
      <CloseActions onClose={close} />
    </Modal>
  );
}
