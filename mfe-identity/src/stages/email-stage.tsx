import { formSchema } from '@join/shared';
import { useT } from '@join/shared/react';
import { Button, StepHeading } from '@join/shared/ui';
import { TextField, useZodForm } from '@join/shared/forms';
import { accountApi, emailField } from '@join/shared/account';
import { GoogleSignIn } from '../components/google-button';
import { useAction } from '../hooks/use-action';
import type { StageProps } from './stage';

/** The e-mail form: SPEC 5's e-mail rule (the contract's field, which trims what was pasted). */
export const emailFormSchema = formSchema({ email: emailField() });

/**
 * First stage of /login: the e-mail. The e-mail check (SPEC 7) answers every e-mail alike
 * (nothing about an account before the e-mail is proven), so every e-mail goes on to
 * the same choice: its password, or a code e-mailed to it. Whether the e-mail is new, has no
 * password or belongs to a terminated account is learnt after the code (mfe-identity/README.md,
 * "An e-mail tells nothing before it is proven").
 */
export function EmailStage({ stage, onStage }: StageProps<'email'>) {
  const t = useT();
  const form = useZodForm(emailFormSchema, { email: stage.email });
  const { busy, run } = useAction();

  const submit = form.handleSubmit(({ email }) =>
    run(async () => {
      // Also closes /login/terminated of an e-mail proven before (a new e-mail is a new start).
      await accountApi.checkEmail(email);
      onStage({ name: 'password', email });
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
