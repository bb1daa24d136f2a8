import { useFocusStepHeading, useT } from '@join/shared/react';
import { Button, StepHeading } from '@join/shared/ui';
import { useAction } from '../hooks/use-action';
import { logOut } from '../verification/logout';

/**
 * Under 18 (-10018): the path ends here, politely, on whichever screen of the check the answer
 * came. Nothing to retry and no way on; the visitor may log out or just leave. Announced and
 * its heading focused like every screen's.
 */
export function EndedPage() {
  const t = useT();
  const action = useAction();
  useFocusStepHeading('ended');
  return (
    <section className="identity-check identity-ended" aria-labelledby="step-heading">
      <div role="alert">
        <StepHeading>{t('identity.guidance.ended.title')}</StepHeading>
        <p>{t('identity.guidance.ended.next')}</p>
      </div>
      <div className="identity-actions">
        <Button variant="secondary" busy={action.busy} onClick={() => void action.run(logOut)}>
          {t('identity.guidance.ended.action')}
        </Button>
      </div>
    </section>
  );
}
