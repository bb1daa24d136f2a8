import { useNavigate } from 'react-router-dom';
import { useAtomValue, useSetAtom } from 'jotai';
import { errorActionHandler, errorAtom, isStepAction, liveButtons, setError, supportReference, type ErrorObject, type FlowContext } from '@join/shared';
import { useT } from '@join/shared/react';
import { Button, Modal } from '@join/shared/ui';
import { acknowledge } from './acknowledge';
import { helpOpenAtom } from './help-modal';

/**
 * Error pop-ups (SPEC 2): a title, the code when it is scalar (a numeric server code only,
 * as a reference for support: supportReference), a text, and up to two buttons. One mechanism for every button: an acknowledgement (SPEC 4) is run here; a step
 * action (Retry, Change card, Retry payment, Continue payment, Reset transfer...) is handed
 * to the handler the raising step registered with the error (reportError's `actions`). A
 * step action nobody handles is never offered (liveButtons), so no button is dead.
 */
const CODE_SLOT = '\u0001';

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

  // Only a numeric server code is a reference a customer can quote: a client key is not shown.
  const code = error ? supportReference(error.code) : null;
  // Bidi: the code (-2015) keeps its left-to-right order inside a right-to-left sentence, and
  // the title and text take the direction of their own words (dir="auto"), so a text still in
  // English on an Arabic page reads "Oh no!", not "!Oh no".
  const [codeBefore = '', codeAfter = ''] = t('error.code', { code: CODE_SLOT }).split(CODE_SLOT);
  return (
    <Modal
      open={Boolean(error)}
      // Escape answers with the primary button, as the pop-up's one answer (a fatal error has none: it just closes).
      onClose={() => error && void act(error, buttons[0]?.action ?? 'ok_clear_error')}
      title={error ? <span dir="auto">{error.title}</span> : ''}
      labelId="error-title"
      describedBy="error-text"
      role="alertdialog"
    >
      {error ? (
        <>
          {code !== null ? (
            <p className="muted" data-testid="error-code">
              {codeBefore}
              <bdi dir="ltr">{code}</bdi>
              {codeAfter}
            </p>
          ) : null}
          <p id="error-text" dir="auto">
            {error.text}
          </p>
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
