import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { cartVisible, headerVariant, i18n, numberAtom, savedPlanAtom, useT, type FlowContext, updateSession } from '@join/shared';
import { CartSummary } from './cart-summary';

/** Header: plain on steps 1 and 7 and on installments, slanted otherwise (SPEC 2). */
export function Header({ pathname, ctx }: { pathname: string; ctx: FlowContext }) {
  const t = useT();
  const [cartOpen, setCartOpen] = useState(false);
  const plan = useAtomValue(savedPlanAtom);
  const number = useAtomValue(numberAtom);
  const hasSelection = Boolean(plan || number);
  const variant = headerVariant(pathname, Boolean(ctx.retail));
  const switchLanguage = () => {
    const next = i18n.language() === 'ar' ? 'en' : 'ar';
    updateSession({ language: next });
    // Reload the dictionary from the API in the new language; bundled English stays underneath.
    window.location.reload();
  };
  return (
    <header className={`header header--${variant}`}>
      <Link to="/" className="header__brand" aria-label={t('header.home')}>
        <span aria-hidden="true">◆</span> {t('app.title')}
      </Link>
      <div className="header__actions">
        <button type="button" className="btn btn--link" onClick={switchLanguage} lang={i18n.language() === 'ar' ? 'en' : 'ar'}>
          {t('app.language.switch')}
        </button>
        {cartVisible(pathname) ? (
          <button
            type="button"
            className="btn btn--secondary header__cart"
            aria-haspopup="dialog"
            aria-disabled={!hasSelection}
            onClick={() => hasSelection && setCartOpen(true)}
          >
            {t('header.cart')}
            {!hasSelection ? <span className="visually-hidden">: {t('cart.empty')}</span> : null}
          </button>
        ) : null}
      </div>
      <CartSummary open={cartOpen} onClose={() => setCartOpen(false)} ctx={ctx} />
    </header>
  );
}
