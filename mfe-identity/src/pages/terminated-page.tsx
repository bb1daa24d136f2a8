import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { ROUTES, serverFlowContextAtom } from '@join/shared';
import { useLanguage, useT } from '@join/shared/react';
import { Button, Card, StepHeading } from '@join/shared/ui';
import { accountApi } from '@join/shared/account';
import { TextWithEmail } from '../components/email-line';
import { SupportContacts } from '../components/support-contacts';
import { go } from '../navigation';

/** A date as the page's language writes it; Latin digits in Arabic too, as the rest of the page. */
export function formatDay(ms: number, language: 'en' | 'ar'): string {
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-AE' : 'en-GB', { dateStyle: 'long', numberingSystem: 'latn' }).format(new Date(ms));
}

/**
 * /login/terminated (SPEC 2): the e-mail the visitor typed belongs to an account whose line was
 * terminated, and that account has no password login. The e-mail is the one the server recorded
 * in the flow context (terminated_email), never one from the address bar; the API lists that
 * e-mail's terminated numbers masked (and nothing for any other e-mail). What to do: another
 * e-mail, or contact the operator to reopen the account (the business config's support).
 */
export function TerminatedPage() {
  const t = useT();
  const { language } = useLanguage();
  const email = useAtomValue(serverFlowContextAtom)?.terminated_email ?? null;
  const numbers = useQuery({
    queryKey: ['account', 'terminated-numbers', email],
    queryFn: () => accountApi.terminatedNumbers(email ?? '').then((r) => r.numbers),
    enabled: email !== null,
  });
  const otherEmail = () => go(ROUTES.login);

  // The host's guard lets no one here without a terminated e-mail; a context cleared meanwhile
  // (another tab checked another e-mail) leaves nothing to explain.
  useEffect(() => {
    if (email === null) otherEmail();
  }, [email]);
  if (email === null) return null;

  return (
    <section className="identity-terminated" aria-labelledby="step-heading">
      <StepHeading>{t('account.terminated.title')}</StepHeading>
      <p>
        <TextWithEmail text="account.terminated.text" email={email} />
      </p>
      {numbers.data && numbers.data.length > 0 ? (
        <Card as="section" aria-labelledby="terminated-numbers">
          <h2 id="terminated-numbers" className="identity-subheading">
            {t('account.terminated.numbers')}
          </h2>
          <ul className="identity-numbers">
            {numbers.data.map((n) => (
              <li key={`${n.number_masked}-${n.terminated_at}`}>
                <bdi dir="ltr" className="identity-numbers__number">
                  {n.number_masked}
                </bdi>{' '}
                <span className="muted">{t('account.terminated.on', { date: formatDay(n.terminated_at, language) })}</span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      <h2 className="identity-subheading">{t('account.terminated.what')}</h2>
      <div className="identity-actions">
        <Button onClick={otherEmail}>{t('account.terminated.otherEmail')}</Button>
      </div>
      <SupportContacts
        id="terminated-contact"
        title={t('account.terminated.contact')}
        call={t('account.terminated.call')}
        write={t('account.terminated.write')}
      />
    </section>
  );
}
