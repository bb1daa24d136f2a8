import { useT } from '@join/shared/react';
import { Button, StepHeading } from '@join/shared/ui';
import { finishLogin } from '../login-actions';
import { useAction } from '../hooks/use-action';
import type { StageProps } from './stage';

/**
 * A visitor who is already logged in and comes back to /login (the stepper, a reload after
 * logging in): who they are, and on. The flow moves on as after any login (the host routes).
 */
export function SignedInStage({ stage }: StageProps<'signed-in'>) {
  const t = useT();
  const go = useAction();
  return (
    <>
      <StepHeading>{t('STEP_TITLE_ACCOUNT')}</StepHeading>
      <div className="card identity-form">
        <p>{t('account.loggedIn', { email: stage.email })}</p>
        <Button busy={go.busy} onClick={() => void go.run(async () => finishLogin(stage.method))}>
          {t('account.continue')}
        </Button>
      </div>
    </>
  );
}
