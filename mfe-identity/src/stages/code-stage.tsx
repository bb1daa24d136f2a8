import { useState } from 'react';
import { formSchema, isApiError, textField, validationText, type InputMask, type ValidationResult } from '@join/shared';
import { useT } from '@join/shared/react';
import { Alert, Button, StepHeading } from '@join/shared/ui';
import { TextField, useZodForm } from '@join/shared/forms';
import { ACCOUNT_ERROR_CODES, accountApi, VERIFICATION_CODE_LENGTH } from '@join/shared/account';
import { EmailLine, TextWithEmail } from '../components/email-line';
import { accountErrorExtras } from '../account-errors';
import { useAction } from '../hooks/use-action';
import { deadlineIn, useSecondsLeft } from '../hooks/use-seconds-left';
import { finishLogin, requestCode, showTerminated } from '../login-actions';
import type { StageProps } from './stage';

/** Digits only, six at most; complete (and then checked) at six. */
export const codeMask: InputMask = {
  format: (raw) => raw.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH),
  isComplete: (value) => value.length === VERIFICATION_CODE_LENGTH,
  maxLength: VERIFICATION_CODE_LENGTH,
  inputMode: 'numeric',
};

function validateCode(value: string): ValidationResult {
  if (value === '') return { valid: false, message: validationText('required') };
  return codeMask.isComplete(value) ? { valid: true } : { valid: false, message: validationText('wrongValue') };
}

export const codeFormSchema = formSchema({ code: textField(validateCode) });

/** A code that can no longer be used: a new one is needed (SPEC 8 "Code expired" and the attempts limit). */
type Problem = 'expired' | 'attempts';
const PROBLEM_TEXT: Record<Problem, string> = { expired: 'account.code.expired', attempts: 'account.code.attempts' };

/**
 * The code e-mailed to the address (a new visitor, an account without a password, or instead of
 * a password). A wrong code says how many tries are left; an expired or burnt code offers a new
 * one. Another code can be asked for once the server's wait has passed, shown as a countdown on
 * the button. Success is a new session; an account without a password then sets one. The right
 * code of a terminated e-mail is no login (409 account_with_terminated_number): the e-mail is
 * now proven, so the server has recorded it and /login/terminated says what it is.
 */
export function CodeStage({ stage, onStage }: StageProps<'code'>) {
  const t = useT();
  const form = useZodForm(codeFormSchema, { code: '' });
  const verify = useAction();
  const resend = useAction();
  const [resendAt, setResendAt] = useState(() => deadlineIn(stage.resendAfterS));
  const wait = useSecondsLeft(resendAt);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [sent, setSent] = useState(false);

  const submit = form.handleSubmit(({ code }) =>
    verify.run(
      async () => {
        const r = await accountApi.validateCode(stage.email, code).catch((err: unknown) => {
          if (isApiError(err) && err.messageType === 'account_with_terminated_number') return null;
          throw err;
        });
        // The new session is kept by the call itself (the server revoked the old one).
        if (r === null) return showTerminated();
        if (r.profile.has_password) finishLogin(r.profile.login_method);
        else onStage({ name: 'set-password', email: stage.email });
      },
      (err) => {
        if (!isApiError(err)) return false;
        if (err.code === ACCOUNT_ERROR_CODES.codeInvalid) {
          const left = accountErrorExtras(err).attempts_left;
          const message = left === undefined ? validationText('wrongValue') : t('account.code.wrong', { count: left });
          form.setError('code', { type: 'server', message }, { shouldFocus: true });
          return true;
        }
        if (err.code === ACCOUNT_ERROR_CODES.codeExpired || err.code === ACCOUNT_ERROR_CODES.codeAttempts) {
          setSent(false);
          setProblem(err.code === ACCOUNT_ERROR_CODES.codeExpired ? 'expired' : 'attempts');
          return true;
        }
        return false;
      },
    ),
  );

  const sendAgain = () =>
    resend.run(async () => {
      const r = await requestCode(stage.email);
      setResendAt(deadlineIn(r.resendAfterS));
      if (!r.sent) return;
      setProblem(null);
      setSent(true);
      form.reset({ code: '' });
      form.setFocus('code');
    });

  const resendButton = (
    <Button variant="secondary" busy={resend.busy} disabled={wait > 0} onClick={() => void sendAgain()}>
      {wait > 0 ? t('account.code.resendIn', { count: wait }) : t('account.code.resend')}
    </Button>
  );

  return (
    <>
      <StepHeading>{t('account.code.title')}</StepHeading>
      <EmailLine
        text="account.code.intro"
        params={{ length: VERIFICATION_CODE_LENGTH }}
        email={stage.email}
        onChange={() => onStage({ name: 'email', email: stage.email })}
      />
      <form className="card identity-form" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          form={form}
          name="code"
          autoComplete="one-time-code"
          label={t('account.code.label')}
          hint={t('account.code.noMail')}
          mask={codeMask}
          className="identity-code"
        />
        {problem ? (
          <Alert tone="error" title={t(PROBLEM_TEXT[problem])} actions={resendButton} />
        ) : null}
        <Button type="submit" busy={verify.busy} disabled={problem !== null}>
          {t('account.code.submit')}
        </Button>
      </form>
      {problem ? null : <div className="identity-resend">{resendButton}</div>}
      {/* Always in the page, so "a new code is on its way" is announced when it appears. */}
      <p role="status" className="identity-sent">
        {sent ? <TextWithEmail text="account.code.sent" email={stage.email} /> : null}
      </p>
    </>
  );
}
