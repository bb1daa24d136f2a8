import type { ReactNode } from 'react';
import type { IconNode } from 'lucide';
import { Icon } from './icon';

export type BadgeTone = 'neutral' | 'accent' | 'success' | 'warning';

/** A short tag (validity, an offer, "Recommended"): text with an optional decorative icon. */
export function Badge({ tone = 'neutral', icon, className, children }: { tone?: BadgeTone; icon?: IconNode; className?: string; children: ReactNode }) {
  return (
    <span className={['badge', `badge--${tone}`, className].filter(Boolean).join(' ')}>
      {icon ? <Icon icon={icon} size="1em" /> : null}
      {children}
    </span>
  );
}
