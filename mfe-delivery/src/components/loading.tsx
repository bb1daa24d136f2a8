import { useT } from '@join/shared/react';
import { Skeleton, SkeletonGroup } from '@join/shared/ui';

/** The step's skeleton while its data loads, with the step's loading text for screen readers. */
export function Loading() {
  const t = useT();
  return (
    <SkeletonGroup label={t('delivery.loading')} className="delivery-loading">
      <Skeleton shape="block" />
      <Skeleton shape="text" lines={3} />
    </SkeletonGroup>
  );
}
