import { useQuery } from '@tanstack/react-query';
import { Clock, MapPin, Store } from 'lucide';
import { ROUTES } from '@join/shared';
import { useFocusStepHeading, useLanguage, useT } from '@join/shared/react';
import { Button, Card, Icon, StepHeading } from '@join/shared/ui';
import { deliveryApi } from '@join/shared/delivery';
import { readDraft } from '../draft';
import { formatWhen } from '../format';
import { go, hashParam } from '../navigation';

/** The next opening: the address's ?next=<iso>, else the pin's coverage asked again (a refusal -128 carries none). */
function useNextOpening(): { next: string | null; loading: boolean } {
  const given = hashParam('next');
  const valid = given !== null && !Number.isNaN(Date.parse(given)) ? given : null;
  const pin = readDraft().pin;
  const coverage = useQuery({
    queryKey: ['delivery', 'coverage', pin?.lat, pin?.lng],
    queryFn: () => deliveryApi.coverage(pin!.lat, pin!.lng),
    enabled: valid === null && pin !== null,
    retry: false,
  });
  if (valid) return { next: valid, loading: false };
  const c = coverage.data;
  return { next: c?.status === 'closed' ? c.next_opening : null, loading: coverage.isLoading && pin !== null };
}

/**
 * /delivery-closed: delivery to the pin's zone is closed now (-128). When it opens again (day
 * and time in the page's language, UAE time), and the two ways on: collect in store instead, or
 * choose another place on the map.
 */
export function ClosedPage() {
  const t = useT();
  const { language } = useLanguage();
  const { next, loading } = useNextOpening();
  useFocusStepHeading('closed');
  return (
    <section className="delivery" aria-labelledby="step-heading">
      <StepHeading>{t('delivery.closed.title')}</StepHeading>
      <Card className="delivery-closed">
        <p className="delivery-closed__next">
          <Icon icon={Clock} className="delivery-area__icon" />
          <span>{loading ? t('delivery.area.checking') : next ? t('delivery.closed.next', { when: formatWhen(next, language, t) }) : t('delivery.closed.unknown')}</span>
        </p>
      </Card>
      <div className="delivery-actions">
        <Button icon={Store} onClick={() => go(ROUTES.storePickup)}>
          {t('delivery.closed.store')}
        </Button>
        <Button variant="secondary" icon={MapPin} onClick={() => go(ROUTES.submitDelivery)}>
          {t('delivery.closed.anotherPlace')}
        </Button>
      </div>
    </section>
  );
}
