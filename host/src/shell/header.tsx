import { lazy, Suspense, useEffect } from 'react';
import { useAtom } from 'jotai';
import { ShoppingBag } from 'lucide';
import { Link, useNavigate } from 'react-router-dom';
import { backRoute, cartOpensSummary, clearAnswersGoingBack, clearsOnBack, reportError, cartVisible, headerVariant, type FlowContext } from '@join/shared';
import { LanguageSwitch } from './language-switch';
import { useT } from '@join/shared/react';
import { Icon } from '@join/shared/ui';
import { CartSummary, useSelection } from './cart-summary';
import { cartLabel } from './cart-label';
import { summaryOpenAtom } from './summary-state';
import { loadRetailShell } from '../retail/load-retail';

/** The retail header's Back and Home: loaded only on a shop device, never in a visitor's download. */
const RetailHeaderStart = lazy(() => loadRetailShell().then((m) => ({ default: m.RetailHeaderStart })));

/**
 * Header (SPEC 2): plain on steps 1 and 7 and on installments, slanted otherwise; in retail
 * mode the retail header (src/retail/retail-header.tsx: Back and Home, no brand link to the
 * visitor's home page). A back control goes where the flow contract says: backRoute in the app,
 * retailBack in retail mode.
 * The cart is an icon with the count of items selected (number, plan, boosters), named with the
 * count for assistive technology; it opens the summary sheet only once a plan or a number is
 * selected (cartOpensSummary). On wide screens the summary also stays in view in a column, but the
 * cart still opens the sheet there: one behaviour at every width, and the same control the phone's
 * bottom bar opens.
 */
export function Header({ pathname, ctx }: { pathname: string; ctx: FlowContext }) {
  const t = useT();
  const navigate = useNavigate();
  const [cartOpen, setCartOpen] = useAtom(summaryOpenAtom);
  const { count, reviewing } = useSelection(ctx);
  // The sheet's state outlives the header in the store: a new header starts closed.
  useEffect(() => () => setCartOpen(false), [setCartOpen]);
  const hasSelection = cartOpensSummary(ctx.flags);
  const variant = headerVariant(pathname, Boolean(ctx.retail));
  const back = backRoute(pathname, ctx) !== null;
  const goBack = () => {
    const to = backRoute(pathname, ctx);
    if (!to) return;
    // SPEC 2: going back from here clears answers (the server clears them first, or the guard
    // would send the visitor straight back).
    if (clearsOnBack(pathname).length > 0) {
      clearAnswersGoingBack(pathname).then(
        () => navigate(to),
        (err: unknown) => reportError(err),
      );
      return;
    }
    navigate(to);
  };
  return (
    <header className={`header header--${variant}`}>
      <div className="header__start">
        {ctx.retail ? (
          <Suspense fallback={null}>
            <RetailHeaderStart pathname={pathname} navigate={navigate} />
          </Suspense>
        ) : null}
        {!ctx.retail && back ? (
          <button type="button" className="btn btn--link header__back" onClick={goBack}>
            <span aria-hidden="true" className="header__back-arrow">
              ←
            </span>{' '}
            <span className="header__back-label">{t('header.back')}</span>
          </button>
        ) : null}
        {ctx.retail ? null : (
          <Link to="/" className="header__brand" aria-label={t('header.home')}>
            <span aria-hidden="true">◆</span> {t('app.title')}
          </Link>
        )}
      </div>
      <div className="header__actions">
        <LanguageSwitch />
        {cartVisible(pathname) ? (
          <button
            type="button"
            className="header__cart"
            aria-haspopup="dialog"
            aria-disabled={!hasSelection}
            aria-label={cartLabel(t, hasSelection ? count : 0, reviewing?.name ?? null)}
            onClick={() => hasSelection && setCartOpen(true)}
          >
            <Icon icon={ShoppingBag} size="1.5rem" />
            {hasSelection && count > 0 ? (
              <span className="header__cart-count" aria-hidden="true">
                {count}
              </span>
            ) : null}
          </button>
        ) : null}
      </div>
      <CartSummary open={cartOpen} onClose={() => setCartOpen(false)} ctx={ctx} />
    </header>
  );
}
