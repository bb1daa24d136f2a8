import { i18n, sessionAtom, store, updateSession } from '@join/shared';
import { useT } from '@join/shared/react';
import { browserLocation } from './browser-location';

/**
 * The switch to the other language (English ↔ Arabic), named in that language: the header's, and
 * the retail screens' (a staff member chooses the shop device's language there). The page loads
 * again so the dictionary comes from the API in the new language; bundled English stays underneath.
 */
export function LanguageSwitch({ className = 'btn btn--link' }: { className?: string }) {
  const t = useT();
  const other = i18n.language() === 'ar' ? 'en' : 'ar';
  const switchLanguage = () => {
    updateSession({ ...store.get(sessionAtom), language: other });
    browserLocation.reload();
  };
  return (
    <button type="button" className={className} onClick={switchLanguage} lang={other}>
      {t('app.language.switch')}
    </button>
  );
}
