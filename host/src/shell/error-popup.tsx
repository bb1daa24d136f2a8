import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Button, errorAtom, setError, recommendedRoute, refreshFlowStatus, useT, Modal, type ErrorButton, type FlowContext, setHeldNumber } from '@join/shared';

/** With no buttons, the pop-up falls back to OK and redirect (SPEC 8), except the fatal error. */
const FALLBACK: ErrorButton = { label: 'OK', action: 'ok_clear_error_redirect' };

/**
 * Error pop-ups (SPEC 2): a title, the code when it is scalar, a text, and up to two
 * buttons whose actions are the acknowledgements of SPEC 4.
 */
export function ErrorPopup({ ctx }: { ctx: FlowContext }) {
  const t = useT();
  const navigate = useNavigate();
  const error = useAtomValue(errorAtom);
  const buttons = error && error.buttons.length > 0 ? error.buttons.slice(0, 2) : error?.type === 'fatal_config' ? [] : [FALLBACK];

  const act = async (action: string) => {
    setError(null);
    switch (action) {
      case 'ok_clear_error_redirect':
      case 'clear_and_redirect':
        navigate('/');
        return;
      case 'ok_clear_error_get_status': {
        const flags = await refreshFlowStatus().catch(() => ctx.flags);
        setHeldNumber(null);
        navigate(recommendedRoute({ ...ctx, flags, navigatingInApp: true }));
        return;
      }
      case 'max_sims_redirect':
      case 'redirect_to_info_page':
        window.location.assign('/#/');
        return;
      default:
        // ok_clear_error, retry and the step-specific actions: the step that raised the
        // error listens for its own retry; the pop-up just clears.
        return;
    }
  };

  const code = error && (typeof error.code === 'number' || typeof error.code === 'string') ? error.code : null;
  return (
    <Modal
      open={Boolean(error)}
      onClose={() => void act(buttons[0]?.action ?? 'ok_clear_error')}
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
            {buttons.map((b) => (
              <Button key={b.action + b.label} onClick={() => void act(b.action)} variant={b === buttons[0] ? 'primary' : 'secondary'}>
                {b.label === 'OK' ? t('common.ok') : b.label}
              </Button>
            ))}
          </div>
        </>
      ) : null}
    </Modal>
  );
}
