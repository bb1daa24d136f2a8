import { useEffect, useState, type CSSProperties } from 'react';
import { X } from 'lucide';
import { appsApi, type AppRatingEntry } from '@join/shared/apps';
import { useLanguage, useT } from '@join/shared/react';
import { Icon } from '@join/shared/ui';
import { bannerAllowedOn, writeDismissed } from './app-banner-rules';

/**
 * The app banner (SPEC 2's smart banner with the stores' ratings), the lazy part of the shell's
 * app-banner slot: the listings come from GET /cms/rating_list in the page's language (the store
 * names), each with its stars (a text for screen readers: "4.6 out of 5, 12,345 ratings") and a link
 * to the listing (configured by the operator; nothing is fetched from a store). Over the bottom of
 * the page (fixed: it takes no room and moves nothing), above the phone's summary bar. The close
 * button hides it for good on this device. A list that fails to load shows nothing: it is not
 * worth a pop-up.
 */
export default function AppBanner({ pathname, consentPanelOpen, onClosed }: { pathname: string; consentPanelOpen: boolean; onClosed: () => void }) {
  const hidden = consentPanelOpen || !bannerAllowedOn(pathname);
  const onClose = () => {
    writeDismissed();
    onClosed();
  };
  const t = useT();
  const { language } = useLanguage();
  const [ratings, setRatings] = useState<AppRatingEntry[] | null>(null);

  useEffect(() => {
    let live = true;
    appsApi.getRatingList().then(
      (answer) => live && setRatings(answer.ratings),
      () => live && setRatings([]),
    );
    return () => {
      live = false;
    };
    // Once: the store names follow the language the page had when it loaded (a switch reloads the texts, not the list).
  }, []);

  if (hidden || !ratings || ratings.length === 0) return null;
  const locale = language === 'ar' ? 'ar-AE' : 'en';
  const whole = new Intl.NumberFormat(locale, { numberingSystem: 'latn' });
  const tenths = new Intl.NumberFormat(locale, { numberingSystem: 'latn', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <section className="app-banner" aria-labelledby="app-banner-title">
      <button type="button" className="app-banner__close" aria-label={t('apps.dismiss')} onClick={onClose}>
        <Icon icon={X} />
      </button>
      <h2 id="app-banner-title" className="app-banner__title">
        {t('apps.title')}
      </h2>
      <p className="app-banner__text">{t('apps.text')}</p>
      <ul className="app-banner__stores">
        {ratings.map((r) => (
          <li key={r.store} className="app-banner__store">
            <a className="btn btn--secondary app-banner__link" href={r.url} target="_blank" rel="noopener noreferrer">
              {t('apps.get', { store: r.name })}
            </a>
            <span className="app-banner__rating" role="img" aria-label={t('apps.rating', { count: r.count, value: whole.format(r.count), rating: tenths.format(r.rating) })}>
              <span className="app-banner__stars" style={{ '--fill': `${(r.rating / 5) * 100}%` } as CSSProperties} />
              <span className="app-banner__figures">
                {tenths.format(r.rating)} · {whole.format(r.count)}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
