import { useState } from 'react';
import { API_ERROR_CODES, formSchema, isApiError, textField, validateRequired, validationText } from '@join/shared';
import { useT } from '@join/shared/react';
import { Alert, Button, LiveRegion, StepHeading } from '@join/shared/ui';
import { useZodForm } from '@join/shared/forms';
import { accountApi, VERIFICATION_CODE_LENGTH } from '@join/shared/account';
import { PasswordField } from '../components/password-field';
import { EmailLine } from '../components/email-line';
import { accountErrorExtras } from '../account-errors';
import { useAction } from '../hooks/use-action';
import { deadlineIn, useSecondsLeft } from '../hooks/use-seconds-left';
import { DEFAULT_RESEND_AFTER_S, finishLogin, requestCode } from '../login-actions';
import type { StageProps } from './stage';

/** Any password may be tried (the rule applies when one is set): only not empty. */
export const passwordFormSchema = formSchema({ password: textField(validateRequired) });

/**
 * The stage after the e-mail, the same for every e-mail (the server says nothing about
 * an account before the e-mail is proven): the password of an account that has one, or a code
 * e-mailed to the address (a new visitor, an account without a password, a forgotten password,
 * and a terminated e-mail, which learns what it is after the code). A wrong e-mail or password is
 * one answer (-107, SPEC 8's "wrong email or password", never which part); after too many from
 * this address, the server locks the e-mail here for a while (429 with retry_after_s, or the
 * Retry-After header), shown as a live countdown with the button off until it ends; the code
 * stays open meanwhile.
 */
export function PasswordStage({ stage, onStage }: StageProps<'password'>) {
  const t = useT();
  const form = useZodForm(passwordFormSchema, { password: '' });
  const login = useAction();
  const code = useAction();
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);
  // Said once when the lock starts; the countdown itself is not read out every second.
  const [lockNotice, setLockNotice] = useState('');
  const secondsLeft = useSecondsLeft(lockedUntil);
  const locked = secondsLeft > 0;

  const submit = form.handleSubmit(({ password }) =>
    login.run(
      async () => {
        const r = await accountApi.login(stage.email, password);
        finishLogin(r.profile.login_method);
      },
      (err) => {
        if (isApiError(err) && err.messageType === 'login_credentials_error') {
          form.setError('password', { type: 'server', message: validationText('credentials') }, { shouldFocus: true });
          return true;
        }
        if (isApiError(err) && err.code === API_ERROR_CODES.rateLimited) {
          const s = accountErrorExtras(err).retry_after_s ?? DEFAULT_RESEND_AFTER_S;
          setLockedUntil(deadlineIn(s));
          setLockNotice(t('account.password.locked', { count: s }));
          return true;
        }
        return false;
      },
    ),
  );

  const withCode = () =>
    code.run(async () => {
      const { resendAfterS } = await requestCode(stage.email);
      onStage({ name: 'code', email: stage.email, resendAfterS });
    });

  return (
    <>
      <StepHeading>{t('account.method.title')}</StepHeading>
      <EmailLine text="account.method.intro" email={stage.email} onChange={() => onStage({ name: 'email', email: stage.email })} />
      <section aria-labelledby="login-with-password">
        <h2 id="login-with-password" className="identity-subheading">
          {t('account.method.password')}
        </h2>
        <form className="card identity-form" onSubmit={(e) => void submit(e)} noValidate>
          {/* Password managers pair the password with this account's e-mail. */}
          <input type="email" name="username" autoComplete="username" value={stage.email} readOnly hidden />
          <PasswordField form={form} name="password" label={t('account.password.label')} autoComplete="current-password" />
          {locked ? (
            <Alert tone="error" live={false}>
              <span role="timer">{t('account.password.locked', { count: secondsLeft })}</span> {t('account.method.lockedCode')}
            </Alert>
          ) : null}
          <Button type="submit" busy={login.busy} disabled={locked || code.busy}>
            {t('account.password.submit')}
          </Button>
        </form>
        <LiveRegion message={locked ? `${lockNotice} ${t('account.method.lockedCode')}` : ''} assertive />
      </section>
      <section aria-labelledby="login-with-code">
        <h2 id="login-with-code" className="identity-subheading">
          {t('account.method.code')}
        </h2>
        <p>{t('account.method.codeText', { length: VERIFICATION_CODE_LENGTH })}</p>
        <Button variant="secondary" busy={code.busy} disabled={login.busy} onClick={() => void withCode()}>
          {t('account.method.sendCode')}
        </Button>
      </section>
    </>
  );
}
