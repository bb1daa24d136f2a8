import type { HTMLAttributes, ReactNode } from 'react';

/**
 * A surface that groups one thing (a plan, an offer, a failure with its action). No empty band
 * at the top: the first child's top margin and the last child's bottom margin are removed
 * (ui.css), so a heading or paragraph sits at the card's padding. `raised` adds the first shadow;
 * `tone="accent"` is the recommended/selected look.
 */
export function Card({
  as: Tag = 'div',
  raised = false,
  tone,
  className,
  children,
  ...rest
}: HTMLAttributes<HTMLElement> & {
  as?: 'div' | 'section' | 'article' | 'li' | 'aside';
  raised?: boolean;
  tone?: 'accent' | undefined;
  children: ReactNode;
}) {
  return (
    <Tag {...rest} className={['card', raised ? 'card--raised' : null, tone ? `card--${tone}` : null, className].filter(Boolean).join(' ')}>
      {children}
    </Tag>
  );
}
