import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLanguage, useT } from '@join/shared/react';
import { Alert, Button } from '@join/shared/ui';
import { accountApi } from '@join/shared/account';
import { signInWithGoogle, SignInFailure, type SignInFailureReason } from '../google-signin';
import { finishLogin } from '../login-actions';
import { useAction } from '../hooks/use-action';

const FAILURE_TEXT: Record<SignInFailureReason, string> = {
  cancelled: 'account.googleCancelled',
  blocked: 'account.googleBlocked',
  unverified: 'account.googleUnverified',
  failed: 'account.googleFailed',
};

/** The sign-in providers the API offers; asked once a page load, and silent when it fails (the e-mail path stays). */
export const providersKey = ['account', 'social-providers'] as const;

/**
 * The "or" divider and "Continue with Google" after the e-mail form (the e-mail stays the one
 * primary action), only when the API lists
 * Google (it is off by configuration otherwise). While the popup is open a status says where to
 * finish; a failure is explained in place with what to do (try again, or use the e-mail).
 */
export function GoogleSignIn() {
  const t = useT();
  const { language } = useLanguage();
  const providers = useQuery({
    queryKey: providersKey,
    queryFn: () => accountApi.socialProviders().then((r) => r.providers),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const google = providers.data?.find((p) => p.id === 'google');
  const { busy, run } = useAction();
  const [failure, setFailure] = useState<SignInFailureReason | null>(null);
  const abort = useRef<AbortController | null>(null);
  // Leaving the page closes a popup still open: its answer would have nowhere to go.
  useEffect(() => () => abort.current?.abort(), []);
  if (!google) return null;

  const start = () => {
    setFailure(null);
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    void run(
      async () => {
        const login = await signInWithGoogle(google, { language, signal: controller.signal });
        finishLogin(login.profile.login_method);
      },
      (err) => {
        if (!(err instanceof SignInFailure)) return false;
        if (!controller.signal.aborted) setFailure(err.reason);
        return true;
      },
    );
  };

  return (
    <div className="identity-social">
      <p className="identity-divider">
        <span>{t('account.or')}</span>
      </p>
      <Button variant="secondary" className="identity-social__google" busy={busy} onClick={start}>
        {t('account.google')}
      </Button>
      {/* Always in the page, so the change to "finish in the Google window" is announced. */}
      <p role="status" className="muted identity-social__status">
        {busy ? t('account.googleOpening') : ''}
      </p>
      {failure ? <Alert tone={failure === 'cancelled' ? 'info' : 'error'}>{t(FAILURE_TEXT[failure])}</Alert> : null}
    </div>
  );
}
