import type { ReactNode } from 'react';

/**
 * A placeholder shaped like what is coming (DESIGN "Loading"), so nothing shifts when it
 * arrives. Hidden from assistive technology: pair it with a text for screen readers
 * (SkeletonGroup's `label`, e.g. t('LOADING_MESSAGE_PLAN')). The shimmer stops under
 * prefers-reduced-motion.
 */
export function Skeleton({
  shape = 'text',
  lines = 1,
  className,
}: {
  /** text: a line of body text; title: a heading line; block: a box (an image, a field); circle: an icon; card: a plan card. */
  shape?: 'text' | 'title' | 'block' | 'circle' | 'card';
  /** For text: how many lines (the last one shorter). */
  lines?: number;
  className?: string;
}) {
  const classes = ['skeleton', `skeleton--${shape}`, className].filter(Boolean).join(' ');
  if (shape === 'text' && lines > 1) {
    return (
      <span className="skeleton-lines" aria-hidden="true">
        {Array.from({ length: lines }, (_, i) => (
          <span key={i} className={classes} />
        ))}
      </span>
    );
  }
  return <span className={classes} aria-hidden="true" />;
}

/** Skeletons with the one text a screen reader hears instead (a polite status). */
export function SkeletonGroup({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={['skeleton-group', className].filter(Boolean).join(' ')} role="status" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {children}
    </div>
  );
}
