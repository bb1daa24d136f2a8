import { lazy, Suspense, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { flowFlagsAtom } from '@join/shared';
import { useFocusStepHeading, useT } from '@join/shared/react';
import { accountApi } from '@join/shared/account';
import type { Stage } from '../stages/stage';

// Every stage has a form, so each carries react-hook-form and the account contract: they load
// when shown, which keeps this remote's first download (remoteEntry + this page) small.
const EmailStage = lazy(() => import('../stages/email-stage').then((m) => ({ default: m.EmailStage })));
const PasswordStage = lazy(() => import('../stages/password-stage').then((m) => ({ default: m.PasswordStage })));
const CodeStage = lazy(() => import('../stages/code-stage').then((m) => ({ default: m.CodeStage })));
const SetPasswordStage = lazy(() => import('../stages/set-password-stage').then((m) => ({ default: m.SetPasswordStage })));
const SignedInStage = lazy(() => import('../stages/signed-in-stage').then((m) => ({ default: m.SignedInStage })));

function StageView({ stage, onStage }: { stage: Stage; onStage: (s: Stage) => void }) {
  switch (stage.name) {
    case 'email':
      return <EmailStage stage={stage} onStage={onStage} />;
    case 'password':
      return <PasswordStage stage={stage} onStage={onStage} />;
    case 'code':
      return <CodeStage stage={stage} onStage={onStage} />;
    case 'set-password':
      return <SetPasswordStage stage={stage} onStage={onStage} />;
    case 'signed-in':
      return <SignedInStage stage={stage} onStage={onStage} />;
  }
}

/**
 * Where a visitor who is already logged in resumes (a reload, or back on /login from the
 * stepper): a code login that has not set its password yet goes on to the new password (the
 * issue's sequence); any other login shows who is logged in, with Continue.
 */
function useResume(setStage: (s: Stage) => void, initial: Stage | undefined): boolean {
  const loggedIn = useAtomValue(flowFlagsAtom)?.is_logged_in_via_email === true;
  const [resuming, setResuming] = useState(loggedIn && initial === undefined);
  useEffect(() => {
    if (!resuming) return;
    let live = true;
    accountApi
      .me()
      .then((me) => {
        if (!live) return;
        setStage(
          me.login_method === 'code' && !me.has_password
            ? { name: 'set-password', email: me.email }
            : { name: 'signed-in', email: me.email, method: me.login_method },
        );
      })
      // The session is no longer an account's (it expired): the e-mail stage, as for anyone.
      .catch(() => undefined)
      .finally(() => live && setResuming(false));
    return () => {
      live = false;
    };
  }, [resuming, setStage]);
  return resuming;
}

/**
 * /login: one route, a stage at a time (e-mail, password or code, new password). The stage is
 * this page's own state; a visitor already logged in resumes where their login stands (useResume).
 * Focus moves to the stage's heading on every change.
 */
export function LoginPage({ initial }: { initial?: Stage }) {
  const t = useT();
  const [stage, setStage] = useState<Stage>(initial ?? { name: 'email', email: '' });
  const resuming = useResume(setStage, initial);
  useFocusStepHeading(resuming ? 'resuming' : stage.name);
  if (resuming) return <p role="status">{t('LOADING_MESSAGE_ACCOUNT')}</p>;
  return (
    <section className="identity-login" aria-labelledby="step-heading" data-stage={stage.name}>
      {/* A new boundary per stage: the old stage goes at once (not kept hidden), so the focus
          lands on the new heading, not on the previous one. */}
      <Suspense key={stage.name} fallback={<p role="status">{t('LOADING_MESSAGE_ACCOUNT')}</p>}>
        <StageView stage={stage} onStage={setStage} />
      </Suspense>
    </section>
  );
}
