import { Button, formSchema, isApiError, StepHeading, useT } from '@join/shared';
import { TextField, useZodForm } from '@join/shared/forms';
import { accountApi, emailField } from '@join/shared/account';
import { GoogleSignIn } from '../components/google-button';
import { useAction } from '../hooks/use-action';
import { requestCode, showTerminated } from '../login-actions';
import type { StageProps } from './stage';

/** The e-mail form: SPEC 5's e-mail rule (the contract's field, which trims what was pasted). */
export const emailFormSchema = formSchema({ email: emailField() });

/**
 * First stage of /login: the e-mail. The API says whether an account exists: one with a password
 * logs in with it; a new e-mail or an account without a password gets a code by e-mail; an
 * e-mail of a terminated account (without a password login) goes to /login/terminated.
 */
export function EmailStage({ stage, onStage }: StageProps<'email'>) {
  const t = useT();
  const form = useZodForm(emailFormSchema, { email: stage.email });
  const { busy, run } = useAction();

  const submit = form.handleSubmit(({ email }) =>
    run(async () => {
      const found = await accountApi.checkEmail(email);
      if (found.terminated && !found.has_password) return showTerminated();
      if (found.has_password) return onStage({ name: 'password', email });
      try {
        const { resendAfterS } = await requestCode(email);
        onStage({ name: 'code', email, resendAfterS });
      } catch (err) {
        // A line of the e-mail's account was terminated between the check and the send: follow
        // what the server says now.
        if (isApiError(err) && err.messageType === 'account_with_terminated_number') return showTerminated();
        throw err;
      }
    }),
  );

  return (
    <>
      <StepHeading>{t('account.title')}</StepHeading>
      <p>{t('account.intro')}</p>
      <form className="card identity-form" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          form={form}
          name="email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          dir="ltr"
          label={t('account.email')}
          hint={t('account.emailHint')}
        />
        <Button type="submit" busy={busy}>
          {t('account.continue')}
        </Button>
      </form>
      <GoogleSignIn />
    </>
  );
}
