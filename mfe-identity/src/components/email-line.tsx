import { useT } from '@join/shared/react';
import { Button } from '@join/shared/ui';

const SLOT = '\u0000';

/**
 * A text with the e-mail in it ({{email}}), the address isolated left to right (an Arabic
 * sentence keeps its order around it, and the address reads as typed).
 */
export function TextWithEmail({ text, email, params = {} }: { text: string; email: string; params?: Record<string, string | number> }) {
  const t = useT();
  const [before, after = ''] = t(text, { ...params, email: SLOT }).split(SLOT);
  return (
    <span>
      {before}
      <bdi dir="ltr" className="identity-email__address">
        {email}
      </bdi>
      {after}
    </span>
  );
}

/** The stage's sentence about the e-mail, with "Change e-mail" (back to the first stage, the address kept for editing). */
export function EmailLine({ email, onChange, text, params }: { email: string; onChange: () => void; text: string; params?: Record<string, string | number> }) {
  const t = useT();
  return (
    <p className="identity-email">
      <TextWithEmail text={text} email={email} {...(params ? { params } : {})} />{' '}
      <Button variant="link" onClick={onChange}>
        {t('account.changeEmail')}
      </Button>
    </p>
  );
}
