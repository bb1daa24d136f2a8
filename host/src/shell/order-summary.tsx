import { useSetAtom } from 'jotai';
import { formatAed, type FlowContext } from '@join/shared';
import { useLanguage, useT } from '@join/shared/react';
import { Button } from '@join/shared/ui';
import { SummaryDetails, useSelection } from './cart-summary';
import { summaryOpenAtom } from './summary-state';

/**
 * Wide screens: the summary stays in view in a column beside the step (sticky). It is drawn
 * on every route where the cart shows, empty or not, so the column never appears under the
 * visitor and pushes the step aside (CLS). CSS hides it below 1024 px.
 */
export function SummaryColumn({ ctx }: { ctx: FlowContext }) {
  const t = useT();
  return (
    <aside className="summary-column" aria-labelledby="summary-column-title">
      <h2 id="summary-column-title" className="summary-column__title">
        {t('cart.title')}
      </h2>
      <SummaryDetails ctx={ctx} />
    </aside>
  );
}

/**
 * Phones: a bar fixed to the bottom edge with the total and a button that opens the summary
 * sheet. It takes no room in the flow (the shell reserves its height at the end of the page
 * on these routes, so the last control, the step's primary button, scrolls clear of it) and
 * shows only once a plan or a number is chosen. CSS hides it from 1024 px. A complementary
 * landmark of its own name, "Total incl. VAT" (axe's `region`, the total was outside
 * any landmark); not the column's name, so the two stay unique wherever both are drawn.
 */
export function SummaryBar({ ctx }: { ctx: FlowContext }) {
  const t = useT();
  const { language } = useLanguage();
  const open = useSetAtom(summaryOpenAtom);
  const { count, total } = useSelection(ctx);
  if (count === 0) return null;
  return (
    <aside className="summary-bar" aria-label={t('summary.total')}>
      <p className="summary-bar__total">
        {total !== null ? (
          <>
            <span className="summary-bar__label">{t('summary.total')}</span>
            <strong className="summary__amount">{formatAed(total, language)}</strong>
          </>
        ) : (
          <span className="summary-bar__label">{t('cart.title')}</span>
        )}
      </p>
      <Button variant="secondary" aria-haspopup="dialog" onClick={() => open(true)}>
        {t('summary.show')}
      </Button>
    </aside>
  );
}
