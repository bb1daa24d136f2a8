import { useNavigate } from 'react-router-dom';
import { useAtomValue, useSetAtom } from 'jotai';
import { Button, errorActionHandler, errorAtom, isStepAction, liveButtons, Modal, setError, useT, type ErrorObject, type FlowContext } from '@join/shared';
import { acknowledge } from './acknowledge';
import { helpOpenAtom } from './help-modal';

/**
 * Error pop-ups (SPEC 2): a title, the code when it is scalar, a text, and up to two
 * buttons. One mechanism for every button: an acknowledgement (SPEC 4) is run here; a step
 * action (Retry, Change card, Retry payment, Continue payment, Reset transfer...) is handed
 * to the handler the raising step registered with the error (reportError's `actions`). A
 * step action nobody handles is never offered (liveButtons), so no button is dead.
 */
export function ErrorPopup({ ctx }: { ctx: FlowContext }) {
  const t = useT();
  const navigate = useNavigate();
  const error = useAtomValue(errorAtom);
  const openHelp = useSetAtom(helpOpenAtom);
  const buttons = error ? liveButtons(error) : [];

  const act = async (shown: ErrorObject, action: string) => {
    setError(null);
    if (isStepAction(action)) {
      // Looked up at click time: a step that went away has withdrawn its handler (then: just close).
      const handler = errorActionHandler(shown, action);
      await Promise.resolve(handler?.()).catch((err: unknown) => console.error(`error action ${action} failed`, err));
      return;
    }
    await acknowledge(action, { navigate, ctx, openHelp: () => openHelp(true) });
  };

  const code = error && (typeof error.code === 'number' || typeof error.code === 'string') ? error.code : null;
  return (
    <Modal
      open={Boolean(error)}
      // Escape answers with the primary button, as the pop-up's one answer (a fatal error has none: it just closes).
      onClose={() => error && void act(error, buttons[0]?.action ?? 'ok_clear_error')}
      title={error?.title ?? ''}
      labelId="error-title"
      describedBy="error-text"
      role="alertdialog"
    >
      {error ? (
        <>
          {code !== null ? <p className="muted">{t('error.code', { code })}</p> : null}
          <p id="error-text">{error.text}</p>
          <div className="modal__actions">
            {buttons.map((b, i) => (
              <Button key={b.action + b.label} onClick={() => void act(error, b.action)} variant={i === 0 ? 'primary' : 'secondary'}>
                {b.label === 'OK' ? t('common.ok') : b.label}
              </Button>
            ))}
          </div>
        </>
      ) : null}
    </Modal>
  );
}
