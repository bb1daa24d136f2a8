import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useLanguage } from '@join/shared/react';
import type { PlanCategory } from '@join/shared/plans';

export const tabId = (c: PlanCategory) => `plan-tab-${c}`;
export const panelId = (c: PlanCategory) => `plan-panel-${c}`;

/**
 * The plan categories as an ARIA tab list (automatic activation): arrow keys move between
 * tabs (mirrored in right-to-left), Home and End jump to the ends; only the selected tab is in
 * the tab order, so Tab goes on into the panel.
 */
export function CategoryTabs({
  categories,
  selected,
  onSelect,
  label,
  renderLabel,
}: {
  categories: readonly PlanCategory[];
  selected: PlanCategory;
  onSelect: (c: PlanCategory) => void;
  label: string;
  renderLabel: (c: PlanCategory) => ReactNode;
}) {
  const { language } = useLanguage();
  const refs = useRef(new Map<PlanCategory, HTMLButtonElement>());
  const move = (to: number) => {
    const next = categories[(to + categories.length) % categories.length];
    if (!next) return;
    onSelect(next);
    refs.current.get(next)?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = categories.indexOf(selected);
    const forward = language === 'ar' ? 'ArrowLeft' : 'ArrowRight';
    const back = language === 'ar' ? 'ArrowRight' : 'ArrowLeft';
    if (e.key === forward) move(i + 1);
    else if (e.key === back) move(i - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(categories.length - 1);
    else return;
    e.preventDefault();
  };
  return (
    <div role="tablist" aria-label={label} className="plan-tabs">
      {categories.map((c) => (
        <button
          key={c}
          ref={(el) => {
            if (el) refs.current.set(c, el);
            else refs.current.delete(c);
          }}
          type="button"
          role="tab"
          id={tabId(c)}
          aria-selected={c === selected}
          aria-controls={panelId(c)}
          tabIndex={c === selected ? 0 : -1}
          className="plan-tabs__tab"
          onClick={() => onSelect(c)}
          onKeyDown={onKeyDown}
        >
          {renderLabel(c)}
        </button>
      ))}
    </div>
  );
}
