import { ShieldCheck } from 'lucide';
import { useT } from '@join/shared/react';
import { Icon } from '@join/shared/ui';

/** DESIGN "Trust": who verifies the identity and what is kept, beside the scan. */
export function TrustNote() {
  const t = useT();
  return (
    <aside className="identity-trust">
      <Icon icon={ShieldCheck} className="identity-trust__icon" />
      <div>
        <p>{t('identity.trust.who')}</p>
        <p>{t('identity.trust.kept')}</p>
      </div>
    </aside>
  );
}
