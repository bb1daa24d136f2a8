import { Skeleton, SkeletonGroup } from '@join/shared/ui';

/** The shapes of a step's skeleton, top to bottom ('text' is a paragraph of three lines). */
export type LoadingShape = 'card' | 'block' | 'title' | 'text';

/**
 * A step's skeleton while its data loads (DESIGN "Loading"): shaped like what is coming, with the
 * step's loading text (`label`) for screen readers.
 */
export function StepLoading({ label, className, shapes }: { label: string; className: string; shapes: readonly LoadingShape[] }) {
  return (
    <SkeletonGroup label={label} className={className}>
      {shapes.map((shape, i) => (shape === 'text' ? <Skeleton key={i} shape="text" lines={3} /> : <Skeleton key={i} shape={shape} />))}
    </SkeletonGroup>
  );
}
