import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { api, bus, EMPTY_FLOW_FLAGS, flowFlagsAtom, isProperlyLoggedIn, wipeSession } from '@join/shared';
import { useT } from '@join/shared/react';
import { Button, Modal } from '@join/shared/ui';
import { stepLoadingAtom } from './loading-atom';
import { helpOpenAtom } from './help-modal';
import { consentPanelAtom } from '../consent/consent-state';

/**
 * Footer (SPEC 2): help and legal, the privacy choices (issue 28: as easy to change as to give), plus logout when properly logged in (with a confirm
 * pop-up). Hidden while a loading text shows. Help opens the shell's help modal.
 */
export function Footer() {
  const t = useT();
  const loading = useAtomValue(stepLoadingAtom);
  const flags = useAtomValue(flowFlagsAtom) ?? EMPTY_FLOW_FLAGS;
  const [open, setOpen] = useState<'legal' | 'logout' | null>(null);
  const openHelp = useSetAtom(helpOpenAtom);
  const openConsent = useSetAtom(consentPanelAtom);
  if (loading) return null;
  const close = () => setOpen(null);
  const logout = async () => {
    close();
    await api.logout().catch(() => undefined); // the local wipe happens whatever the server says
    wipeSession();
    bus.emit('session:ended', { code: null });
  };
  return (
    <footer className="footer">
      <nav aria-label={t('footer.label')}>
        <Button variant="link" onClick={() => openHelp(true)} aria-haspopup="dialog">
          {t('footer.help')}
        </Button>
        <Button variant="link" onClick={() => setOpen('legal')} aria-haspopup="dialog">
          {t('footer.legal')}
        </Button>
        <Button variant="link" onClick={() => openConsent('details')} aria-haspopup="dialog">
          {t('footer.privacy')}
        </Button>
        {isProperlyLoggedIn(flags) ? (
          <Button variant="link" onClick={() => setOpen('logout')} aria-haspopup="dialog">
            {t('footer.logout')}
          </Button>
        ) : null}
      </nav>
      <Modal open={open === 'legal'} onClose={close} title={t('footer.legal')} labelId="legal-title">
        <p>{t('legal.text')}</p>
        <div className="modal__actions">
          <Button onClick={close}>{t('common.close')}</Button>
        </div>
      </Modal>
      <Modal open={open === 'logout'} onClose={close} title={t('logout.title')} labelId="logout-title" role="alertdialog" describedBy="logout-text">
        <p id="logout-text">{t('logout.text')}</p>
        <div className="modal__actions">
          <Button variant="secondary" onClick={close}>
            {t('logout.cancel')}
          </Button>
          <Button onClick={() => void logout()}>{t('logout.confirm')}</Button>
        </div>
      </Modal>
    </footer>
  );
}
