import { useState } from 'react';
import { MapPin } from 'lucide';
import { bus } from '@join/shared';
import { useFocusStepHeading, useT } from '@join/shared/react';
import { Alert, Button, StepHeading } from '@join/shared/ui';
import { identityApi } from '@join/shared/identity';
import { canLocate, COUNTRY_POSITION, currentPosition, PositionError, type PositionFailure } from '@join/shared/display';
import { useAction } from '../hooks/use-action';

/** Where the check stands: before it, asking the browser, asking the server, or its answer. */
type Phase = 'ready' | 'locating' | 'inside' | 'outside' | PositionFailure;

/** Each answer the visitor can act on: its title and text keys (identity.location.*). */
const EXPLAINED: Readonly<Record<Exclude<Phase, 'ready' | 'locating' | 'inside'>, { title: string; text: string }>> = {
  outside: { title: 'identity.location.outside.title', text: 'identity.location.outside.text' },
  denied: { title: 'identity.location.denied.title', text: 'identity.location.denied.text' },
  unavailable: { title: 'identity.location.unavailable.title', text: 'identity.location.unavailable.text' },
  timeout: { title: 'identity.location.timeout.title', text: 'identity.location.timeout.text' },
  unsupported: { title: 'identity.location.unsupported.title', text: 'identity.location.unsupported.text' },
};

/**
 * /location_check (SPEC 2): activation needs the visitor to be in the UAE.
 * The page says why it asks, and asks the browser for the position only when the visitor
 * presses "Share my location" (never on load: the permission prompt comes with its reason on
 * screen). The server decides inside / outside by the country's boundary and keeps only that
 * answer; the page keeps nothing. Inside: the flow status is refreshed and the host moves on.
 * Outside, a refused permission, no position, a timeout and a browser without the API each get
 * their own explanation, announced (role=alert), with Try again where trying again can help.
 */
export function LocationPage() {
  const t = useT();
  const [phase, setPhase] = useState<Phase>(() => (canLocate() ? 'ready' : 'unsupported'));
  const action = useAction();
  // Focus back on the heading once an answer is on screen: the button the visitor pressed is
  // busy or gone by then, and the heading is where the page's story starts again.
  useFocusStepHeading(phase === 'locating' ? 'ready' : phase);

  const share = () =>
    void action.run(
      async () => {
        setPhase('locating');
        let position: { lat: number; lng: number };
        try {
          position = await currentPosition(COUNTRY_POSITION);
        } catch (err) {
          if (err instanceof PositionError) {
            setPhase(err.reason);
            return;
          }
          throw err;
        }
        // The server stores inside_uae; the call brings it to the flow status the host's guard reads.
        const { inside_uae } = await identityApi.checkLocation(position.lat, position.lng);
        setPhase(inside_uae ? 'inside' : 'outside');
        bus.emit('identity:location-checked', { inside: inside_uae });
      },
      // The API's failures go to the catalogue pop-up (its Retry runs the check again); the page
      // goes back to its start meanwhile.
      () => {
        setPhase('ready');
        return false;
      },
    );

  const explained = phase in EXPLAINED ? EXPLAINED[phase as keyof typeof EXPLAINED] : null;
  const canRetry = phase !== 'unsupported';
  return (
    <section className="identity-location" aria-labelledby="step-heading" data-phase={phase}>
      <StepHeading>{t('STEP_TITLE_LOCATION_CHECK')}</StepHeading>
      <p>{t('identity.location.why')}</p>
      <p className="muted">{t('identity.location.privacy')}</p>
      {explained ? (
        <Alert
          tone={phase === 'outside' ? 'warning' : 'error'}
          title={t(explained.title)}
          actions={
            canRetry ? (
              <Button variant="secondary" busy={action.busy} onClick={share}>
                {t('identity.location.tryAgain')}
              </Button>
            ) : null
          }
        >
          <p>{t(explained.text)}</p>
        </Alert>
      ) : null}
      {phase === 'inside' ? <Alert tone="success">{t('identity.location.inside')}</Alert> : null}
      {phase === 'ready' || phase === 'locating' ? (
        <div className="identity-actions">
          <Button icon={MapPin} busy={phase === 'locating'} onClick={share}>
            {t('identity.location.share')}
          </Button>
        </div>
      ) : null}
      <p className="identity-location__status" role="status">
        {phase === 'locating' ? t('identity.location.checking') : ''}
      </p>
    </section>
  );
}
