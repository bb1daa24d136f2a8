import { useSetAtom } from 'jotai';
import { ArrowLeft, House } from 'lucide';
import { retailBack } from '@join/shared';
import { useT } from '@join/shared/react';
import { Icon } from '@join/shared/ui';
import { summaryOpenAtom } from '../shell/summary-state';
import { startOverOpenAtom } from './start-over-state';
import { wipeCustomer } from './wipe';
import './retail.css';

/**
 * The start of the retail header (SPEC 2; DESIGN "Retail": a neutral tone, targets of 48 px):
 * Back and Home as named icon buttons and the product's name as plain text (no link to the
 * visitor's home page). Back follows the flow contract's retailBack: from the plan step it wipes
 * the customer and leaves to the retail start, from the face scan it returns to the document scan,
 * elsewhere it closes the summary and goes to the plan step. Home asks "Start over?" (the retail
 * chrome's dialog).
 */
export function RetailHeaderStart({ pathname, navigate }: { pathname: string; navigate: (to: string) => void }) {
  const t = useT();
  const setCartOpen = useSetAtom(summaryOpenAtom);
  const askStartOver = useSetAtom(startOverOpenAtom);
  const goBack = () => {
    const r = retailBack(pathname);
    if (r.kind === 'leave-to-retail-start') {
      void wipeCustomer('back');
      return;
    }
    if (r.clearSummary) setCartOpen(false);
    navigate(r.to);
  };
  return (
    <>
      <button type="button" className="header__icon-btn" aria-label={t('header.back')} onClick={goBack}>
        <Icon icon={ArrowLeft} mirror size="1.5rem" />
      </button>
      <button type="button" className="header__icon-btn" aria-label={t('retail.header.home')} aria-haspopup="dialog" onClick={() => askStartOver(true)}>
        <Icon icon={House} size="1.5rem" />
      </button>
      <span className="header__brand">{t('app.title')}</span>
    </>
  );
}
