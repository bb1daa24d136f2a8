import { lazy, Suspense, useState } from 'react';
import { useFocusStepHeading, useT } from '@join/shared';
import type { Stage } from '../stages/stage';

// Every stage has a form, so each carries react-hook-form and the account contract: they load
// when shown, which keeps this remote's first download (remoteEntry + this page) small.
const EmailStage = lazy(() => import('../stages/email-stage').then((m) => ({ default: m.EmailStage })));
const PasswordStage = lazy(() => import('../stages/password-stage').then((m) => ({ default: m.PasswordStage })));
const CodeStage = lazy(() => import('../stages/code-stage').then((m) => ({ default: m.CodeStage })));
const SetPasswordStage = lazy(() => import('../stages/set-password-stage').then((m) => ({ default: m.SetPasswordStage })));

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
  }
}

/**
 * /login: one route, a stage at a time (e-mail, password or code, new password). The stage is
 * this page's own state: a reload starts again at the e-mail, as the server keeps nothing
 * half-done but the code it sent. Focus moves to the stage's heading on every change.
 */
export function LoginPage({ initial = { name: 'email', email: '' } }: { initial?: Stage }) {
  const t = useT();
  const [stage, setStage] = useState<Stage>(initial);
  useFocusStepHeading(stage.name);
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
