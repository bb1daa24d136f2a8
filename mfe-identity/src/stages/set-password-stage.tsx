import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { formSchema, isApiError, passwordChecks } from '@join/shared';
import { useT } from '@join/shared/react';
import { Alert, Button, StepHeading } from '@join/shared/ui';
import { useZodForm } from '@join/shared/forms';
import { accountApi, passwordField } from '@join/shared/account';
import { PasswordField } from '../components/password-field';
import { PasswordChecklist } from '../components/password-checklist';
import { TextWithEmail } from '../components/email-line';
import { useAction } from '../hooks/use-action';
import { finishLogin } from '../login-actions';
import type { StageProps } from './stage';

/** The contract's password field: SPEC 5's rule, as the server checks it. */
export const setPasswordFormSchema = formSchema({ password: passwordField() });

const allMet = (password: string) => Object.values(passwordChecks(password)).every(Boolean);

/**
 * After a code login, an account without a password sets one (the visitor is already logged
 * in with the new session). The rules show as a live checklist; the button stays off until all
 * three are met, and a note beside it says why. An account that meanwhile got a password
 * (password_already_set) is simply logged in: the note says so and Continue goes on.
 */
export function SetPasswordStage({ stage }: StageProps<'set-password'>) {
  const t = useT();
  const form = useZodForm(setPasswordFormSchema, { password: '' });
  const password = useWatch({ control: form.control, name: 'password' });
  const { busy, run } = useAction();
  const [alreadySet, setAlreadySet] = useState(false);
  const ready = allMet(password);

  const submit = form.handleSubmit(({ password: chosen }) =>
    run(
      async () => {
        await accountApi.setPassword(chosen);
        finishLogin('code');
      },
      (err) => {
        if (isApiError(err) && err.messageType === 'password_already_set') {
          setAlreadySet(true);
          return true;
        }
        return false;
      },
    ),
  );
  const goOn = () => run(async () => finishLogin('code'));

  return (
    <>
      <StepHeading>{t('account.setPassword.title')}</StepHeading>
      <p>
        <TextWithEmail text="account.setPassword.intro" email={stage.email} />
      </p>
      {alreadySet ? (
        <Alert tone="success" actions={<Button busy={busy} onClick={() => void goOn()}>{t('account.continue')}</Button>}>
          {t('account.setPassword.alreadySet')}
        </Alert>
      ) : (
        <form className="card identity-form" onSubmit={(e) => void submit(e)} noValidate>
          <input type="email" name="username" autoComplete="username" value={stage.email} readOnly hidden />
          <PasswordField form={form} name="password" label={t('account.setPassword.label')} autoComplete="new-password" />
          <PasswordChecklist password={password} id="password-rules" />
          <Button type="submit" busy={busy} disabled={!ready} aria-describedby={ready ? undefined : 'password-not-ready'}>
            {t('account.setPassword.submit')}
          </Button>
          {ready ? null : (
            <p id="password-not-ready" className="muted identity-note">
              {t('account.setPassword.needsRules')}
            </p>
          )}
        </form>
      )}
    </>
  );
}
