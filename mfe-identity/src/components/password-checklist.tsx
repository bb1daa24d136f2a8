import { Check, X } from 'lucide';
import { passwordChecks } from '@join/shared';
import { useT } from '@join/shared/react';
import { Icon } from '@join/shared/ui';

const RULES = [
  ['length', 'account.setPassword.ruleLength'],
  ['digit', 'account.setPassword.ruleDigit'],
  ['uppercase', 'account.setPassword.ruleUppercase'],
] as const;

/**
 * The SPEC 5 password rules as a live checklist (the kernel's passwordChecks, the same rules the
 * server applies). Each item says met / not met in words, not by colour or icon alone; the list
 * is a polite live region whose items are read whole when one changes ("One digit, met").
 */
export function PasswordChecklist({ password, id }: { password: string; id: string }) {
  const t = useT();
  const checks = passwordChecks(password);
  return (
    <div className="password-rules" id={id}>
      <p className="password-rules__title" id={`${id}-title`}>
        {t('account.setPassword.rules')}
      </p>
      <ul aria-live="polite" aria-labelledby={`${id}-title`}>
        {RULES.map(([rule, key]) => {
          const met = checks[rule];
          return (
            <li key={rule} aria-atomic="true" className={met ? 'password-rule password-rule--met' : 'password-rule'} data-met={met}>
              <Icon icon={met ? Check : X} />
              <span>{t(key)}</span>
              <span className="visually-hidden">, {met ? t('account.setPassword.met') : t('account.setPassword.notMet')}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
