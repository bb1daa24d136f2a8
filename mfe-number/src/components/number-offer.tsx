import type { PhoneNumber } from '@join/shared';
import { useT } from '@join/shared/react';
import { Button, PhoneNumberText } from '@join/shared/ui';
import { TierBadge } from './tier-badge';

/** A random number on offer: take it, or ask for another one. */
export function NumberOffer({
  offer,
  busy,
  onTake,
  onAnother,
}: {
  offer: PhoneNumber;
  busy: 'offer' | 'reserve' | null;
  onTake: () => void;
  onAnother: () => void;
}) {
  const t = useT();
  return (
    <div className="card number-offer">
      <h2 className="number-held__label">{t('number.offer')}</h2>
      <p className="number-display" dir="ltr">
        <PhoneNumberText msisdn={offer.MSISDN} />
      </p>
      <TierBadge vanityLevelId={offer.VanityLevelId} />
      <div className="number-actions">
        <Button onClick={onTake} busy={busy === 'reserve'} disabled={busy !== null}>
          {t('number.accept')}
        </Button>
        <Button variant="secondary" onClick={onAnother} busy={busy === 'offer'} disabled={busy !== null}>
          {t('number.another')}
        </Button>
      </div>
    </div>
  );
}
