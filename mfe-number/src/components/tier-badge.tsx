import { useT } from '@join/shared/react';
import { tierOf } from '../hold';

/** The VIP tier of a number as a text badge (never colour alone). */
export function TierBadge({ vanityLevelId }: { vanityLevelId: number }) {
  const t = useT();
  const tier = tierOf(vanityLevelId);
  if (!tier) return null;
  return <span className={`tier-badge tier-badge--${tier}`}>{t(`tier.${tier}`)}</span>;
}
